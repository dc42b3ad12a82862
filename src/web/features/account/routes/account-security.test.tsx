import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/auth.schema';
import { ApiStub } from '../../../test/api-stub';
import { profile, subscription } from '../../../test/fixtures';
import { dismissToasts, renderPage, toasts } from '../../../test/render-page';
import AccountPage from './account';

/**
 * /account's password and e-mail forms: their checks, what is sent to /api/auth (better-auth's
 * routes, outside the OpenAPI schema: answered here by a plain fetch stub), and the refusals.
 */

vi.setConfig({ testTimeout: 30_000 });

/** better-auth's answers by path, and the JSON bodies it was sent. */
let authAnswers: Record<string, () => Response> = {};
let authSent: { path: string; body: unknown }[] = [];

// better-auth's client keeps the fetch it found when its module loaded: the stub is in place before any import.
vi.hoisted(() => {
  const auth = globalThis as { authFetch?: typeof fetch };
  globalThis.fetch = (input, init) => auth.authFetch!(input, init);
});

beforeEach(() => {
  authSent = [];
  authAnswers = {
    '/api/auth/change-password': () => Response.json({ token: null, user: {} }),
    '/api/auth/change-email': () => Response.json({ status: true }),
  };
  (globalThis as { authFetch?: typeof fetch }).authFetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    authSent.push({ path, body: request.method === 'GET' ? undefined : await request.json() });
    return authAnswers[path]?.() ?? Response.json({ message: 'Not found' }, { status: 404 });
  };
});

afterEach(() => {
  dismissToasts();
  cleanup();
});

function open() {
  const api = new ApiStub()
    .on('get', '/api/me', profile())
    .on('get', '/api/reviews/fit-details', {
      fit: { heightCm: null, bustCm: null, waistCm: null, hipsCm: null, usualSize: null },
      updatedAt: null,
    })
    .on('get', '/api/me/sessions', { sessions: [] })
    .on('get', '/api/plans/subscription', subscription());
  return renderPage(AccountPage, { path: '/account', api });
}

describe('changing the password', () => {
  const form = () => screen.getByRole('form', { name: 'Change password' });
  const field = (label: string) => within(form()).getByLabelText(label);
  async function fill(user: ReturnType<typeof open>['user'], current: string, next: string, again: string) {
    if (current) await user.type(field('Current password'), current);
    if (next) await user.type(field('New password'), next);
    if (again) await user.type(field('Confirm new password'), again);
    await user.click(within(form()).getByRole('button', { name: 'Change password' }));
  }

  it('empty: each field says what it needs; nothing is sent', async () => {
    const { user } = open();
    await screen.findByRole('form', { name: 'Change password' });
    await fill(user, '', '', '');
    await waitFor(() => expect(field('Current password')).toHaveAccessibleDescription('Enter your current password'));
    expect(field('New password')).toHaveAccessibleDescription(/Choose a new password/);
    expect(field('Confirm new password')).toHaveAccessibleDescription('Type the new password again');
    expect(authSent).toEqual([]);
  });

  it('a new password typed twice differently is refused', async () => {
    const { user } = open();
    await screen.findByRole('form', { name: 'Change password' });
    await fill(user, 'old-secret-1', 'new-secret-22', 'new-secret-23');
    await waitFor(() =>
      expect(field('Confirm new password')).toHaveAccessibleDescription(MESSAGES.passwordsDoNotMatch),
    );
    expect(authSent).toEqual([]);
  });

  it('sends the current and new password, signing other devices out; says so and empties the form', async () => {
    const { user } = open();
    await screen.findByRole('form', { name: 'Change password' });
    await fill(user, 'old-secret-1', 'new-secret-22', 'new-secret-22');
    await waitFor(() =>
      expect(toasts()).toEqual([
        'Your password has been changedAny other device signed in to your account has been signed out.',
      ]),
    );
    expect(authSent).toEqual([
      {
        path: '/api/auth/change-password',
        body: { currentPassword: 'old-secret-1', newPassword: 'new-secret-22', revokeOtherSessions: true },
      },
    ]);
    expect(field('Current password')).toHaveValue('');
  });

  it('a wrong current password is said beside it, without a toast', async () => {
    authAnswers['/api/auth/change-password'] = () =>
      Response.json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, { status: 400 });
    const { user } = open();
    await screen.findByRole('form', { name: 'Change password' });
    await fill(user, 'old-secret-9', 'new-secret-22', 'new-secret-22');
    await waitFor(() =>
      expect(field('Current password')).toHaveAccessibleDescription('That is not your current password.'),
    );
    expect(toasts()).toEqual([]);
  });

  it("a new password too easy to guess: the server's reason beside it", async () => {
    const reason = 'This password is too easy to guess: choose another.';
    authAnswers['/api/auth/change-password'] = () =>
      Response.json(
        {
          code: 'PASSWORD_TOO_WEAK',
          message: reason,
          error: { code: 'VALIDATION_FAILED', message: reason, issues: [{ path: 'password', message: reason }] },
        },
        { status: 400 },
      );
    const { user } = open();
    await screen.findByRole('form', { name: 'Change password' });
    await fill(user, 'old-secret-1', 'password123', 'password123');
    await waitFor(() => expect(field('New password')).toHaveAccessibleDescription(new RegExp(reason)));
  });
});

describe('changing the e-mail address', () => {
  const form = () => screen.getByRole('form', { name: 'Change email address' });
  const field = () => within(form()).getByLabelText('New email address');
  const send = () => within(form()).getByRole('button', { name: 'Send confirmation link' });

  it('refuses an empty address, one that is not one, and her own; nothing is sent', async () => {
    const { user } = open();
    await screen.findByRole('form', { name: 'Change email address' });
    await user.click(send());
    await waitFor(() => expect(field()).toHaveAccessibleDescription('Enter the new address'));
    await user.type(field(), 'willa@');
    await user.click(send());
    await waitFor(() => expect(field()).toHaveAccessibleDescription(MESSAGES.invalidEmail));
    await user.clear(field());
    await user.type(field(), 'WILLA@example.com');
    await user.click(send());
    await waitFor(() => expect(field()).toHaveAccessibleDescription('This is already your address.'));
    expect(authSent).toEqual([]);
  });

  it('sends the new address; says the change waits for the link, and how she signs in until then', async () => {
    const { user } = open();
    await screen.findByRole('form', { name: 'Change email address' });
    await user.type(field(), 'willa.new@example.com');
    await user.click(send());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'We sent a link to willa.new@example.com. Your address changes when you open it; until then you sign in with willa@example.com.',
    );
    expect(authSent.map((s) => s.path)).toEqual(['/api/auth/change-email']);
    expect(authSent[0]!.body).toMatchObject({ newEmail: 'willa.new@example.com' });
    expect(field()).toHaveValue('');
  });

  it("an address in use: the server's message beside the field", async () => {
    authAnswers['/api/auth/change-email'] = () =>
      Response.json({ code: 'USER_ALREADY_EXISTS', message: 'That address is in use.' }, { status: 422 });
    const { user } = open();
    await screen.findByRole('form', { name: 'Change email address' });
    await user.type(field(), 'nora@example.com');
    await user.click(send());
    await waitFor(() => expect(field()).toHaveAccessibleDescription('That address is in use.'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
