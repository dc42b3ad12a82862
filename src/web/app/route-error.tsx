import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { paths } from '../config/paths';

/** Shown when a page throws while rendering or loading: a calm message, not a blank screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
  return (
    <div className="container-page py-24 text-center">
      <p className="eyebrow mb-4">Something went wrong</p>
      <h1 className="text-display-md">This page could not be shown.</h1>
      <p className="mx-auto mt-4 max-w-md text-sm text-taupe">{message}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <Button variant="outline" asChild>
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    </div>
  );
}
