import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useSession } from '../lib/auth-client';

/**
 * The login gate for member routes: a 'Loading...' spinner while the session is checked, the
 * page with a session, else /login (replacing this history entry and remembering where we were).
 */
export function RequireMember() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullScreenSpinner label="Loading..." />;
  if (!data) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}

/**
 * /signup and /login: a member who arrives with a session goes to the dashboard. Once the form
 * has been shown, a session that appears (the member just signed in) is left to the page, which
 * knows where to go next (/plan-selection after sign-up, or back to where the gate sent you from).
 */
export function GuestOnly() {
  const { data, isPending } = useSession();
  // Decided once, on the first settled session read of this visit.
  const [arrivedAs, setArrivedAs] = useState<'unknown' | 'guest' | 'member'>('unknown');
  if (arrivedAs === 'unknown' && !isPending) setArrivedAs(data ? 'member' : 'guest');
  if (arrivedAs === 'unknown') return <FullScreenSpinner label="Loading..." />;
  if (arrivedAs === 'member') return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
