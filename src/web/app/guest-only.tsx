import { Outlet, redirect } from 'react-router';
import { paths } from '../config/paths';
import { browserUser } from '../lib/session';
import type { Route } from './+types/guest-only';

/** /signup and /login: a member who asks for either goes to her dashboard (the server answers with the redirect). */
export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect(paths.dashboard);
  return { user: null };
}

/** The same in the browser, from the session the server last read (lib/session.ts). */
export async function clientLoader() {
  if (await browserUser()) throw redirect(paths.dashboard);
  return { user: null };
}

/**
 * Decided on arrival only: once the form has been shown, a session that appears (the member just
 * signed in) is left to the page, which knows where to go next (/plan-selection after sign-up, or
 * back to where the gate sent you from).
 */
export function shouldRevalidate() {
  return false;
}

export default function GuestOnlySection() {
  return <Outlet />;
}
