import { MESSAGES } from '@domain/auth.schema';
import { paths } from '../../../config/paths';
import { safePath } from '../../../lib/safe-path';

/**
 * What an account form's action answers when it does not redirect (decision 0044): the fields it
 * gives back to the form (never a password), the message under each field it refused, and one
 * message for the whole form (the server's refusal: a wrong password, too many attempts...).
 */
export interface FormResult<F extends string = string> {
  values: Partial<Record<F, string>>;
  fieldErrors: Partial<Record<F, string>>;
  formError?: string | undefined;
}

/** The named fields of a posted form as strings ('' for a missing one or a file). */
export function formStrings<F extends string>(form: FormData, names: readonly F[]): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const name of names) {
    const value = form.get(name);
    out[name] = typeof value === 'string' ? value : '';
  }
  return out;
}

/** The first message per field of a schema's issues, as react-hook-form's zod resolver shows them. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in out)) out[field] = issue.message;
  }
  return out;
}

type Errors = Record<string, { message?: string | undefined } | undefined>;

/**
 * The errors a form shows: the browser's own check of the fields once the app runs (react-hook-form
 * with the same schema), else what the server's action answered (before the app runs, or after
 * the browser's check passed). 'All fields are required' is said once, above the fields.
 */
export function shownErrors(
  client: Errors,
  server: FormResult | undefined,
): { summary: string | undefined; field: (name: string) => string | undefined } {
  const fromClient = Object.values(client).some((e) => e?.message);
  const messages: Record<string, string | undefined> = fromClient
    ? Object.fromEntries(Object.entries(client).map(([k, e]) => [k, e?.message]))
    : (server?.fieldErrors ?? {});
  const missing = Object.values(messages).includes(MESSAGES.allFieldsRequired);
  return {
    summary: missing ? MESSAGES.allFieldsRequired : fromClient ? undefined : server?.formError,
    field: (name) => (messages[name] === MESSAGES.allFieldsRequired ? undefined : messages[name]),
  };
}

/** Where to go after signing in: `candidate` if it is a path of this app (lib/safe-path.ts), else the dashboard. */
export function safeReturnPath(candidate: string | null | undefined): string {
  return safePath(candidate) ?? paths.dashboard;
}
