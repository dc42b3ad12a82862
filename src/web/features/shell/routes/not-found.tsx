import { Link, data } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/not-found';

/** Any path we do not know is answered with HTTP status 404 and this screen. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Page not found · Rentique',
    description: 'This page does not exist at Rentique.',
    noindex: true,
  });

/** Any path we do not know. */
export default function Component() {
  return <NotFound />;
}

/** The 404 screen, also shown by pages that find nothing at their address (an unknown item). */
export function NotFound() {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="font-display text-[7rem] leading-none font-medium text-linen md:text-[10rem]" aria-hidden="false">
        404
      </p>
      <h1 className="mt-2 text-display-md">Oops! Page not found</h1>
      <p className="mt-3 max-w-sm text-sm text-taupe">
        The piece you are looking for has moved on, or was never in the collection.
      </p>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </section>
  );
}
