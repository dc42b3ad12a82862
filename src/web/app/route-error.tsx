import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { paths } from '../config/paths';
import { ApiClientError } from '../lib/api-client';

/** The three parts of the app, each with its own error screen (decision 0014). */
export type Section = 'public' | 'member' | 'ops';

const SECTIONS: Record<Section, { home: string; homeLabel: string }> = {
  public: { home: paths.home, homeLabel: 'Return to Home' },
  member: { home: paths.dashboard, homeLabel: 'Go to your dashboard' },
  ops: { home: paths.ops, homeLabel: 'Back to today' },
};

/** What went wrong, in words a visitor can act on. */
function describe(error: unknown): string {
  if (isRouteErrorResponse(error))
    return error.status === 404
      ? 'This page does not exist.'
      : `The server answered ${error.status} ${error.statusText}.`;
  if (error instanceof ApiClientError) return error.message;
  // A page's code that could not be loaded: usually a new version was released meanwhile.
  if (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  ) {
    return 'Part of this page could not be loaded. Check your connection, or reload to get the latest version.';
  }
  return 'Something unexpected went wrong on this page. Trying again usually helps.';
}

/**
 * A section's error screen (public pages, member pages, the operations desk): shown in place of
 * the page that failed while the navigation around it stays, with a retry that renders the page
 * again (its code and failed data are fetched anew) and a way back to the section's start.
 */
export function SectionErrorBoundary({ section }: { section: Section }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const { reset } = useQueryErrorResetBoundary();
  const { home, homeLabel } = SECTIONS[section];
  const retry = () => {
    reset();
    // Navigating to the same place clears the router's error and renders the page again.
    void navigate(location, { replace: true });
  };
  return (
    <div role="alert" className="container-page py-24 text-center" data-section={section}>
      <p className="eyebrow mb-4">Something went wrong</p>
      <h1 className="text-display-md">This page could not be shown.</h1>
      <p className="mx-auto mt-4 max-w-md text-sm text-taupe">{describe(error)}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Button onClick={retry}>Try again</Button>
        <Button variant="outline" asChild>
          <Link to={home}>{homeLabel}</Link>
        </Button>
      </div>
    </div>
  );
}

/** Shown when the app's frame itself fails: a calm message, not a blank screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <div className="container-page py-24 text-center">
      <p className="eyebrow mb-4">Something went wrong</p>
      <h1 className="text-display-md">This page could not be shown.</h1>
      <p className="mx-auto mt-4 max-w-md text-sm text-taupe">{describe(error)}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <Button variant="outline" asChild>
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
