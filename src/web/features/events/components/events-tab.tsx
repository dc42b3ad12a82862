import { CalendarDays, Clock, MapPin, Sparkles } from 'lucide-react';
import type { FormEvent } from 'react';
import { useActionData } from 'react-router';
import { toast } from 'sonner';
import { EVENT_MESSAGES, type Event } from '@domain/events';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useEvents } from '../api/get-events';
import { useCancelRsvp, useRsvp } from '../api/rsvp';
import type { RsvpRefused } from '../api/rsvp-action';

/** The dashboard's Events tab: upcoming member events with spots left and an RSVP action. */
export function EventsTab() {
  const { data, isPending, isError, refetch } = useEvents();
  if (isPending) {
    return (
      <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-64" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <EmptyState title="Events could not be loaded">
        <Button variant="link" onClick={() => void refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  }
  if (data.events.length === 0) {
    return (
      <EmptyState title="No upcoming events" icon={<CalendarDays className="size-8" aria-hidden="true" />}>
        New styling evenings and trunk shows are announced here first. Check back soon.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
      {data.events.map((e) => (
        <li key={e.id}>
          <EventCard event={e} />
        </li>
      ))}
    </ul>
  );
}

function EventCard({ event }: { event: Event }) {
  const rsvp = useRsvp();
  const cancel = useCancelRsvp();
  const full = event.spotsLeft === 0 && !event.reserved;
  const busy = rsvp.isPending || cancel.isPending;
  // Before the app ran, the dashboard's action answered this card's form with a refusal (rsvpAction).
  const actionData = useActionData<RsvpRefused | undefined>();
  const refused =
    rsvp.isIdle && cancel.isIdle && actionData && 'rsvp' in actionData && actionData.rsvp.eventId === event.id
      ? actionData.rsvp.message
      : null;

  // Before the app runs the form posts to the dashboard's action; once it runs, the app reserves itself.
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (event.reserved) onCancel();
    else onRsvp();
  };
  const onRsvp = () =>
    rsvp.mutate(event.id, {
      onSuccess: () => toast.success(EVENT_MESSAGES.rsvpTitle, { description: EVENT_MESSAGES.rsvpBody }),
    });
  const onCancel = () =>
    cancel.mutate(event.id, {
      onSuccess: () =>
        toast.success(EVENT_MESSAGES.cancelled, { description: `Your spot at ${event.title} is released.` }),
    });

  return (
    <article
      className="flex h-full flex-col rounded-md border border-linen/80 bg-ivory p-6 shadow-soft"
      aria-label={event.title}
    >
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        {event.isExclusive && (
          <Badge tone="clay">
            <Sparkles className="size-3" aria-hidden="true" /> Members only
          </Badge>
        )}
        {event.reserved && <Badge tone="success">You're going</Badge>}
        {full && <Badge tone="ink">Full</Badge>}
      </div>
      <h3 className="mt-3 font-display text-2xl leading-tight">{event.title}</h3>
      <dl className="mt-4 space-y-1.5 text-sm text-taupe">
        <div className="flex items-center gap-2">
          <dt className="sr-only">Date</dt>
          <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
          <dd>{formatDate(event.date)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Time</dt>
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          <dd>{event.time}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt className="sr-only">Location</dt>
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <dd>{event.location}</dd>
        </div>
      </dl>
      <p className="mt-4 flex-1 text-sm leading-relaxed text-taupe">{event.description}</p>
      <form
        method="post"
        action="/dashboard?tab=events"
        onSubmit={onSubmit}
        className="mt-6 flex items-center justify-between gap-3 border-t border-linen pt-4"
      >
        <input type="hidden" name="eventId" value={event.id} />
        <input type="hidden" name="intent" value={event.reserved ? 'cancel' : 'rsvp'} />
        <p className="text-xs tracking-wide text-stone">
          {full ? 'This event is full' : `${event.spotsLeft} of ${event.spots} spots left`}
        </p>
        {event.reserved ? (
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Cancel RSVP for ${event.title}`}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel RSVP'}
          </Button>
        ) : (
          <Button type="submit" size="sm" disabled={busy || full} aria-label={`RSVP for ${event.title}`}>
            {full ? 'Full' : rsvp.isPending ? 'Reserving…' : 'RSVP'}
          </Button>
        )}
      </form>
      {refused && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {refused}
        </p>
      )}
    </article>
  );
}
