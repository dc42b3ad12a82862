import { Form, data, useNavigation } from 'react-router';
import {
  MAX_REPORT_PHOTOS,
  REPORT_NOTE_MAX,
  REPORT_OUTCOME_LABELS,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_STATUS_LABELS,
  REPORT_WINDOW_HOURS,
  type RentalReports,
  type Report,
} from '@domain/reports';
import { ACCEPTED_PHOTO_TYPES } from '@domain/listings.rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { formatCents, formatDate } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, pageNotFound, type PageQueries } from '../../../lib/page-data';
import { getRentalReportsQueryOptions, useRentalReports } from '../api/get-rental-reports';
import { afterReportAction, forward, type ReportFormResult } from '../lib/forward';
import { paths } from '../../../config/paths';
import type { Route } from './+types/report-problem';

const idOf = (params: { rentalId?: string }) =>
  /^\d{1,9}$/.test(params.rentalId ?? '') ? Number(params.rentalId) : null;
const queries =
  (rentalId: number): PageQueries =>
  (queryClient) =>
    queryClient.ensureQueryData(getRentalReportsQueryOptions(rentalId));

export function loader({ context, params }: Route.LoaderArgs) {
  const id = idOf(params);
  if (id === null) throw data(null, { status: 404 });
  return loadPage(context, queries(id));
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = idOf(params);
  return id === null ? pageNotFound() : clientLoadPage(queries(id));
}

/**
 * POST /rentals/:rentalId/report: her report (multipart, with the photos) or the lender's answer,
 * sent to the API in-process as the member, before and after the app runs (decision 0060).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOf(params);
  if (id === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
  const back = paths.reportProblem(id);
  if (text('intent') === 'answer') {
    const body = JSON.stringify({ answer: text('answer'), note: text('note') });
    const url = new URL(`/api/reports/${Number(text('reportId')) || 0}/answer`, context.origin);
    return forward(
      context,
      new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      back,
    );
  }
  const upload = new FormData();
  upload.set('data', JSON.stringify({ rentalId: id, reason: text('reason'), note: text('note') }));
  for (const photo of form.getAll('photos'))
    if (photo instanceof File && photo.size > 0) upload.append('photos', photo);
  return forward(context, new Request(new URL('/api/reports', context.origin), { method: 'POST', body: upload }), back);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return afterReportAction(serverAction);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Report a problem · Rentique',
    description: 'Tell us what is wrong with a rental: wrong size, damaged, not as described or not arrived.',
    noindex: true,
  });

/** /rentals/:rentalId/report: her report and its outcome; the lender's answer. */
export default function Component({ params, actionData }: Route.ComponentProps) {
  const id = idOf(params) ?? 0;
  const page = useRentalReports(id);
  const result = actionData as ReportFormResult | undefined;
  return (
    <div className="container-page max-w-3xl pb-24">
      <PageHeader eyebrow="Renter protection" title="Report a problem">
        {page.data ? page.data.itemName : 'Your rental'}: within {REPORT_WINDOW_HOURS} hours of receiving it (or of its
        start date, if it never came), tell us what is wrong. A refund goes back to your card.
      </PageHeader>
      {page.isPending ? (
        <SkeletonRows label="Loading the rental" count={2} rowClassName="h-32" className="space-y-4" />
      ) : page.isError ? (
        <LoadError title="This rental could not be loaded" onRetry={() => void page.refetch()} />
      ) : (
        <div className="space-y-8">
          {page.data.reports.length > 0 && (
            <ul className="space-y-4" aria-label="Reports">
              {page.data.reports.map((r) => (
                <li key={r.id}>
                  <ReportCard report={r} rental={page.data} result={result} />
                </li>
              ))}
            </ul>
          )}
          {page.data.role === 'renter' &&
            (page.data.refusal ? (
              <p className="rounded-sm bg-sand/60 p-4 text-sm text-taupe">{page.data.refusal}.</p>
            ) : (
              <ReportForm rental={page.data} result={result} />
            ))}
        </div>
      )}
    </div>
  );
}

function ReportCard({
  report: r,
  rental,
  result,
}: {
  report: Report;
  rental: RentalReports;
  result?: ReportFormResult | undefined;
}) {
  return (
    <article aria-label={`Report #${r.id}`} className="rounded-md border border-linen/80 bg-ivory p-5 shadow-soft">
      <div className="flex flex-wrap items-center gap-2">
        <p className="eyebrow">Report #{r.id}</p>
        <Badge tone={r.status === 'refunded' ? 'success' : r.status === 'rejected' ? 'outline' : 'clay'}>
          {REPORT_STATUS_LABELS[r.status]}
        </Badge>
      </div>
      <h2 className="mt-1 font-display text-xl">{REPORT_REASON_LABELS[r.reason]}</h2>
      <p className="mt-2 text-sm whitespace-pre-line text-taupe">{r.note}</p>
      {r.photos.length > 0 && (
        <div className="mt-3 flex gap-2">
          {r.photos.map((p, i) => (
            <img
              key={p.url}
              src={p.url}
              alt={`Photo ${i + 1} of the problem`}
              className="size-20 rounded-xs object-cover"
            />
          ))}
        </div>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-stone">Reported</dt>
        <dd>{formatDate(r.createdAt)}</dd>
        {r.lenderNote && (
          <>
            <dt className="text-stone">Lender</dt>
            <dd>{r.lenderNote}</dd>
          </>
        )}
        {r.outcome && (
          <>
            <dt className="text-stone">Outcome</dt>
            <dd>
              {REPORT_OUTCOME_LABELS[r.outcome]}
              {r.refundCents > 0 &&
                `: ${formatCents(r.refundCents)} ${r.refundStatus === 'refunded' ? 'refunded to your card' : r.refundStatus === 'failed' ? 'refund failed (our team is on it)' : 'refund on its way'}`}
            </dd>
            {r.decisionNote && (
              <>
                <dt className="text-stone">Note</dt>
                <dd>{r.decisionNote}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {rental.role === 'lender' && r.status === 'open' && <AnswerForm report={r} result={result} />}
    </article>
  );
}

function Pending({ label, busyLabel }: { label: string; busyLabel: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Button type="submit" size="lg" disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}

function ReportForm({ rental, result }: { rental: RentalReports; result?: ReportFormResult | undefined }) {
  const reasons = REPORT_REASONS.filter((r) => (rental.received ? r !== 'not_arrived' : r === 'not_arrived'));
  const err = (field: string) => (result?.field === field ? result.error : undefined);
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-5" aria-label="Report a problem">
      <input type="hidden" name="intent" value="report" />
      <fieldset>
        <legend className="text-sm font-medium">What is wrong</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {reasons.map((r, i) => (
            <label key={r} className="flex min-h-11 items-center gap-3 rounded-sm border border-linen px-3 text-sm">
              <input type="radio" name="reason" value={r} defaultChecked={i === 0} required />
              {REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </div>
        {err('reason') && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-danger">
            {err('reason')}
          </p>
        )}
      </fieldset>
      <Field label="What happened" error={err('note')} hint="Where the problem is and what you expected.">
        <Textarea name="note" maxLength={REPORT_NOTE_MAX} required minLength={10} />
      </Field>
      <Field
        label={`Photos (up to ${MAX_REPORT_PHOTOS})`}
        error={err('photos')}
        hint="JPEG, PNG or WebP, up to 5 MB each. At least one, unless it never came."
      >
        <Input type="file" name="photos" multiple accept={ACCEPTED_PHOTO_TYPES.join(',')} className="h-auto py-2" />
      </Field>
      {result && !result.field && (
        <p role="alert" className="text-sm font-medium text-danger">
          {result.error}
        </p>
      )}
      {rental.reportUntil && (
        <p className="text-xs text-stone">You can report until {formatDate(rental.reportUntil)}.</p>
      )}
      <Pending label="Send report" busyLabel="Sending…" />
    </Form>
  );
}

function AnswerForm({ report, result }: { report: Report; result?: ReportFormResult | undefined }) {
  return (
    <Form method="post" className="mt-5 space-y-4 border-t border-linen pt-4" aria-label="Answer the report">
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="reportId" value={report.id} />
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Your answer</legend>
        <label className="flex min-h-11 items-center gap-3 rounded-sm border border-linen px-3 text-sm">
          <input type="radio" name="answer" value="accept" defaultChecked /> Accept: refund her in full
        </label>
        <label className="flex min-h-11 items-center gap-3 rounded-sm border border-linen px-3 text-sm">
          <input type="radio" name="answer" value="dispute" /> Dispute: our team decides
        </label>
      </fieldset>
      <Field label="Note for the renter and our team" error={result?.field === 'note' ? result.error : undefined}>
        <Textarea name="note" required minLength={5} />
      </Field>
      {result && result.field !== 'note' && (
        <p role="alert" className="text-sm font-medium text-danger">
          {result.error}
        </p>
      )}
      <Pending label="Send answer" busyLabel="Sending…" />
    </Form>
  );
}
