import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { SsrHandle } from '../../../lib/ssr-handle';

/**
 * Rendered on the server with HTTP status 404. It reads nothing of the URL, so every unknown
 * path shares one cached render.
 */
export const handle: SsrHandle = { ssr: true, status: 404, cacheKey: () => 'not-found' };

/** Any path we do not know. */
export function Component() {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <title>Page not found · Rentique</title>
      <p className="font-display text-[7rem] leading-none font-medium text-linen md:text-[10rem]" aria-hidden="false">
        404
      </p>
      <h1 className="mt-2 text-display-md">Oops! Page not found</h1>
      <p className="mt-3 max-w-sm text-sm text-taupe">The piece you are looking for has moved on, or was never in the collection.</p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </section>
  );
}
