import { Link, useLocation } from 'react-router';
import { FIT_LABELS, MIN_SIMILAR_REVIEWS, SIMILAR_HEIGHT_CM } from '@domain/reviews.rules';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useSizeAdvice } from '../api/get-size-advice';

/**
 * 'Members like you': for a member with fit details, the size members of similar height and the
 * same usual size wore and how it fit, with how many reviews it rests on; below the minimum it
 * says there is not enough data yet (never a guess).
 */
export function SizeAdvice({ itemId }: { itemId: number }) {
  const { data: session } = useSession();
  const location = useLocation();
  const advice = useSizeAdvice(itemId, !!session);

  return (
    <div className="rounded-md border border-linen bg-ivory p-5" aria-labelledby="size-advice-title" role="region">
      <p className="eyebrow">Members like you</p>
      <h3 id="size-advice-title" className="mt-2 font-display text-2xl leading-tight">
        Size advice
      </h3>
      <div className="mt-3 text-sm leading-relaxed text-taupe" aria-live="polite">
        {!session ? (
          <p>
            <Link
              to={`${paths.login}?from=${encodeURIComponent(location.pathname)}`}
              className="font-medium text-ink underline underline-offset-4"
            >
              Sign in
            </Link>{' '}
            and add your height and usual size to see which size members like you chose.
          </p>
        ) : advice.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : advice.isError ? (
          <p>Size advice could not be loaded just now.</p>
        ) : advice.data.status === 'no_fit_details' ? (
          <p>
            Add your height and usual size to{' '}
            <Link to={`${paths.account}#fit`} className="font-medium text-ink underline underline-offset-4">
              your fit details
            </Link>{' '}
            and we will show which size members like you chose.
          </p>
        ) : advice.data.status === 'not_enough_data' ? (
          <p>
            Not enough data yet:{' '}
            {advice.data.similarReviews === 0
              ? 'no member'
              : advice.data.similarReviews === 1
                ? 'one member'
                : `${advice.data.similarReviews} members`}{' '}
            of your height (±
            {SIMILAR_HEIGHT_CM} cm of {advice.data.heightCm} cm) who usually{' '}
            {advice.data.similarReviews <= 1 ? 'wears' : 'wear'} {advice.data.usualSize}{' '}
            {advice.data.similarReviews <= 1 ? 'has' : 'have'} reviewed this piece. We give advice from{' '}
            {MIN_SIMILAR_REVIEWS} reviews.
          </p>
        ) : (
          <>
            <p className="text-ink">
              Most members like you wore{' '}
              <strong className="font-display text-xl font-medium">{advice.data.size}</strong>
              {advice.data.fit.majority && (
                <>
                  {' '}
                  and {advice.data.fit.majority.percent}% found it{' '}
                  {FIT_LABELS[advice.data.fit.majority.fit].toLowerCase()}
                </>
              )}
              .
            </p>
            <p className="mt-1.5 text-xs text-stone">
              From {advice.data.sizeReviews} of {advice.data.similarReviews} reviews by members{' '}
              {advice.data.heightCm - SIMILAR_HEIGHT_CM}–{advice.data.heightCm + SIMILAR_HEIGHT_CM} cm tall who usually
              wear {advice.data.usualSize}.
            </p>
            {advice.data.sizes.length > 1 && (
              <ul className="mt-3 space-y-1 text-xs" aria-label="Sizes members like you wore">
                {advice.data.sizes.map((s) => (
                  <li key={s.size} className="flex justify-between gap-3">
                    <span>Size {s.size}</span>
                    <span className="tabular-nums">
                      {s.reviews} {s.reviews === 1 ? 'review' : 'reviews'}
                      {s.fit.majority ? ` · ${FIT_LABELS[s.fit.majority.fit].toLowerCase()}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
