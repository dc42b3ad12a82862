import { data, redirect, type AppLoadContext } from 'react-router';
import type { AuthClientError } from '../../../lib/auth-errors';
import type { FormResult } from './form-result';
import '../../../lib/load-context';

/** better-auth's answer to an account call: its response (with the session cookie), or its error. */
export type AuthApiResult = { ok: true; response: Response } | { ok: false; error: AuthClientError };

/**
 * Calls one of better-auth's endpoints (`/api/auth<path>`) in-process, as the browser that posted
 * the form (decision 0044): the page's load context forwards her cookie, origin, fetch metadata,
 * user agent and address, so the endpoint's own checks, rate limits and hooks apply as they do
 * to a call from the browser. An error comes back as better-auth's client would hand it over.
 */
export async function callAuthApi(
  context: AppLoadContext,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthApiResult> {
  const response = await context.apiFetch(
    new Request(new URL(`/api/auth${path}`, context.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  if (response.ok) return { ok: true, response };
  let error: AuthClientError = {};
  try {
    error = (await response.json()) as AuthClientError;
  } catch {
    error = {};
  }
  return { ok: false, error: { ...error, status: response.status } };
}

/** A redirect that hands the browser the cookies an account call set (a new or ended session). */
export function redirectWithCookies(to: string, from: Response): Response {
  const headers = new Headers();
  for (const cookie of from.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return redirect(to, { headers });
}

/** The form again, with what was refused: 400 for the fields, else the status the API answered. */
export function refused<F extends string>(result: FormResult<F>, status = 400) {
  return data(result, { status: status >= 400 && status < 600 ? status : 400 });
}
