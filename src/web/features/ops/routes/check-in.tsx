import { ScanLine } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { UNIT_CODE_MESSAGE, parseUnitCode, unitCode } from '@domain/unit-life';
import type { DeskRental, UnitDetail } from '@domain/ops';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Input } from '../../../components/ui/input';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { ApiClientError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { getTodayQueryOptions, useToday } from '../api/get-today';
import { getUnitQueryOptions, getUnitsInStateQueryOptions, useUnit, useUnitsInState } from '../api/get-unit';
import { DeskRentalList } from '../components/desk-rental-card';
import { OpsHeader, OpsSection } from '../components/ops-header';
import { UnitPanel } from '../components/unit-panel';
import type { PageQueries } from '../../../lib/page-data';
import { clientLoadDeskPage, deskMeta, loadDeskPage } from '../lib/desk-route';
import type { Route } from './+types/check-in';

/** ?code=RT-000042: the unit scanned (normalised), or null. */
function codeOf(params: URLSearchParams): string | null {
  const id = parseUnitCode(params.get('code') ?? '');
  return id === null ? null : unitCode(id);
}

const queries =
  (url: URL): PageQueries =>
  (queryClient) => {
    const code = codeOf(url.searchParams);
    return Promise.all([
      queryClient.prefetchQuery(getTodayQueryOptions()),
      queryClient.prefetchQuery(getUnitsInStateQueryOptions('cleaning')),
      queryClient.prefetchQuery(getUnitsInStateQueryOptions('repair')),
      code ? queryClient.prefetchQuery(getUnitQueryOptions(code)) : null,
    ]);
  };

export function loader({ context, request }: Route.LoaderArgs) {
  return loadDeskPage(context, queries(new URL(request.url)));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return clientLoadDeskPage(queries(new URL(request.url)));
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Check-in');

/**
 * /ops/check-in: scan or type a unit's code; check it in graded, into cleaning or repair (with
 * photos, the late fee and its waiver); cleaning and repair done; retire. Below, what is on its
 * way back and what is in cleaning or repair.
 */
export default function Component() {
  const [params, setParams] = useSearchParams();
  const code = codeOf(params);
  const open = (c: string) => setParams({ code: c }, { replace: false });

  return (
    <div>
      <OpsHeader title="Check-in">
        Scan a unit’s label or type its code. Grade what came back and send it to cleaning or repair; mark cleaning and
        repairs done.
      </OpsHeader>
      <ScanForm key={code ?? ''} initial={code ?? ''} onFind={open} />
      {code && <ScannedUnit code={code} />}
      <Queues onOpen={open} />
    </div>
  );
}

function ScanForm({ initial, onFind }: { initial: string; onFind: (code: string) => void }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const id = parseUnitCode(value);
    if (id === null) {
      setError(`The code ${UNIT_CODE_MESSAGE}`);
      return;
    }
    setError(undefined);
    onFind(unitCode(id));
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Find a unit"
      className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <div className="flex-1 sm:max-w-sm">
        <label htmlFor="unit-code" className="sr-only">
          Unit code
        </label>
        <div className="relative">
          <ScanLine
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-stone"
            aria-hidden="true"
          />
          <Input
            id="unit-code"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder="Unit code, e.g. RT-000042"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'unit-code-error' : undefined}
            className="h-13 pl-11 font-mono text-base"
          />
        </div>
        {error && (
          <p id="unit-code-error" role="alert" className="mt-1.5 text-xs font-medium text-danger">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="lg">
        Find unit
      </Button>
    </form>
  );
}

function ScannedUnit({ code }: { code: string }) {
  const unit = useUnit(code);
  if (unit.isPending) return <SkeletonRows label={`Loading ${code}`} count={1} rowClassName="h-64" className="mb-8" />;
  if (unit.isError) {
    const missing = unit.error instanceof ApiClientError && unit.error.status === 404;
    return (
      <div className="mb-8" role="alert">
        {missing ? (
          <EmptyState title={`No unit has the code ${code}`}>Check the label and type the code again.</EmptyState>
        ) : (
          <LoadError title={`${code} could not be loaded`} onRetry={() => void unit.refetch()} />
        )}
      </div>
    );
  }
  return (
    <div className="mb-10">
      <UnitPanel unit={unit.data} />
    </div>
  );
}

/** What is coming back, and what waits in cleaning or repair: each opens its unit. */
function Queues({ onOpen }: { onOpen: (code: string) => void }) {
  const today = useToday();
  const cleaning = useUnitsInState('cleaning');
  const repair = useUnitsInState('repair');
  const board = today.data;
  const returning: DeskRental[] = board ? uniqueRentals([...board.returning, ...board.overdue, ...board.dueBack]) : [];
  const openButton = (r: { unitCode: string; itemName: string }) => (
    <Button
      variant="outline"
      className="w-full sm:w-auto"
      onClick={() => onOpen(r.unitCode)}
      aria-label={`Check in ${r.itemName} (${r.unitCode})`}
    >
      Check in
    </Button>
  );
  return (
    <>
      <OpsSection id="expected" title="Coming back" count={returning.length}>
        {today.isPending ? (
          <SkeletonRows label="Loading returns" count={2} rowClassName="h-32" />
        ) : today.isError ? (
          <LoadError title="Returns could not be loaded" onRetry={() => void today.refetch()} />
        ) : (
          <DeskRentalList
            rentals={returning}
            label="Coming back"
            empty="Nothing is on its way back."
            actions={openButton}
          />
        )}
      </OpsSection>
      <UnitQueue
        id="in-cleaning"
        title="In cleaning"
        query={cleaning}
        empty="Nothing is being cleaned."
        onOpen={onOpen}
      />
      <UnitQueue id="in-repair" title="In repair" query={repair} empty="Nothing is in repair." onOpen={onOpen} />
    </>
  );
}

function uniqueRentals(list: DeskRental[]): DeskRental[] {
  const seen = new Set<number>();
  return list.filter((r) => (seen.has(r.rentalId) ? false : (seen.add(r.rentalId), true)));
}

function UnitQueue({
  id,
  title,
  query,
  empty,
  onOpen,
}: {
  id: string;
  title: string;
  query: ReturnType<typeof useUnitsInState>;
  empty: string;
  onOpen: (code: string) => void;
}) {
  const units: UnitDetail[] = query.data?.units ?? [];
  return (
    <OpsSection id={id} title={title} count={query.data ? units.length : undefined}>
      {query.isPending ? (
        <SkeletonRows label={`Loading ${title.toLowerCase()}`} count={1} rowClassName="h-16" />
      ) : query.isError ? (
        <LoadError title={`${title} could not be loaded`} onRetry={() => void query.refetch()} />
      ) : units.length === 0 ? (
        <p className="rounded-md border border-dashed border-linen px-4 py-6 text-center text-sm text-stone">{empty}</p>
      ) : (
        <ul className="divide-y divide-linen rounded-md border border-linen/80 bg-ivory" aria-label={title}>
          {units.map((u) => (
            <li key={u.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-words text-ink">
                  {u.itemName} <span className="text-sm font-normal text-taupe">· size {u.size}</span>
                </p>
                <p className="text-xs text-stone">
                  <span className="font-mono">{u.code}</span>
                  {u.changedAt ? ` · since ${formatDate(u.changedAt)}` : ''}
                  {u.heldUntil ? ` · held until ${formatDate(u.heldUntil)}` : ''}
                </p>
              </div>
              <Button variant="subtle" onClick={() => onOpen(u.code)} aria-label={`Open ${u.itemName} (${u.code})`}>
                Open
              </Button>
            </li>
          ))}
        </ul>
      )}
    </OpsSection>
  );
}
