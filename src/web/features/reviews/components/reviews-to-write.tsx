import { MessageSquareQuote } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { ReviewableRental } from '@domain/reviews';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useMyReviews } from '../api/get-my-reviews';
import { onIntent } from '../../../lib/intent';

// The review form (its schema and react-hook-form) loads when she reaches for a piece's button.
const loadDialog = () => import('./review-form-dialog');
const ReviewFormDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReviewFormDialog })));

/** The dashboard's 'Tell us how it fit': returned pieces she has not reviewed yet (nothing when none). */
export function ReviewsToWrite() {
  const mine = useMyReviews();
  const [open, setOpen] = useState<ReviewableRental | null>(null);
  if (!mine.data) return null;
  const due = mine.data.rentals.filter((r) => r.reviewId === null);
  const done = mine.data.rentals.length - due.length;
  if (due.length === 0) return null;

  return (
    <section aria-labelledby="to-review-title" className="mt-12">
      <div className="flex items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Returned</p>
          <h2 id="to-review-title" className="mt-2 font-display text-3xl leading-tight">
            Tell us how it fit
          </h2>
          <p className="mt-2 text-sm text-taupe">
            Your review helps the next member choose her size.
            {done > 0 ? ` You have reviewed ${done} ${done === 1 ? 'piece' : 'pieces'}.` : ''}
          </p>
        </div>
        <MessageSquareQuote aria-hidden="true" className="hidden size-8 text-stone sm:block" />
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Pieces to review">
        {due.map((r) => (
          <li key={r.rentalId}>
            <article
              aria-label={r.itemName}
              className="flex items-center gap-4 rounded-md border border-linen/80 bg-ivory p-4 shadow-soft"
            >
              <Link to={paths.item(r.itemId)} className="shrink-0">
                <img src={r.imageUrl} alt="" className="size-20 rounded-sm bg-sand object-cover" loading="lazy" />
              </Link>
              <div className="min-w-0 flex-1">
                <p className="eyebrow">{r.brand}</p>
                <h3 className="mt-1 truncate font-display text-xl leading-tight">{r.itemName}</h3>
                <p className="mt-1 text-xs text-taupe">
                  Size {r.size} · {formatDate(r.startDate)} to {formatDate(r.endDate)}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                {...onIntent(loadDialog)}
                onClick={() => setOpen(r)}
                aria-label={`Write a review of ${r.itemName}`}
              >
                Write a review
              </Button>
            </article>
          </li>
        ))}
      </ul>
      {open && (
        <Suspense fallback={null}>
          <ReviewFormDialog rental={open} fit={mine.data.fit} open onOpenChange={(o) => !o && setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
