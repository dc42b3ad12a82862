import { Outlet } from 'react-router';
import { requireMember } from '../lib/page-data';
import { browserUser } from '../lib/session';
import { SectionErrorBoundary } from './route-error';
import type { Route } from './+types/member-section';

/**
 * The member pages (routes.ts), behind the one login gate (decision 0054): the server sends a
 * visitor who asks for one to /login?from=<the page> before anything is drawn; a member's page is
 * rendered with her data.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireMember(context, request) };
}

/**
 * The same gate for a navigation in the browser: a member goes on at once; anyone the browser
 * takes for a visitor is left to the server's gate (the loader above: /login?from=..., or on, when
 * she has just signed in and the browser has not heard yet).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const user = await browserUser();
  return user ? { user } : serverLoader();
}

export default function MemberSection() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SectionErrorBoundary section="member" />;
}
