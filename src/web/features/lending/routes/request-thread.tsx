import { ArrowLeft, Camera, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, data, useParams } from 'react-router';
import { toast } from 'sonner';
import type { BookingRequest, Message } from '@domain/lending';
import { MAX_MESSAGE_LENGTH } from '@domain/lending';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiClientError } from '../../../lib/api-client';
import { alreadyShown } from '../../../lib/error-toast';
import { cn } from '../../../lib/cn';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, pageNotFound, type PageQueries } from '../../../lib/page-data';
import { useAddHandoverPhotos } from '../api/add-photos';
import { getRentalRequestQueryOptions, useRentalRequest } from '../api/get-rental-request';
import { getThreadQueryOptions, useThread } from '../api/get-thread';
import { useSendMessage } from '../api/send-message';
import { RequestCard } from '../components/request-card';
import { lendingPaths } from '../lib/lending-text';
import type { Route } from './+types/request-thread';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';

const rentalIdOf = (id: string | undefined) => (id && /^\d{1,9}$/.test(id) ? Number(id) : null);

const queries =
  (id: number): PageQueries =>
  async (queryClient) => {
    await queryClient.ensureQueryData(getRentalRequestQueryOptions(id));
    await queryClient.prefetchQuery(getThreadQueryOptions(id));
  };

export function loader({ context, params }: Route.LoaderArgs) {
  const id = rentalIdOf(params.rentalId);
  if (id === null) return data(null, { status: 404 });
  return loadPage(context, queries(id));
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = rentalIdOf(params.rentalId);
  return id === null ? pageNotFound() : clientLoadPage(queries(id));
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Request and messages · Rentique',
    description: 'Your request, its handover and your messages with the other member.',
    noindex: true,
  });

/** /requests/{rentalId}: one request or rental between two members: where it stands, its handover, their messages. */
export default function Component() {
  const { rentalId = '' } = useParams();
  const id = rentalIdOf(rentalId) ?? 0;
  const request = useRentalRequest(id);
  return (
    <div className="container-page max-w-3xl pt-8 pb-24 md:pt-12">
      <Link
        to={lendingPaths.requests}
        className="mb-6 inline-flex items-center gap-1.5 text-sm text-taupe hover:text-ink"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All requests
      </Link>
      {request.isPending ? (
        <Skeleton className="h-44" aria-label="Loading the request" />
      ) : request.isError ? (
        request.error instanceof ApiClientError && request.error.status === 404 ? (
          <>
            <title>Request not found · Rentique</title>
            <h1 className="font-display text-4xl">Request not found</h1>
            <p className="mt-3 text-taupe">This request does not exist, or it is between other members.</p>
          </>
        ) : (
          <LoadError title="We couldn't load this request" onRetry={() => void request.refetch()} />
        )
      ) : (
        <>
          <title>{`${request.data.item.name} · Requests · Rentique`}</title>
          <h1 className="mb-6 font-display text-4xl leading-tight md:text-5xl">{request.data.item.name}</h1>
          <RequestCard request={request.data} showThreadLink={false} />
          <HandoverPhotos request={request.data} />
          <Conversation
            rentalId={id}
            other={request.data.role === 'lender' ? request.data.renterName : request.data.lenderName}
          />
        </>
      )}
    </div>
  );
}

/** The lender's condition photos, and her upload while the handover is on. */
function HandoverPhotos({ request: r }: { request: BookingRequest }) {
  const add = useAddHandoverPhotos(r.id);
  const input = useRef<HTMLInputElement>(null);
  const stage: 'sent' | 'returned' | null =
    r.role !== 'lender' || r.status !== 'accepted'
      ? null
      : r.stage === 'to_send' || r.stage === 'sent'
        ? 'sent'
        : r.stage === 'back' || r.stage === 'sent_back' || r.stage === 'with_renter'
          ? 'returned'
          : null;
  if (r.photos.length === 0 && !stage) return null;
  return (
    <section aria-labelledby="photos-title" className="mt-8">
      <h2 id="photos-title" className="font-display text-2xl">
        Condition photos
      </h2>
      {r.photos.length > 0 ? (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4">
          {r.photos.map((p) => (
            <li key={p.url}>
              <figure>
                <img
                  src={p.url}
                  width={p.width}
                  height={p.height}
                  alt={`Condition when ${p.stage === 'sent' ? 'sent' : 'back'}`}
                  className="aspect-[3/4] w-full rounded-sm bg-sand object-cover"
                  loading="lazy"
                />
                <figcaption className="mt-1 text-xs text-stone">
                  {p.stage === 'sent' ? 'When sent' : 'When back'}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-taupe">
          Optional: photos of the piece when you send it and when it is back, in case of a question about its condition.
        </p>
      )}
      {stage && (
        <div className="mt-3">
          <label htmlFor="handover-photos" className="sr-only">
            Add condition photos {stage === 'sent' ? 'before sending' : 'now it is back'}
          </label>
          <input
            ref={input}
            id="handover-photos"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            tabIndex={-1}
            className="sr-only"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length)
                add.mutateAsync({ stage, photos: files }).then(() => toast.success('Photos added'), alreadyShown);
            }}
          />
          <Button size="sm" variant="subtle" disabled={add.isPending} onClick={() => input.current?.click()}>
            <Camera aria-hidden="true" />{' '}
            {add.isPending
              ? 'Uploading…'
              : stage === 'sent'
                ? 'Add photos before sending'
                : 'Add photos now it is back'}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The messages between the two members, and a box to write. */
function Conversation({ rentalId, other }: { rentalId: number; other: string }) {
  const thread = useThread(rentalId);
  const send = useSendMessage(rentalId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const end = useRef<HTMLLIElement>(null);
  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    if (count) end.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (!text) {
      setError('Write a message');
      return;
    }
    setError(undefined);
    send.mutateAsync(text).then(() => setBody(''), alreadyShown);
  };

  const first = other.split(' ')[0] || other;
  return (
    <section aria-labelledby="messages-title" className="mt-10">
      <h2 id="messages-title" className="font-display text-2xl">
        Messages with {first}
      </h2>
      <p className="mt-1 text-sm text-taupe">Only the two of you can read this conversation.</p>
      {thread.isPending ? (
        <Skeleton className="mt-4 h-32" />
      ) : thread.isError ? (
        <LoadError title="We couldn't load the messages" onRetry={() => void thread.refetch()} />
      ) : thread.data.messages.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-linen px-4 py-6 text-center text-sm text-taupe">
          No messages yet. Say hello and arrange the handover.
        </p>
      ) : (
        <ol className="mt-4 space-y-3" aria-label="Messages" aria-live="polite">
          {thread.data.messages.map((m) => (
            <MessageBubble key={m.id} message={m} />
          ))}
          <li ref={end} aria-hidden="true" />
        </ol>
      )}
      <form onSubmit={submit} className="mt-6 space-y-3" noValidate>
        <Field label={`Message to ${first}`} error={error} hint={`Up to ${MAX_MESSAGE_LENGTH} characters.`}>
          <Textarea value={body} rows={3} maxLength={MAX_MESSAGE_LENGTH} onChange={(e) => setBody(e.target.value)} />
        </Field>
        <Button type="submit" disabled={send.isPending}>
          <SendHorizontal aria-hidden="true" /> {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </form>
    </section>
  );
}

function MessageBubble({ message: m }: { message: Message }) {
  const timeZone = useTimeZone();
  return (
    <li className={cn('flex', m.mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-md px-4 py-3 text-sm leading-relaxed',
          m.mine ? 'bg-ink text-ivory' : 'border border-linen bg-ivory text-ink',
        )}
      >
        <p className={cn('mb-1 text-xs', m.mine ? 'text-ivory/70' : 'text-stone')}>
          {m.mine ? 'You' : m.from} ·{' '}
          <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, timeZone, { year: false })}</time>
        </p>
        <p className="whitespace-pre-line">{m.body}</p>
      </div>
    </li>
  );
}
