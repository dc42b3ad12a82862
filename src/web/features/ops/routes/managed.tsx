import { PackageOpen } from 'lucide-react';
import { Form, useActionData, useNavigation } from 'react-router';
import { managedParcelLine, type DeskBoard } from '@domain/managed-lending';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Label } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import type { PageQueries } from '../../../lib/page-data';
import { OpsHeader } from '../components/ops-header';
import { clientLoadDeskPage, deskMeta, loadDeskPage } from '../lib/desk-route';
import {
  afterDeskManagedAction,
  deskManagedAction,
  getDeskBoardQueryOptions,
  useDeskBoard,
  type DeskAnswer,
} from '../../managed';
import type { Route } from './+types/managed';

const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getDeskBoardQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, queries);
}

export function clientLoader() {
  return clientLoadDeskPage(queries);
}

/** POST /ops/managed: one desk step (receive, accept or reject, put live, send back), before the app runs and after. */
export async function action({ request, context }: Route.ActionArgs) {
  return deskManagedAction(request, context);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return afterDeskManagedAction(serverAction);
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Incoming from members');

const STATUS_LABELS = {
  booked: 'Pickup due',
  received: 'To check',
  checked: 'To clean',
  live: 'Live',
  rejected: 'Rejected',
};

/** /ops/managed: members' pieces coming into our care, pieces in storage with their owner, recalls to send back (decision 0062). */
export default function Component() {
  const board = useDeskBoard();
  const answer = useActionData<DeskAnswer | undefined>()?.desk;
  return (
    <div>
      <OpsHeader title="Incoming from members">
        Pieces members lend through Rentique: receive them, check them against the member’s photos, clean them and put
        them live. Every step is in the audit log.
      </OpsHeader>
      {answer && (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={`mb-4 text-sm font-medium ${answer.ok ? 'text-ink' : 'text-danger'}`}
          data-testid="desk-answer"
        >
          {answer.message}
        </p>
      )}
      {board.isPending ? (
        <SkeletonRows label="Loading incoming pieces" count={3} rowClassName="h-24" />
      ) : board.isError ? (
        <LoadError title="The incoming pieces could not be loaded" onRetry={() => void board.refetch()} />
      ) : (
        <div className="space-y-10">
          <Incoming items={board.data.incoming} />
          <Recalls items={board.data.recalls} />
          <Stored items={board.data.stored} />
        </div>
      )}
    </div>
  );
}

function Incoming({ items }: { items: DeskBoard['incoming'] }) {
  return (
    <section aria-labelledby="incoming-title">
      <h2 id="incoming-title" className="mb-3 font-display text-2xl">
        Pickups and drop-offs
      </h2>
      {items.length === 0 ? (
        <EmptyState title="Nothing on its way in" icon={<PackageOpen className="size-8" aria-hidden="true" />}>
          Pieces appear here once a member books a pickup or a studio drop-off.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {items.map((i) => (
            <li key={i.id}>
              <IncomingCard intake={i} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Whether the desk's form for this intake or recall is being sent. */
function useSending(id: number): boolean {
  const nav = useNavigation();
  return nav.state === 'submitting' && nav.formData?.get('id') === String(id);
}

/** A desk step's hidden fields: which step, on which intake or recall, and the piece's name for the answer. */
function StepFields({ id, itemName, step }: { id: number; itemName: string; step?: string }) {
  return (
    <>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="itemName" value={itemName} />
      {step && <input type="hidden" name="step" value={step} />}
    </>
  );
}

function IncomingCard({ intake }: { intake: DeskBoard['incoming'][number] }) {
  const sending = useSending(intake.id);
  return (
    <article aria-label={intake.itemName} className="rounded-md border border-linen bg-ivory p-5 shadow-soft">
      <div className="flex flex-col-reverse items-start justify-between gap-3 sm:flex-row">
        <div className="min-w-0">
          <p className="eyebrow">{intake.ownerName}</p>
          <h3 className="font-display text-xl">{intake.itemName}</h3>
          <p className="mt-1 text-sm break-words text-taupe">
            {intake.method === 'pickup' ? 'Pickup' : 'Studio drop-off'} · {formatDate(intake.day)} · {intake.place}
          </p>
          {intake.method === 'pickup' && (
            <p className="mt-1 text-xs text-stone" data-testid="intake-tracking">
              {managedParcelLine(intake.labelStatus, intake.parcel) ?? 'No label'}
            </p>
          )}
        </div>
        <Badge tone="ink" className="shrink-0">
          {STATUS_LABELS[intake.status]}
        </Badge>
      </div>
      {intake.photos.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {intake.photos.map((url, n) => (
            <img
              key={url}
              src={url}
              alt={`${intake.itemName}, her photo ${n + 1}`}
              className="h-20 w-16 rounded-sm object-cover"
            />
          ))}
        </div>
      )}
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
        {intake.status === 'booked' && (
          <>
            <StepFields id={intake.id} itemName={intake.itemName} step="receive" />
            <Button size="sm" type="submit" disabled={sending}>
              Mark received
            </Button>
          </>
        )}
        {intake.status === 'received' && (
          <>
            <StepFields id={intake.id} itemName={intake.itemName} />
            <div className="w-full sm:min-w-52 sm:flex-1">
              <Label htmlFor={`note-${intake.id}`}>Condition against her photos</Label>
              <Input id={`note-${intake.id}`} name="note" />
            </div>
            <Button size="sm" type="submit" name="step" value="accept" disabled={sending}>
              Accept
            </Button>
            <Button size="sm" type="submit" name="step" value="reject" variant="danger" disabled={sending}>
              Reject and send back
            </Button>
          </>
        )}
        {intake.status === 'checked' && (
          <>
            <StepFields id={intake.id} itemName={intake.itemName} step="live" />
            <Button size="sm" type="submit" disabled={sending}>
              Cleaned: put live
            </Button>
          </>
        )}
      </Form>
    </article>
  );
}

function Recalls({ items }: { items: DeskBoard['recalls'] }) {
  return (
    <section aria-labelledby="recalls-title">
      <h2 id="recalls-title" className="mb-3 font-display text-2xl">
        Going back to members
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-taupe">No piece is waiting to go back.</p>
      ) : (
        <ul className="divide-y divide-linen rounded-md border border-linen bg-ivory">
          {items.map((r) => (
            <RecallRow key={r.id} recall={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RecallRow({ recall: r }: { recall: DeskBoard['recalls'][number] }) {
  const sending = useSending(r.id);
  return (
    <li className="flex flex-col gap-3 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <span className="min-w-0 break-words">
        <strong>{r.itemName}</strong> · {r.ownerName} · {r.method === 'parcel' ? 'Parcel' : 'Studio collection'} on{' '}
        {formatDate(r.day)} · {r.place}
        {r.reason === 'rejected' && ' · rejected at intake'}
        {r.termEnd && ' · storage term ended (no cost to her)'}
        {r.method === 'parcel' && ' · label bought when sent'}
      </span>
      <Form method="post" className="shrink-0">
        <StepFields id={r.id} itemName={r.itemName} step="send-back" />
        <Button size="sm" type="submit" disabled={!r.ready || sending}>
          {r.ready ? `Send back ${r.itemName}` : 'Waiting for its return'}
        </Button>
      </Form>
    </li>
  );
}

function Stored({ items }: { items: DeskBoard['stored'] }) {
  return (
    <section aria-labelledby="stored-title">
      <h2 id="stored-title" className="mb-3 font-display text-2xl">
        Members’ pieces in our care
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-taupe">No member’s piece is in storage.</p>
      ) : (
        <ul className="divide-y divide-linen rounded-md border border-linen bg-ivory text-sm">
          {items.map((s) => (
            <li key={s.itemId} className="p-4 break-words">
              <strong>{s.itemName}</strong> · {s.ownerName} ({s.ownerEmail})
              {s.storedUntil && ` · stored until ${formatDate(s.storedUntil)}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
