import { Copy, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { alreadyShown } from '../../../lib/error-toast';
import { useCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

/**
 * Her lending calendar in her own calendar app (decision 0067): a private ICS address with the
 * days all her pieces are booked or blocked. Anyone with the address can read it, so she can
 * reset it: the old address stops working at once.
 */
export function CalendarFeed() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => toast.success('Address copied'),
      () => toast.error('Copy it from the field instead.'),
    );
  return (
    <section aria-labelledby="feed-title" className="mt-10">
      <h2 id="feed-title" className="font-display text-2xl">
        Your calendar feed
      </h2>
      <p className="mt-1 text-sm text-taupe">
        Add this private address to your calendar app (Google, Apple, Outlook) to see the days all your pieces are
        booked or blocked. Keep it to yourself: anyone with it can read those days. Reset it to stop the old address
        working.
      </p>
      {feed.isPending ? (
        <Skeleton className="mt-4 h-16" aria-label="Loading the feed" />
      ) : feed.isError ? (
        <p className="mt-4 text-sm text-danger">The feed could not be loaded.</p>
      ) : (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label="Calendar address (ICS)" className="min-w-0 flex-1">
            <Input readOnly value={feed.data.url} data-testid="feed-url" onFocus={(e) => e.currentTarget.select()} />
          </Field>
          <div className="flex gap-2">
            <Button type="button" variant="subtle" onClick={() => void copy(feed.data.url)}>
              <Copy aria-hidden="true" /> Copy
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={reset.isPending}
              onClick={() =>
                reset
                  .mutateAsync()
                  .then(() => toast.success('New address made: the old one no longer works'), alreadyShown)
              }
            >
              <RefreshCw aria-hidden="true" /> {reset.isPending ? 'Resetting…' : 'Reset address'}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
