import { PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { getDeskBoardQueryOptions, useDeskBoard, useDeskStep } from '../../managed';
import type { Route } from './+types/managed';

const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getDeskBoardQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, queries);
}

export function clientLoader() {
  return clientLoadDeskPage(queries);
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
  return (
    <div>
      <OpsHeader title="Incoming from members">
        Pieces members lend through Rentique: receive them, check them against the member’s photos, clean them and put
        them live. Every step is in the audit log.
      </OpsHeader>
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

function IncomingCard({ intake }: { intake: DeskBoard['incoming'][number] }) {
  const step = useDeskStep();
  const [note, setNote] = useState('');
  const run = (s: Parameters<typeof step.mutateAsync>[0], done: string) =>
    step.mutateAsync(s).then(
      () => toast.success(done),
      () => undefined,
    );
  return (
    <article aria-label={intake.itemName} className="rounded-md border border-linen bg-ivory p-5 shadow-soft">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="eyebrow">{intake.ownerName}</p>
          <h3 className="font-display text-xl">{intake.itemName}</h3>
          <p className="mt-1 text-sm text-taupe">
            {intake.method === 'pickup' ? 'Pickup' : 'Studio drop-off'} · {formatDate(intake.day)} · {intake.place}
          </p>
          {intake.method === 'pickup' && (
            <p className="mt-1 text-xs text-stone" data-testid="intake-tracking">
              {managedParcelLine(intake.labelStatus, intake.parcel) ?? 'No label'}
            </p>
          )}
        </div>
        <Badge tone="ink">{STATUS_LABELS[intake.status]}</Badge>
      </div>
      {intake.photos.length > 0 && (
        <div className="mt-3 flex gap-2">
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
      <div className="mt-4 flex flex-wrap items-end gap-2">
        {intake.status === 'booked' && (
          <Button
            size="sm"
            disabled={step.isPending}
            onClick={() => void run({ kind: 'receive', id: intake.id }, 'Received')}
          >
            Mark received
          </Button>
        )}
        {intake.status === 'received' && (
          <>
            <div className="min-w-52 flex-1">
              <Label htmlFor={`note-${intake.id}`}>Condition against her photos</Label>
              <Input id={`note-${intake.id}`} value={note} onChange={(e) => setNote(e.target.value)} />
            </div>
            <Button
              size="sm"
              disabled={step.isPending}
              onClick={() => void run({ kind: 'check', id: intake.id, accept: true, note }, 'Checked')}
            >
              Accept
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={step.isPending}
              onClick={() =>
                void run({ kind: 'check', id: intake.id, accept: false, note }, 'Rejected: going back to her')
              }
            >
              Reject and send back
            </Button>
          </>
        )}
        {intake.status === 'checked' && (
          <Button size="sm" disabled={step.isPending} onClick={() => void run({ kind: 'live', id: intake.id }, 'Live')}>
            Cleaned: put live
          </Button>
        )}
      </div>
    </article>
  );
}

function Recalls({ items }: { items: DeskBoard['recalls'] }) {
  const step = useDeskStep();
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
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
              <span>
                <strong>{r.itemName}</strong> · {r.ownerName} · {r.method === 'parcel' ? 'Parcel' : 'Studio collection'}{' '}
                on {formatDate(r.day)} · {r.place}
                {r.reason === 'rejected' && ' · rejected at intake'}
                {r.method === 'parcel' && ' · label bought when sent'}
              </span>
              <Button
                size="sm"
                disabled={!r.ready || step.isPending}
                onClick={() =>
                  void step.mutateAsync({ kind: 'send-back', id: r.id }).then(
                    () => toast.success('Sent back'),
                    () => undefined,
                  )
                }
              >
                {r.ready ? `Send back ${r.itemName}` : 'Waiting for its return'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
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
            <li key={s.itemId} className="p-4">
              <strong>{s.itemName}</strong> · {s.ownerName} ({s.ownerEmail})
              {s.storedUntil && ` · stored until ${formatDate(s.storedUntil)}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
