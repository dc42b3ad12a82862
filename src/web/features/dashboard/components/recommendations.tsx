import { Link } from 'react-router';
import type { CatalogueItemSummary } from '@domain/catalogue';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/format';

/** Three pieces for the member's gender that she has not rented yet. */
export function Recommendations({ items, loading }: { items: CatalogueItemSummary[] | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="recommended-heading">
      <p className="eyebrow">Chosen for you</p>
      <h2 id="recommended-heading" className="mt-2 text-display-md">
        Recommended pieces
      </h2>
      {loading || !items ? (
        <div className="mt-6 grid gap-6 sm:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[4/5]" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-taupe">
          You have rented everything we would suggest. New pieces arrive every month.
        </p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={paths.item(item.id)} className="group block">
                <div className="aspect-[4/3] overflow-hidden rounded-md bg-sand sm:aspect-[4/5]">
                  <img
                    src={item.imageUrl}
                    alt={item.imageAlt}
                    className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
                    loading="lazy"
                  />
                </div>
                <p className="eyebrow mt-4">{item.brand}</p>
                <h3 className="mt-1 font-display text-xl leading-tight group-hover:underline group-hover:decoration-linen group-hover:underline-offset-4">
                  {item.name}
                </h3>
                <div className="mt-2 flex items-center justify-between text-sm">
                  <span>{formatCents(item.rentalPriceCents)}/week</span>
                  <Stars rating={item.rating} reviewCount={item.reviewCount} className="[&_svg]:size-3.5" />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
