import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** An unknown or non-numeric item id. */
export function ItemNotFound() {
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center py-24 text-center">
      <p className="eyebrow mb-3">Rentique</p>
      <h1 className="text-display-md">Item Not Found</h1>
      <p className="mt-3 max-w-sm text-sm text-taupe">
        This piece is no longer in the collection, or the link is wrong.
      </p>
      <Button asChild className="mt-8">
        <Link to={paths.browse}>Back to Browse</Link>
      </Button>
    </section>
  );
}

/** An item page whose piece could not be loaded (not a 404: the server or the network failed). */
export function ItemLoadError({ message }: { message: string }) {
  return (
    <div className="container-page py-24 text-center">
      <h1 className="text-display-md">This piece could not be loaded</h1>
      <p className="mt-3 text-sm text-taupe">{message}</p>
    </div>
  );
}
