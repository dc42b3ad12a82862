import { useState, type ReactNode } from 'react';
import type { Category, Size } from '@domain/catalogue.rules';
import { OCCASION_LABELS } from '@domain/catalogue.rules';
import { FIT_LABELS, FITS, fitHeadline, type FitSummary } from '@domain/reviews.rules';
import type { Review } from '@domain/reviews';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { RatingSummary, Stars } from '../../../components/ui/stars';
import { cn } from '../../../lib/cn';
import { formatCount, formatDate } from '../../../lib/format';
import { useItemReviews } from '../api/get-item-reviews';
import { SizeAdvice } from './size-advice';
import { SizeGuideDialog } from './size-guide-dialog';

interface ItemLike {
  id: number;
  category: Category;
  gender: 'Women' | 'Men';
  rating: number;
  reviewCount: number;
}

/**
 * The item page's reviews: the rating, the fit summary ("60% say true to size"), size advice from
 * members like her, the size guide, and the reviews newest first with their photos, by size.
 */
export function ItemReviews({ item }: { item: ItemLike }) {
  const [size, setSize] = useState<Size | undefined>(undefined);
  const all = useItemReviews(item.id);
  const shown = useItemReviews(item.id, size);
  const first = all.data?.pages[0];
  const reviews = shown.data?.pages.flatMap((p) => p.reviews) ?? [];

  return (
    <section aria-labelledby="reviews-title" className="mt-20 border-t border-linen pt-12 md:mt-24">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="eyebrow">Reviews</p>
          <h2 id="reviews-title" className="mt-2 text-display-md">
            Fit and feedback
          </h2>
          <div className="mt-3 text-sm text-taupe">
            <RatingSummary rating={first?.rating ?? item.rating} reviewCount={first?.reviewCount ?? item.reviewCount} />
          </div>
        </div>
        <SizeGuideDialog category={item.category} gender={item.gender} />
      </div>

      <div className="mt-10 grid gap-10 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-16">
        <div className="space-y-6">
          <FitSummaryPanel summary={first?.fitSummary} loading={all.isPending} />
          <SizeAdvice itemId={item.id} />
        </div>

        <div>
          {first && first.sizes.length > 0 && (
            <div role="group" aria-label="Show reviews by size worn" className="mb-6 flex flex-wrap gap-2">
              <SizeChip active={size === undefined} onClick={() => setSize(undefined)}>
                All sizes
              </SizeChip>
              {first.sizes.map((s) => (
                <SizeChip key={s.size} active={size === s.size} onClick={() => setSize(s.size)}>
                  Size {s.size} <span className="text-stone">({s.reviews})</span>
                </SizeChip>
              ))}
            </div>
          )}
          {shown.isPending ? (
            <div role="status" className="space-y-4" aria-busy="true" aria-label="Loading reviews">
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
            </div>
          ) : shown.isError ? (
            <EmptyState title="Reviews could not be loaded">
              <Button variant="link" onClick={() => void shown.refetch()}>
                Try again
              </Button>
            </EmptyState>
          ) : reviews.length === 0 ? (
            <NoWrittenReviews
              starRatings={size === undefined ? (first?.reviewCount ?? item.reviewCount) : 0}
              size={size}
            />
          ) : (
            <>
              <ul className="divide-y divide-linen border-y border-linen" aria-label="Member reviews">
                {reviews.map((r) => (
                  <li key={r.id}>
                    <ReviewCard review={r} />
                  </li>
                ))}
              </ul>
              {shown.hasNextPage && (
                <Button
                  variant="subtle"
                  size="sm"
                  className="mt-6"
                  disabled={shown.isFetchingNextPage}
                  onClick={() => void shown.fetchNextPage()}
                >
                  {shown.isFetchingNextPage ? 'Loading...' : 'More reviews'}
                </Button>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * No written review to show. A house piece's first stars came with the house catalogue (its seed
 * rating and count, docs/product.md "Rating and count"): say so, rather than showing "128 reviews"
 * above a list that says there are none.
 */
export function NoWrittenReviews({ starRatings, size }: { starRatings: number; size?: Size | undefined }) {
  if (size !== undefined) {
    return (
      <EmptyState title={`No reviews from members who wore size ${size}`}>
        <p>Choose All sizes to read every review of this piece.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState title={starRatings > 0 ? 'No written reviews yet' : 'No member reviews yet'}>
      {starRatings > 0 && (
        <p>
          Its {starRatings === 1 ? 'star rating' : `${formatCount(starRatings)} star ratings`} came with our house
          catalogue, before members wrote reviews.
        </p>
      )}
      <p className={starRatings > 0 ? 'mt-2' : undefined}>
        Members who rent this piece can review it once it is back with us: how it fit, the size they wore, and photos.
      </p>
    </EmptyState>
  );
}

function SizeChip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'h-9 cursor-pointer rounded-full border px-4 text-[0.8rem] tracking-wide transition-colors',
        active
          ? 'border-ink bg-ink text-ivory [&_span]:text-ivory/70'
          : 'border-linen bg-ivory text-ink hover:border-ink/60',
      )}
    >
      {children}
    </button>
  );
}

function FitSummaryPanel({ summary, loading }: { summary: FitSummary | undefined; loading: boolean }) {
  if (loading) return <Skeleton className="h-40" />;
  const headline = summary ? fitHeadline(summary) : null;
  return (
    <div className="rounded-md bg-sand/50 p-5" role="region" aria-labelledby="fit-summary-title">
      <p className="eyebrow">How it fits</p>
      <h3 id="fit-summary-title" className="mt-2 font-display text-2xl leading-tight">
        {headline ?? 'No fit reports yet'}
      </h3>
      {summary && summary.reviews > 0 ? (
        <>
          <ul className="mt-4 space-y-2.5 text-sm" aria-label="Fit answers">
            {FITS.map((f) => {
              const pct = Math.round((summary.counts[f] * 100) / summary.reviews);
              return (
                <li key={f}>
                  <div className="flex justify-between">
                    <span className="text-taupe">{FIT_LABELS[f]}</span>
                    <span className="tabular-nums">{pct}%</span>
                  </div>
                  <div className="mt-1 h-1 rounded-full bg-linen" aria-hidden="true">
                    <div className="h-1 rounded-full bg-ink" style={{ width: `${pct}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="mt-3 text-xs text-taupe">
            From {summary.reviews} member {summary.reviews === 1 ? 'review' : 'reviews'}.
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-taupe">Renters tell us how each piece fit once it is back.</p>
      )}
    </div>
  );
}

function ReviewCard({ review: r }: { review: Review }) {
  return (
    <article className="py-6" aria-label={`Review by ${r.author}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={r.rating} />
        <span className="text-sm font-medium">{r.author}</span>
        <span className="text-xs text-stone">{formatDate(r.createdAt)}</span>
      </div>
      <p className="mt-2 text-xs tracking-wide text-taupe">
        Wore {r.sizeWorn} · <span className="font-medium text-ink">{FIT_LABELS[r.fit]}</span>
        {r.occasion ? ` · ${OCCASION_LABELS[r.occasion]}` : ''}
        {r.heightCm ? ` · ${r.heightCm} cm` : ''}
        {r.usualSize ? `, usually ${r.usualSize}` : ''}
      </p>
      <p className="mt-3 max-w-prose leading-relaxed whitespace-pre-line">{r.text}</p>
      {r.photos.length > 0 && (
        <ul className="mt-4 flex gap-3" aria-label="Photos">
          {r.photos.map((p) => (
            <li key={p.url}>
              <a
                href={p.url}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-sm focus-visible:ring-2 focus-visible:ring-ink"
              >
                <img
                  src={p.url}
                  alt={p.alt}
                  width={p.width}
                  height={p.height}
                  loading="lazy"
                  className="size-24 bg-sand object-cover sm:size-28"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
