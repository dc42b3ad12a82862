import { ShieldAlert } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import {
  REPORT_OUTCOMES,
  REPORT_OUTCOME_LABELS,
  REPORT_REASON_LABELS,
  REPORT_STATUS_LABELS,
  type DeskReport,
} from '@domain/reports';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { formatCents, formatDate } from '../../../lib/format';
import type { PageQueries } from '../../../lib/page-data';
import { clientLoadDeskPage, deskMeta, loadDeskPage, OpsHeader } from '../../ops';
import { getDeskReportsQueryOptions, useDeskReports } from '../api/get-desk-reports';
import { afterReportAction, forward, toCents, type ReportFormResult } from '../lib/forward';
import { paths } from '../../../config/paths';
import type { Route } from './+types/desk-reports';

const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getDeskReportsQueryOptions(undefined));

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, queries);
}

export function clientLoader() {
  return clientLoadDeskPage(queries);
}

/** POST /ops/reports: staff's resolution, sent to the API in-process (works before the app runs). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
  const outcome = text('outcome');
  const cents = toCents(text('amount'));
  const body = JSON.stringify({
    outcome,
    note: text('note'),
    ...(outcome === 'partial_refund' ? { amountCents: Number.isNaN(cents) ? 0 : cents } : {}),
  });
  const url = new URL(`/api/ops/reports/${Number(text('reportId')) || 0}/resolve`, context.origin);
  const res = await forward(
    context,
    new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    paths.opsReports,
  );
  return res;
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return afterReportAction(serverAction);
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Reports');

/** /ops/reports: renters' problem reports to resolve (house pieces, disputes, unanswered lenders). */
export default function Component({ actionData }: Route.ComponentProps) {
  const list = useDeskReports(undefined);
  const reports = list.data?.reports ?? [];
  const result = actionData as ReportFormResult | undefined;
  return (
    <div>
      <OpsHeader title="Reports">
        A renter reports a problem within 48 hours of receiving a piece. Resolve a house piece’s report, a lender’s
        dispute, or one the lender left unanswered: a full or partial refund to her card, or rejected with a reason.
      </OpsHeader>
      {result && (
        <p role="alert" className="mb-4 text-sm font-medium text-danger">
          {result.error}
        </p>
      )}
      {list.isPending ? (
        <SkeletonRows label="Loading reports" count={2} rowClassName="h-64" className="space-y-4" />
      ) : list.isError ? (
        <LoadError title="Reports could not be loaded" onRetry={() => void list.refetch()} />
      ) : reports.length === 0 ? (
        <EmptyState title="Nothing here" icon={<ShieldAlert className="size-8" aria-hidden="true" />}>
          No report is waiting.
        </EmptyState>
      ) : (
        <ul className="space-y-5" aria-label="Open reports">
          {reports.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReportCard({ report: r }: { report: DeskReport }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <article
      aria-label={`Report on ${r.itemName}`}
      className="rounded-md border border-linen/80 bg-ivory p-5 shadow-soft md:p-6"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="eyebrow">Report #{r.id}</p>
        <Badge tone="clay">{REPORT_STATUS_LABELS[r.status]}</Badge>
        <Badge tone="outline">{r.houseItem ? 'House piece' : 'Member’s piece'}</Badge>
      </div>
      <h2 className="mt-1 font-display text-2xl leading-tight break-words">
        {r.itemName} · {REPORT_REASON_LABELS[r.reason]}
      </h2>
      <p className="mt-2 text-sm whitespace-pre-line text-taupe">{r.note}</p>
      {r.photos.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {r.photos.map((p, i) => (
            <img
              key={p.url}
              src={p.url}
              alt={`${r.itemName}: photo ${i + 1}`}
              className="size-28 rounded-xs object-cover"
            />
          ))}
        </div>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-stone">Renter</dt>
        <dd className="break-all">
          {r.renter.name} · {r.renter.email}
        </dd>
        {r.lender && (
          <>
            <dt className="text-stone">Lender</dt>
            <dd className="break-all">
              {r.lender.name} · {r.lender.email}
            </dd>
          </>
        )}
        {r.lenderNote && (
          <>
            <dt className="text-stone">Lender’s answer</dt>
            <dd>{r.lenderNote}</dd>
          </>
        )}
        <dt className="text-stone">Paid</dt>
        <dd>{formatCents(r.paidCents)}</dd>
        <dt className="text-stone">Reported</dt>
        <dd>{formatDate(r.createdAt)}</dd>
      </dl>
      {r.decidable ? (
        <Form
          method="post"
          className="mt-5 space-y-4 border-t border-linen pt-4"
          aria-label={`Resolve report #${r.id}`}
        >
          <input type="hidden" name="reportId" value={r.id} />
          <fieldset className="grid gap-2 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">Outcome</legend>
            {REPORT_OUTCOMES.map((o, i) => (
              <label key={o} className="flex min-h-11 items-center gap-3 rounded-sm border border-linen px-3 text-sm">
                <input type="radio" name="outcome" value={o} defaultChecked={i === 0} /> {REPORT_OUTCOME_LABELS[o]}
              </label>
            ))}
          </fieldset>
          <Field
            label="Partial refund (USD)"
            hint={`Only for a partial refund; less than ${formatCents(r.paidCents)}.`}
          >
            <Input name="amount" inputMode="decimal" placeholder="20.00" />
          </Field>
          <Field label="Note for both members">
            <Textarea name="note" required minLength={5} />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? 'Saving…' : 'Resolve'}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="mt-5 rounded-sm bg-sand/60 p-4 text-sm text-taupe">Waiting for the lender’s answer.</p>
      )}
    </article>
  );
}
