import { Link, useParams } from 'react-router';
import { UNIT_EVENT_LABELS } from '@domain/passport';
import { CONDITION_LABELS, UNIT_STATE_LABELS } from '@domain/unit-life';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import type { PageQueries } from '../../../lib/page-data';
import { useTimeZone } from '../../../lib/time-zone';
import { OpsHeader, clientLoadDeskPage, deskMeta, loadDeskPage } from '../../ops';
import { UnitSalePanel, afterDeskAction, forwardDesk, getUnitSaleQueryOptions, toCents } from '../../preloved';
import type { DeskFormResult } from '../../preloved';
import { getUnitHistoryQueryOptions, useUnitHistory } from '../api/get-unit-history';
import type { Route } from './+types/desk-unit-history';

const queries =
  (code: string): PageQueries =>
  (queryClient) =>
    Promise.all([
      queryClient.prefetchQuery(getUnitHistoryQueryOptions(code)),
      // The unit's pre-loved sale and a kept piece back at the desk (decision 0066).
      queryClient.prefetchQuery(getUnitSaleQueryOptions(code)),
    ]);

export function loader({ context, params }: Route.LoaderArgs) {
  return loadDeskPage(context, queries(params.code));
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return clientLoadDeskPage(queries(params.code));
}

/** POST /ops/units/{code}: retire it to the pre-loved sale, or send a kept piece to her (decision 0066). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
  const base = `/api/ops/preloved/units/${encodeURIComponent(params.code)}`;
  const back = paths.opsUnit(params.code);
  if (text('intent') === 'send-kept') return forwardDesk(context, `${base}/send-kept`, undefined, back);
  const cents = toCents(text('price'));
  return forwardDesk(
    context,
    `${base}/retire-to-sale`,
    { priceCents: Number.isNaN(cents) ? 0 : cents, conditionNote: text('conditionNote') },
    back,
  );
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return afterDeskAction(serverAction);
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, `Passport ${args.params.code}`);

/** /ops/units/{code}: a unit's whole history on the desk (decision 0059), newest first. */
export default function Component({ actionData }: Route.ComponentProps) {
  const { code = '' } = useParams();
  const history = useUnitHistory(code);
  const zone = useTimeZone();
  if (history.isPending) return <SkeletonRows label="Loading the history" count={4} rowClassName="h-14" />;
  if (history.error instanceof ApiClientError && [400, 404].includes(history.error.status))
    return <EmptyState title="No unit has this code">{code}</EmptyState>;
  if (history.isError)
    return <LoadError title="The history could not be loaded" onRetry={() => void history.refetch()} />;
  const h = history.data;
  return (
    <div>
      <OpsHeader title={`Passport ${h.unitCode}`}>
        <Link to={paths.opsInventoryItem(h.itemId)} className="underline">
          {h.itemName}
        </Link>{' '}
        · size {h.size} · unit {h.unitNo} · {UNIT_STATE_LABELS[h.state]} · rented {h.summary.timesRented}×, repairs{' '}
        {h.summary.repairs}
      </OpsHeader>
      <UnitSalePanel code={h.unitCode} result={actionData as DeskFormResult | undefined} />
      {h.events.length === 0 ? (
        <EmptyState title="Nothing recorded yet">This unit has not been rented.</EmptyState>
      ) : (
        <ol className="mt-6 space-y-2" aria-label={`History of ${h.unitCode}`}>
          {h.events.map((e, i) => (
            <li key={i} className="rounded-sm border border-linen bg-ivory px-4 py-3 text-sm" data-testid="unit-event">
              <p className="font-medium">
                {UNIT_EVENT_LABELS[e.kind]}
                {e.condition ? `: ${CONDITION_LABELS[e.condition]}` : ''}
                <span className="ml-2 text-xs text-stone">{formatDateTime(e.at, zone)}</span>
              </p>
              <p className="text-taupe">
                {[e.member, e.rentalId !== null ? `rental #${e.rentalId}` : null, e.detail, e.by]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
