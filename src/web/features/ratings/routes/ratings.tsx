import { MessageSquareQuote, Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Rating, RentalRatings } from '@domain/ratings';
import { RATING_BLIND_DAYS, RATING_COMMENT_MAX, RATING_MESSAGES } from '@domain/ratings.rules';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Textarea } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stars } from '../../../components/ui/stars';
import { ApiClientError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { getRatingsQueryOptions, useRatings } from '../api/get-ratings';
import { useRateRental } from '../api/rate-rental';
import type { Route } from './+types/ratings';

const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getRatingsQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Ratings · Rentique',
    description: 'Rate the members you rented from or lent to, and read what they said about you.',
    noindex: true,
  });

/** /ratings (members): her returned rentals of members' pieces, as renter or lender, to rate and to read. */
export default function Component() {
  const ratings = useRatings();
  const rentals = ratings.data?.rentals ?? [];
  return (
    <div className="container-page max-w-3xl pb-24">
      <PageHeader eyebrow="Lending" title="Ratings">
        After a piece lent between members comes back, the renter rates the lender and the lender rates the renter.
        Neither sees the other’s rating until both have written, or {RATING_BLIND_DAYS} days have passed.
      </PageHeader>
      {ratings.isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Loading ratings">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : ratings.isError ? (
        <LoadError title="We couldn't load your ratings" onRetry={() => void ratings.refetch()} />
      ) : rentals.length === 0 ? (
        <EmptyState title="Nothing to rate yet" icon={<MessageSquareQuote className="size-8" aria-hidden="true" />}>
          When you rent a piece from another member, or one of yours comes back, you can rate each other here.
        </EmptyState>
      ) : (
        <ul className="space-y-5" aria-label="Rentals to rate">
          {rentals.map((r) => (
            <li key={r.rentalId}>
              <RatingCard rental={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RatingCard({ rental: r }: { rental: RentalRatings }) {
  const role = r.side === 'renter' ? `You rented it from ${r.otherName}` : `${r.otherName} rented it from you`;
  return (
    <article
      id={`rental-${r.rentalId}`}
      aria-label={r.itemName}
      className="scroll-mt-28 rounded-md border border-linen/80 bg-ivory p-5 shadow-soft md:p-6"
    >
      <p className="eyebrow">{role}</p>
      <h2 className="mt-1 font-display text-2xl leading-tight">{r.itemName}</h2>
      <p className="mt-1 text-sm text-stone">Back {formatDate(r.returnedAt)}</p>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold">Your rating of {r.otherName}</h3>
          {r.mine ? <RatingText rating={r.mine} /> : <RateForm rental={r} />}
        </div>
        <div>
          <h3 className="text-sm font-semibold">{r.otherName}’s rating of you</h3>
          {r.theirs ? (
            <RatingText rating={r.theirs} />
          ) : (
            <p className="mt-2 text-sm text-taupe">
              {r.theirsWaiting
                ? `${r.otherName} has rated you. You will see it once you have rated too, or on ${formatDate(r.revealAt)}.`
                : `Not written yet. Ratings show once both are in, or on ${formatDate(r.revealAt)}.`}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

function RatingText({ rating }: { rating: Rating }) {
  return (
    <div className="mt-2">
      <Stars rating={rating.stars} />
      {rating.comment && <p className="mt-2 text-sm whitespace-pre-line text-taupe">“{rating.comment}”</p>}
    </div>
  );
}

function RateForm({ rental }: { rental: RentalRatings }) {
  const rate = useRateRental();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const name = `stars-${rental.rentalId}`;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (stars < 1) {
      setError('Choose from 1 to 5 stars');
      return;
    }
    // mutateAsync: the refreshed list replaces this form with the rating, and the promise still settles.
    rate.mutateAsync({ rentalId: rental.rentalId, stars, ...(comment.trim() ? { comment } : {}) }).then(
      () => toast.success(RATING_MESSAGES.saved),
      (err: unknown) => setError(err instanceof ApiClientError ? err.message : 'Your rating could not be saved.'),
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-3" aria-label={`Rate ${rental.otherName}`}>
      <fieldset>
        <legend className="sr-only">Stars for {rental.otherName}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-sm p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink"
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={cn('size-7 transition-colors', n <= stars ? 'fill-gold text-gold' : 'text-linen')}
              />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block">
        <span className="sr-only">A few words (optional)</span>
        <Textarea
          value={comment}
          maxLength={RATING_COMMENT_MAX}
          onChange={(e) => setComment(e.target.value)}
          placeholder="A few words (optional)"
          rows={3}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" disabled={rate.isPending}>
        {rate.isPending ? 'Sending…' : 'Send rating'}
      </Button>
    </form>
  );
}
