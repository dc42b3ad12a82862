import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiStub, apiError, noContent, StubReply, type ApiBody } from '../../../test/api-stub';
import { profile, subscription } from '../../../test/fixtures';
import { dismissToasts, renderPage, settle, toasts } from '../../../test/render-page';
import AccountPage from './account';

/** /account: her details, downloading her data and deleting her account (what is sent, what she is told). */

vi.setConfig({ testTimeout: 30_000 });

const EXPORT_NAME = 'rentique-my-data-2026-12-01.json';
let downloads: { href: string; download: string }[] = [];

beforeEach(() => {
  downloads = [];
  // jsdom has no object URLs and does not follow a download link: the link clicked is recorded instead.
  URL.createObjectURL = () => 'blob:http://localhost/export';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  dismissToasts();
  cleanup();
});

type Sessions = ApiBody<'get', '/api/me/sessions'>['sessions'];

const THIS_DEVICE: Sessions[number] = {
  id: 's-1',
  current: true,
  browser: 'Firefox',
  os: 'macOS',
  deviceType: 'desktop',
  signedInAt: '2026-11-01T10:00:00.000Z',
  lastActiveAt: '2026-12-01T10:00:00.000Z',
};
const PHONE: Sessions[number] = { ...THIS_DEVICE, id: 's-2', current: false, browser: 'Safari', os: 'iOS' };

function open(sessions: Sessions = [THIS_DEVICE]) {
  const api = new ApiStub()
    .on('get', '/api/me', profile())
    .on('get', '/api/reviews/fit-details', {
      fit: { heightCm: null, bustCm: null, waistCm: null, hipsCm: null, usualSize: null },
      updatedAt: null,
    })
    .on('get', '/api/me/sessions', { sessions })
    .on('get', '/api/plans/subscription', subscription())
    .on('patch', '/api/me', ({ body }) => profile({ ...body }))
    .on(
      'get',
      '/api/me/export',
      new StubReply(
        () =>
          new Response(JSON.stringify({ profile: {} }), {
            headers: {
              'content-type': 'application/json',
              'content-disposition': `attachment; filename="${EXPORT_NAME}"`,
            },
          }),
      ),
    );
  return renderPage(AccountPage, { path: '/account', api });
}

const details = () => screen.getByRole('form', { name: 'Your details' });

describe('your details', () => {
  it('Save is offered once something changed; an empty name is refused and nothing is sent', async () => {
    const { api, user } = open();
    const name = within(await screen.findByRole('form', { name: 'Your details' })).getByLabelText('Full name');
    expect(name).toHaveValue('Willa Member');
    const save = within(details()).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.clear(name);
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(name).toHaveAccessibleDescription('Enter your full name'));
    expect(api.writes()).toEqual([]);
  });

  it('saves the name and gender changed, and says so', async () => {
    const { api, user } = open();
    const form = await screen.findByRole('form', { name: 'Your details' });
    await user.clear(within(form).getByLabelText('Full name'));
    await user.type(within(form).getByLabelText('Full name'), 'Willa Stone');
    await user.selectOptions(within(form).getByLabelText('Gender'), 'other');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts()).toEqual(['Your details have been saved']));
    expect(api.bodiesSent('patch', '/api/me')).toEqual([{ fullName: 'Willa Stone', gender: 'other' }]);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled());
  });

  it("the API's refusal of a field is shown beside it, without a toast", async () => {
    const { api, user } = open();
    api.on(
      'patch',
      '/api/me',
      apiError(400, 'VALIDATION_FAILED', 'Invalid body: fullName', {}, [
        { path: 'fullName', message: 'Use letters in your name' },
      ]),
    );
    const form = await screen.findByRole('form', { name: 'Your details' });
    await user.type(within(form).getByLabelText('Full name'), '!');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Full name')).toHaveAccessibleDescription('Use letters in your name'),
    );
    await settle(); // an error toast is drawn once sonner has loaded
    expect(toasts()).toEqual([]);
  });
});

describe('signed-in devices', () => {
  it('this device alone: nothing to sign out', async () => {
    open();
    expect(await screen.findByText('This is the only device signed in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out of all other devices' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Sign out Firefox/ })).toBeNull();
  });

  it('signs one other device out, by its session, and says which', async () => {
    const { api, user } = open([THIS_DEVICE, PHONE]);
    api.on('delete', '/api/me/sessions/{sessionId}', noContent());
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(toasts()).toEqual(['Signed outSafari on iOS is no longer signed in.']));
    expect(api.writes()).toEqual(['DELETE /api/me/sessions/s-2']);
  });

  it('signs every other device out and says how many', async () => {
    const { api, user } = open([THIS_DEVICE, PHONE, { ...PHONE, id: 's-3', browser: 'Chrome', os: 'Android' }]);
    api.on('post', '/api/me/sessions/sign-out-others', { ended: 2 });
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other devices' }));
    await waitFor(() => expect(toasts()).toEqual(['Signed out everywhere else2 devices were signed out.']));
    expect(api.writes()).toEqual(['POST /api/me/sessions/sign-out-others']);
  });
});

describe('your data', () => {
  it('downloads the file the API names, and says so', async () => {
    const { api, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(toasts()).toEqual([`Your data is downloading${EXPORT_NAME}`]));
    expect(api.callsTo('get', '/api/me/export')).toHaveLength(1);
    expect(downloads).toEqual([{ href: 'blob:http://localhost/export', download: EXPORT_NAME }]);
  });

  it('a refused download is said, and nothing is saved', async () => {
    const { api, user } = open();
    api.on('get', '/api/me/export', apiError(429, 'RATE_LIMITED', 'You can download your data 3 times a day.'));
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(toasts()).toEqual(['ErrorYou can download your data 3 times a day.']));
    expect(downloads).toEqual([]);
  });
});

describe('deleting the account', () => {
  async function openDialog(page: ReturnType<typeof open>) {
    await page.user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    return screen.findByRole('dialog', { name: 'Delete your account?' });
  }
  const password = (dialog: HTMLElement) => within(dialog).getByLabelText('Password');

  it('says a paid plan ends with the account and what was paid is not refunded', async () => {
    open();
    expect(await screen.findByTestId('plan-term-note')).toHaveTextContent(
      'Your Monthly plan ends with your account: nothing more is charged, and the time already paid for (to Dec 15, 2026) is not refunded.',
    );
  });

  it('asks for the password; a wrong one is said beside it', async () => {
    const page = open();
    page.api.on('delete', '/api/me', apiError(403, 'FORBIDDEN', 'That is not your password.'));
    const dialog = await openDialog(page);
    await page.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(password(dialog)).toHaveAccessibleDescription('Enter your password');
    expect(page.api.writes()).toEqual([]);
    await page.user.type(password(dialog), 'not-it');
    await page.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(password(dialog)).toHaveAccessibleDescription('That is not your password.'));
    expect(page.api.bodiesSent('delete', '/api/me')).toEqual([{ password: 'not-it' }]);
  });

  it('a rental out refuses it, with the reason', async () => {
    const page = open();
    const reason = 'You have a rental out: return it before deleting your account.';
    page.api.on(
      'delete',
      '/api/me',
      apiError(409, 'CONFLICT', reason, { openRentals: 1, unsentReservations: [], rentedOutListings: [] }),
    );
    const dialog = await openDialog(page);
    await page.user.type(password(dialog), 'secret-pass');
    await page.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('bookings not sent yet are offered to cancel with it; confirming deletes, leaves the page and says goodbye', async () => {
    const page = open();
    page.api.on('delete', '/api/me', ({ body }) =>
      body?.cancelReservations
        ? new StubReply(() => new Response(null, { status: 204 }))
        : apiError(409, 'CONFLICT', 'You have bookings not sent yet.', {
            openRentals: 0,
            rentedOutListings: [],
            unsentReservations: [
              {
                rentalId: 1,
                name: 'Silk Tea Dress',
                startDate: '2026-12-05',
                refundCents: 2_500,
                coveredByPlan: false,
              },
              { rentalId: 2, name: 'Wool Coat', startDate: '2026-12-09', refundCents: 0, coveredByPlan: true },
            ],
          }),
    );
    const dialog = await openDialog(page);
    await page.user.type(password(dialog), 'secret-pass');
    await page.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const offer = await within(dialog).findByTestId('unsent-offer');
    expect(offer).toHaveTextContent('You have 2 bookings we have not sent yet:');
    expect(offer).toHaveTextContent('Silk Tea Dress, starting Dec 5, 2026: $25.00 refunded in full to your card');
    expect(offer).toHaveTextContent('Wool Coat, starting Dec 9, 2026: included in your plan, nothing to refund');
    await page.user.click(within(dialog).getByRole('button', { name: 'Cancel the bookings and delete' }));
    await waitFor(() => expect(page.location()).toBe('/'));
    expect(page.api.bodiesSent('delete', '/api/me')).toEqual([
      { password: 'secret-pass' },
      { password: 'secret-pass', cancelReservations: true },
    ]);
    await waitFor(() => expect(toasts()).toEqual(['Your account has been deletedThank you for wearing Rentique.']));
  });

  it('Keep my account closes the dialog and sends nothing', async () => {
    const page = open();
    const dialog = await openDialog(page);
    await page.user.type(password(dialog), 'secret-pass');
    await page.user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(page.api.writes()).toEqual([]);
  });
});
