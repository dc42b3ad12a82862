import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useRatings } from '../api/get-ratings';

/**
 * The dashboard's reminder to rate the other member of a returned exchange (docs/product.md,
 * "Ratings"): one line per rental she has not rated yet, each leading to /ratings. Nothing when
 * there is nothing to rate.
 */
export function RatingsToWrite() {
  const ratings = useRatings();
  const due = ratings.data?.rentals.filter((r) => r.mine === null) ?? [];
  if (due.length === 0) return null;

  return (
    <section
      aria-labelledby="to-rate-title"
      className="mt-12 rounded-md border border-linen/80 bg-ivory p-5 shadow-soft md:p-6"
    >
      <div className="flex items-start gap-4">
        <Star aria-hidden="true" className="mt-1 size-6 shrink-0 text-clay" />
        <div className="min-w-0 flex-1">
          <h2 id="to-rate-title" className="font-display text-2xl leading-tight">
            Rate your exchanges
          </h2>
          <p className="mt-1 text-sm text-taupe">
            Ratings stay hidden until you have both written, and help every member lend and rent with confidence.
          </p>
          <ul className="mt-4 divide-y divide-linen" aria-label="Exchanges to rate">
            {due.map((r) => (
              <li
                key={r.rentalId}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 text-sm"
              >
                <span className="min-w-0">
                  <span className="font-medium text-ink">{r.itemName}</span>
                  <span className="text-taupe">
                    {' '}
                    · {r.side === 'renter' ? `rented from ${r.otherName}` : `rented by ${r.otherName}`}
                  </span>
                </span>
                <Link
                  to={`${paths.ratings}#rental-${r.rentalId}`}
                  className="whitespace-nowrap font-medium text-ink underline underline-offset-4"
                >
                  Rate {r.otherName}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
