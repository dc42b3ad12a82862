import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/**
 * The login gate for member routes, in the browser. A document request for a member page is
 * decided by the server (the member section's loader sends a visitor to /login?from=...); after
 * that, a navigation inside the app is decided here: a 'Loading...' spinner while the session is
 * being read again (just after signing in or out), the page with a session, else /login
 * (replacing this history entry and remembering where we were).
 */
export function RequireMember() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending && !data) return <FullScreenSpinner label="Loading..." />;
  if (!data) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}

/**
 * /signup and /login: a member who arrives with a session goes to the dashboard (the server
 * redirects a document request; this covers a navigation inside the app). Once the form has been
 * shown, a session that appears (the member just signed in) is left to the page, which knows
 * where to go next (/plan-selection after sign-up, or back to where the gate sent you from).
 */
export function GuestOnly() {
  const { data, isPending } = useSession();
  // Decided once, on the first settled session read of this visit.
  const [arrivedAs, setArrivedAs] = useState<'unknown' | 'guest' | 'member'>(() =>
    isPending ? 'unknown' : data ? 'member' : 'guest',
  );
  if (arrivedAs === 'unknown' && !isPending) setArrivedAs(data ? 'member' : 'guest');
  if (arrivedAs === 'unknown') return <FullScreenSpinner label="Loading..." />;
  if (arrivedAs === 'member') return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
