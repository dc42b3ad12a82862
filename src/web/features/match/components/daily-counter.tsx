import { DAILY_VIEW_LIMIT } from '@domain/match.rules';
import { cn } from '../../../lib/cn';

/** Today's views, as "Viewed today: 1 / 3" and three marks. */
export function DailyCounter({ count }: { count: number }) {
  const shown = Math.min(count, DAILY_VIEW_LIMIT);
  return (
    <div className="flex items-center gap-3" aria-live="polite">
      <span className="flex gap-1.5" aria-hidden="true">
        {Array.from({ length: DAILY_VIEW_LIMIT }, (_, i) => (
          <span
            key={i}
            className={cn('size-2 rounded-full border border-ink/50', i < shown ? 'bg-ink' : 'bg-transparent')}
          />
        ))}
      </span>
      <span className="text-[0.8rem] tracking-wide text-taupe" data-testid="daily-counter">
        Viewed today: <span className="font-semibold text-ink">{shown}</span> / {DAILY_VIEW_LIMIT}
      </span>
    </div>
  );
}
