import { History } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_SUBJECT_LABELS, AUDIT_SUBJECT_TYPES } from '@domain/ops.rules';
import type { AuditAction, AuditEntry } from '@domain/ops';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Input, Label, NativeSelect } from '../../../components/ui/input';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { getAuditLogQueryOptions, useAuditLog, type AuditFilters } from '../api/get-audit-log';
import { OpsHeader } from '../components/ops-header';
import type { PageQueries } from '../../../lib/page-data';
import { fieldLabel, fieldValue, isAuditSubjectType, subjectText } from '../lib/audit-text';
import { clientLoadDeskPage, deskMeta, loadDeskPage } from '../lib/desk-route';
import type { Route } from './+types/audit';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';

const FILTER_KEYS = ['actor', 'action', 'subjectType', 'subjectId'] as const;

/** The filters in the URL (?actor=&action=&subjectType=&subjectId=). */
function filtersOf(params: URLSearchParams): AuditFilters {
  return {
    actor: params.get('actor') || undefined,
    action: (AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '')
      ? (params.get('action') as AuditAction)
      : undefined,
    subjectType: isAuditSubjectType(params.get('subjectType'))
      ? (params.get('subjectType') as AuditFilters['subjectType'])
      : undefined,
    subjectId: params.get('subjectId') || undefined,
  };
}

const queries =
  (url: URL): PageQueries =>
  (queryClient) =>
    queryClient.prefetchInfiniteQuery(getAuditLogQueryOptions(filtersOf(url.searchParams)));

export function loader({ context, request }: Route.LoaderArgs) {
  return loadDeskPage(context, queries(new URL(request.url)));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return clientLoadDeskPage(queries(new URL(request.url)));
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Audit log');

function actorText(a: AuditEntry['actor']): string {
  if (a.kind === 'cli') return 'Command line (npm run staff)';
  if (a.kind === 'system') return 'System';
  return a.email ?? a.id ?? 'Staff';
}

/** The fields that changed, before → after (every field when there is only one side). */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changed = keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  if (changed.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      {changed.map((k) => (
        <div key={k} className="contents">
          <dt className="font-medium text-stone">{fieldLabel(k)}</dt>
          <dd className="break-words text-ink">
            <span className="text-stone">{fieldValue(k, b[k])}</span> → {fieldValue(k, a[k])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** /ops/audit: every staff action, newest first, filtered by actor, action or subject. */
export default function Component() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const log = useAuditLog(filters);
  const timeZone = useTimeZone();
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next: Record<string, string> = {};
    for (const k of FILTER_KEYS) {
      const v = String(form.get(k) ?? '').trim();
      if (v) next[k] = v;
    }
    setParams(next, { replace: true });
  };

  return (
    <div>
      <OpsHeader title="Audit log">
        Every change made from the desk or the staff command: who, what, when, and the values before and after.
      </OpsHeader>
      <form
        onSubmit={onSubmit}
        aria-label="Filter the audit log"
        className="mb-6 grid gap-3 rounded-md border border-linen/80 bg-ivory p-4 sm:grid-cols-2 xl:grid-cols-[1.4fr_1fr_0.8fr_0.8fr_auto] xl:items-end"
        key={params.toString()}
      >
        <div>
          <Label htmlFor="audit-actor">Who (e-mail, or cli)</Label>
          <Input id="audit-actor" name="actor" defaultValue={filters.actor ?? ''} placeholder="sam@rentique.example" />
        </div>
        <div>
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect id="audit-action" name="action" defaultValue={filters.action ?? ''}>
            <option value="">Any action</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor="audit-subject-type">Subject</Label>
          <NativeSelect id="audit-subject-type" name="subjectType" defaultValue={filters.subjectType ?? ''}>
            <option value="">Anything</option>
            {AUDIT_SUBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {AUDIT_SUBJECT_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor="audit-subject-id">Subject number</Label>
          <Input
            id="audit-subject-id"
            name="subjectId"
            defaultValue={filters.subjectId ?? ''}
            inputMode="text"
            placeholder="12, or RT-000012"
          />
        </div>
        <div className="flex gap-2 sm:col-span-2 xl:col-span-1">
          <Button type="submit" className="h-11 flex-1 xl:flex-none">
            Filter
          </Button>
          {FILTER_KEYS.some((k) => params.get(k)) && (
            <Button variant="ghost" className="h-11" onClick={() => setParams({}, { replace: true })}>
              Clear
            </Button>
          )}
        </div>
      </form>

      {log.isPending ? (
        <SkeletonRows label="Loading the audit log" count={3} rowClassName="h-20" className="space-y-2" />
      ) : log.isError ? (
        <LoadError title="The audit log could not be loaded" onRetry={() => void log.refetch()}>
          <p>{log.error.message}</p>
        </LoadError>
      ) : entries.length === 0 ? (
        <EmptyState title="No entries" icon={<History className="size-8" aria-hidden="true" />}>
          Nothing matches these filters yet.
        </EmptyState>
      ) : (
        <>
          <ol
            className="divide-y divide-linen rounded-md border border-linen/80 bg-ivory"
            aria-label="Audit entries, newest first"
          >
            {entries.map((e) => (
              <li key={e.id} className="px-4 py-3.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <p className="text-sm text-ink">
                    <span className="font-semibold">{actorText(e.actor)}</span> ·{' '}
                    {AUDIT_ACTION_LABELS[e.action as AuditAction] ?? e.action} ·{' '}
                    <Link
                      to={`?${new URLSearchParams({ subjectType: e.subjectType, subjectId: e.subjectId }).toString()}`}
                      className="text-taupe underline decoration-linen underline-offset-4 hover:text-ink hover:decoration-ink"
                      aria-label={`${subjectText(e)}: show its history`}
                    >
                      {subjectText(e)}
                    </Link>
                  </p>
                  <time dateTime={e.at} className="text-xs text-stone">
                    {formatDateTime(e.at, timeZone)}
                  </time>
                </div>
                <Changes before={e.before} after={e.after} />
              </li>
            ))}
          </ol>
          {log.hasNextPage && (
            <div className="mt-5 flex justify-center">
              <Button
                variant="outline"
                size="lg"
                onClick={() => void log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
              >
                {log.isFetchingNextPage ? 'Loading…' : 'Show older'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
