import { browserLoader, requireMember } from '../lib/page-data';
import { RequireMember } from './gate';
import { SectionErrorBoundary } from './route-error';
import type { Route } from './+types/member-section';

/**
 * The member pages (routes.ts). The server sends a visitor who asks for one to
 * /login?from=<the page> before anything is drawn; a member's page is rendered with her data.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  return null;
}

export const clientLoader = browserLoader;

export default function MemberSection() {
  return <RequireMember />;
}

export function ErrorBoundary() {
  return <SectionErrorBoundary section="member" />;
}
