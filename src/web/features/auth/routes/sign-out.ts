import { redirect } from 'react-router';
import { paths } from '../../../config/paths';
import { authErrorMessage } from '../../../lib/auth-errors';
import { callAuthApi, redirectWithCookies } from '../lib/auth-api.server';
import type { Route } from './+types/sign-out';

/**
 * POST /sign-out: Sign Out's form before the app runs (decision 0044). better-auth ends the
 * session (in-process, as the browser that posted: a post from another site is refused by its
 * origin checks) and its expired cookie goes back to the browser with the redirect home. Once the
 * app runs, Sign Out does the same from the browser (lib/use-sign-out.ts) and says 'Logged out'.
 */
export async function action({ context }: Route.ActionArgs) {
  const result = await callAuthApi(context, '/sign-out', {});
  if (result.ok) return redirectWithCookies(paths.home, result.response);
  return new Response(authErrorMessage(result.error, 'Could not sign out. Please try again.'), {
    status: result.error.status ?? 500,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** A visit to /sign-out (not a post) changes nothing: home. */
export function loader() {
  return redirect(paths.home);
}
