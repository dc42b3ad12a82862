import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { OPS_MESSAGES } from '@domain/ops.rules';
import { Button } from '../../../components/ui/button';
import { FullScreenSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { isStaff, useSession } from '../../../lib/session';

/**
 * The gate of the operations desk (/ops and below): visitors go to /login?from=<here> (and come
 * back after signing in); members see 'Staff only'; staff get the desk. The API refuses the same
 * people (401 / 403), so this is only the friendly face of the rule. It lives in the desk's lazy
 * module, so no other page carries it.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullScreenSpinner label="Loading..." />;
  if (!data) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.login}?from=${encodeURIComponent(from)}`} replace state={{ from: location }} />;
  }
  if (!isStaff(data)) return <StaffOnly />;
  return children;
}

function StaffOnly() {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <ShieldAlert className="size-10 text-stone" aria-hidden="true" />
      <h1 className="mt-5 text-display-md">{OPS_MESSAGES.staffOnly}</h1>
      <p className="mt-3 max-w-md text-sm text-taupe">{OPS_MESSAGES.staffOnlyBody}</p>
      <Button asChild className="mt-8">
        <Link to={paths.dashboard}>Back to your account</Link>
      </Button>
    </section>
  );
}
