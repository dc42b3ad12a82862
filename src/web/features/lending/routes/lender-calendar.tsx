import { ArrowLeft, CalendarX2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, data, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiClientError } from '../../../lib/api-client';
import { alreadyShown } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, pageNotFound, type PageQueries } from '../../../lib/page-data';
import {
  getLenderCalendarQueryOptions,
  useBlockDates,
  useLenderCalendar,
  useUnblockDates,
} from '../api/lender-calendar';
import { lendingPaths } from '../lib/lending-text';
import type { Route } from './+types/lender-calendar';
import { CalendarFeed } from '../components/calendar-feed';
import { getCalendarFeedQueryOptions } from '../api/calendar-feed';
import { getPieceTermsQueryOptions, PiecePolicyForm } from '../../protection';
import { useBusinessToday } from '../../../lib/time-zone';

const itemIdOf = (id: string | undefined) => (id && /^\d{1,9}$/.test(id) ? Number(id) : null);

const queries =
  (id: number): PageQueries =>
  (queryClient) =>
    Promise.all([
      queryClient.ensureQueryData(getLenderCalendarQueryOptions(id)),
      queryClient.prefetchQuery(getPieceTermsQueryOptions(id)),
      queryClient.prefetchQuery(getCalendarFeedQueryOptions()),
    ]);

export function loader({ context, params }: Route.LoaderArgs) {
  const id = itemIdOf(params.itemId);
  if (id === null) return data(null, { status: 404 });
  return loadPage(context, queries(id));
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = itemIdOf(params.itemId);
  return id === null ? pageNotFound() : clientLoadPage(queries(id));
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Your calendar · Rentique',
    description: 'Block the days your piece is not available, set its policy and get your calendar feed.',
    noindex: true,
  });

/** /lending/calendar/{itemId}: the lender blocks the days her piece is not available (and frees them again). */
export default function Component() {
  const { itemId = '' } = useParams();
  const id = itemIdOf(itemId) ?? 0;
  const cal = useLenderCalendar(id);
  return (
    <div className="container-page max-w-3xl pt-8 pb-24 md:pt-12">
      <Link
        to={lendingPaths.requests}
        className="mb-6 inline-flex items-center gap-1.5 text-sm text-taupe hover:text-ink"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Requests
      </Link>
      {cal.isPending ? (
        <Skeleton className="h-64" aria-label="Loading the calendar" />
      ) : cal.isError ? (
        cal.error instanceof ApiClientError && cal.error.status === 404 ? (
          <>
            <title>Piece not found · Rentique</title>
            <h1 className="font-display text-4xl">Piece not found</h1>
            <p className="mt-3 text-taupe">Only the member who lends a piece can see its calendar.</p>
          </>
        ) : (
          <LoadError title="We couldn't load the calendar" onRetry={() => void cal.refetch()} />
        )
      ) : (
        <>
          <PageHeader eyebrow="Your calendar" title={cal.data.itemName}>
            Block the days your piece is not available. Members cannot request it for those days; days already requested
            or rented stay as they are.
          </PageHeader>
          <BlockForm itemId={id} />
          <section aria-labelledby="policy-title" className="mt-10">
            <h2 id="policy-title" className="font-display text-2xl">
              Your policy
            </h2>
            <p className="mt-1 mb-4 text-sm text-taupe">
              Renters see it on the piece’s page before they request; every request must meet it.
            </p>
            <PiecePolicyForm itemId={id} />
          </section>
          <section aria-labelledby="blocked-title" className="mt-10">
            <h2 id="blocked-title" className="font-display text-2xl">
              Blocked days
            </h2>
            {cal.data.blocks.length === 0 ? (
              <EmptyState
                title="Nothing blocked"
                icon={<CalendarX2 className="size-8" aria-hidden="true" />}
                className="mt-4 py-10"
              >
                <p>Your piece can be requested for any free day.</p>
              </EmptyState>
            ) : (
              <ul
                className="mt-4 divide-y divide-linen/70 rounded-md border border-linen/80 bg-ivory"
                aria-label="Blocked days"
              >
                {cal.data.blocks.map((b) => (
                  <BlockRow key={b.id} itemId={id} block={b} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="booked-title" className="mt-10">
            <h2 id="booked-title" className="font-display text-2xl">
              Requested and rented
            </h2>
            {cal.data.booked.length === 0 ? (
              <p className="mt-2 text-sm text-taupe">No request or rental holds your piece at the moment.</p>
            ) : (
              <ul className="mt-4 space-y-2 text-sm" aria-label="Requested and rented days">
                {cal.data.booked.map((b) => (
                  <li key={`${b.startDate}-${b.endDate}`} className="rounded-sm bg-sand/60 px-4 py-2.5">
                    {formatDate(b.startDate)} – {formatDate(b.endDate)}{' '}
                    <span className="text-taupe">(with delivery and cleaning)</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <CalendarFeed />
        </>
      )}
    </div>
  );
}

function BlockForm({ itemId }: { itemId: number }) {
  const block = useBlockDates(itemId);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<{ start?: string; end?: string; form?: string }>({});
  // The business's day (decision 0047): the same for the server's render and her browser.
  const today = useBusinessToday();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!start) next.start = 'Choose the first day';
    else if (start < today) next.start = 'Choose today or a later day';
    if (!end) next.end = 'Choose the day it is available again';
    else if (start && end <= start) next.end = 'Choose a day after the first day';
    setErrors(next);
    if (next.start || next.end) return;
    block.mutateAsync({ startDate: start, endDate: end }).then(
      () => {
        toast.success('Days blocked', { description: `${formatDate(start)} – ${formatDate(end)}` });
        setStart('');
        setEnd('');
      },
      (err: unknown) => {
        if (err instanceof ApiClientError && (err.status === 409 || err.status === 400))
          setErrors({ form: err.message });
        else alreadyShown();
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="rounded-md border border-linen/80 bg-paper p-5 sm:p-6"
      aria-label="Block days"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First day unavailable" error={errors.start}>
          <Input type="date" value={start} min={today} onChange={(e) => setStart(e.target.value)} />
        </Field>
        <Field label="Available again from" error={errors.end}>
          <Input type="date" value={end} min={start || today} onChange={(e) => setEnd(e.target.value)} />
        </Field>
      </div>
      {errors.form && (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="mt-5" disabled={block.isPending}>
        {block.isPending ? 'Blocking…' : 'Block these days'}
      </Button>
    </form>
  );
}

function BlockRow({ itemId, block }: { itemId: number; block: { id: number; startDate: string; endDate: string } }) {
  const unblock = useUnblockDates(itemId);
  const label = `${formatDate(block.startDate)} – ${formatDate(block.endDate)}`;
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <span>
        {label} <span className="text-sm text-taupe">(available again {formatDate(block.endDate)})</span>
      </span>
      <Button
        size="sm"
        variant="ghost"
        disabled={unblock.isPending}
        aria-label={`Free ${label}`}
        onClick={() => unblock.mutateAsync(block.id).then(() => toast.success('Days freed'), alreadyShown)}
      >
        <X aria-hidden="true" /> Free
      </Button>
    </li>
  );
}
