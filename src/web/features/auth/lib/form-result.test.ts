import { describe, expect, it } from 'vitest';
import { MESSAGES, SignInSchema, SignUpSchema } from '@domain/auth.schema';
import { fieldErrorsOf, formStrings, safeReturnPath, shownErrors } from './form-result';

describe('safeReturnPath', () => {
  it('keeps a path of this app, with its query and hash', () => {
    expect(safeReturnPath('/favorites')).toBe('/favorites');
    expect(safeReturnPath('/browse?category=Dresses#top')).toBe('/browse?category=Dresses#top');
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash the browser reads as a slash', '/\\evil.example/'],
    ['a tab the browser drops', '/\t/evil.example/'],
    ['a newline the browser drops', '/\n/evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'favorites'],
    ['nothing', null],
    ['an empty string', ''],
  ])('sends %s to the dashboard', (_what, candidate) => {
    expect(safeReturnPath(candidate)).toBe('/dashboard');
  });
});

describe('the server-side check of a form', () => {
  it('reads the posted fields as strings, missing ones and files as empty', () => {
    const form = new FormData();
    form.set('email', 'a@example.com');
    form.set('password', new Blob(['x']));
    expect(formStrings(form, ['email', 'password', 'from'])).toEqual({
      email: 'a@example.com',
      password: '',
      from: '',
    });
  });

  it("gives each field the schema's first message, as the browser's check does", () => {
    const parsed = SignUpSchema.safeParse({
      fullName: 'A B',
      email: 'not an address',
      password: 'short',
      confirmPassword: 'short',
      gender: 'female',
    });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!.issues)).toEqual({
      email: MESSAGES.invalidEmail,
      password: MESSAGES.passwordTooShort,
    });
  });

  it('says passwords that differ under the confirmation', () => {
    const parsed = SignUpSchema.safeParse({
      fullName: 'A B',
      email: 'a@example.com',
      password: 'long enough',
      confirmPassword: 'long enougH',
      gender: 'female',
    });
    expect(fieldErrorsOf(parsed.error!.issues)).toEqual({ confirmPassword: MESSAGES.passwordsDoNotMatch });
  });
});

describe('shownErrors', () => {
  const server = {
    values: {},
    fieldErrors: { email: MESSAGES.allFieldsRequired, password: MESSAGES.allFieldsRequired },
    formError: undefined,
  };

  it("shows the server's answer before the browser has checked anything: 'All fields are required' once, above", () => {
    const shown = shownErrors({}, server);
    expect(shown.summary).toBe(MESSAGES.allFieldsRequired);
    expect(shown.field('email')).toBeUndefined();
  });

  it("shows the server's refusal of the whole form", () => {
    const shown = shownErrors({}, { values: {}, fieldErrors: {}, formError: 'Invalid email or password' });
    expect(shown.summary).toBe('Invalid email or password');
  });

  it("prefers the browser's own check once it has found something", () => {
    const parsed = SignInSchema.safeParse({ email: 'nope', password: 'x' });
    const client = Object.fromEntries(
      Object.entries(fieldErrorsOf(parsed.error!.issues)).map(([k, message]) => [k, { message }]),
    );
    const shown = shownErrors(client, { values: {}, fieldErrors: {}, formError: 'Invalid email or password' });
    expect(shown.summary).toBeUndefined();
    expect(shown.field('email')).toBe(MESSAGES.invalidEmail);
  });
});
