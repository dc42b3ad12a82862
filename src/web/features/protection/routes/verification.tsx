import { Form, Link, data, redirect, useNavigation } from 'react-router';
import { formatCents } from '@domain/money';
import { PROTECTION_SETTINGS, type Verification } from '@domain/protection';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { apiErrorOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { browserQueryClient } from '../../../lib/query-client';
import { getVerificationQueryOptions, protectionQueryKey, useVerification } from '../api/get-verification';
import type { Route } from './+types/verification';

const queries: PageQueries = (queryClient) => queryClient.ensureQueryData(getVerificationQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

interface VerifyResult {
  error: string;
  field?: string | undefined;
}

/** POST /account/verification: her document and selfie to the identity provider, in-process as her (decision 0064). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
  const selfie = form.get('selfie');
  const body = JSON.stringify({
    documentType: text('documentType'),
    documentNumber: text('documentNumber'),
    selfie: selfie instanceof File ? selfie.size > 0 : text('selfie') === 'on',
  });
  const res = await context.apiFetch(
    new Request(new URL('/api/protection/verification', context.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }),
  );
  if (res.ok) return redirect(paths.verification);
  const error = await apiErrorOf(res);
  const issue = error?.issues?.[0];
  return data<VerifyResult>(
    { error: issue?.message ?? error?.message ?? 'That did not work. Try again.', field: issue?.path },
    { status: res.status },
  );
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } finally {
    await browserQueryClient().invalidateQueries({ queryKey: protectionQueryKey });
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Verify your identity · Rentique',
    description: 'Verify your identity: the pieces you lend show the Verified badge.',
    noindex: true,
  });

const STATUS: Record<Verification['status'], { label: string; tone: 'success' | 'clay' | 'outline'; text: string }> = {
  none: { label: 'Not verified', tone: 'outline', text: 'You have not verified your identity yet.' },
  pending: { label: 'Checking', tone: 'clay', text: 'Your identity check is under way.' },
  approved: {
    label: 'Verified',
    tone: 'success',
    text: 'Your identity is verified: the pieces you lend show the Verified badge.',
  },
  rejected: {
    label: 'Not verified',
    tone: 'outline',
    text: 'Your last check did not go through. Check the document’s number and try again.',
  },
  needs_review: {
    label: 'In review',
    tone: 'clay',
    text: 'Our identity partner is reviewing your documents by hand. We will tell you when it is done.',
  },
};

/** /account/verification: her verified badge, and the form that starts a check. */
export default function Component({ actionData }: Route.ComponentProps) {
  const page = useVerification();
  const result = actionData as VerifyResult | undefined;
  return (
    <div className="container-page max-w-2xl pb-24">
      <PageHeader eyebrow="Trust and safety" title="Verify your identity">
        Lending a piece, renting a member’s piece worth {formatCents(PROTECTION_SETTINGS.verifiedRenterThresholdCents)}{' '}
        or more, and Instant Book are for verified members, and a verified lender’s pieces show the Verified badge on
        their pages. Your document and selfie go to our identity partner; we keep only the outcome.
      </PageHeader>
      {page.isPending ? (
        <SkeletonRows label="Loading your verification" count={1} rowClassName="h-24" />
      ) : page.isError ? (
        <LoadError title="Your verification could not be loaded" onRetry={() => void page.refetch()} />
      ) : (
        <div className="space-y-8">
          <section aria-label="Your status" className="rounded-md border border-linen/80 bg-ivory p-5 shadow-soft">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={STATUS[page.data.status].tone}>{STATUS[page.data.status].label}</Badge>
              {page.data.updatedAt && (
                <span className="text-sm text-stone">since {formatDate(page.data.updatedAt)}</span>
              )}
            </div>
            <p className="mt-3 text-sm text-taupe">{STATUS[page.data.status].text}</p>
          </section>
          {(page.data.status === 'none' || page.data.status === 'rejected') && <VerifyForm result={result} />}
          <p className="text-sm text-taupe">
            What protects a rental when something goes wrong:{' '}
            <Link to={paths.damageSchedule} className="text-ink underline underline-offset-4">
              our damage and loss schedule
            </Link>
            .
          </p>
        </div>
      )}
    </div>
  );
}

function VerifyForm({ result }: { result?: VerifyResult | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const err = (field: string) => (result?.field === field ? result.error : undefined);
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-5" aria-label="Verify your identity">
      {result && !result.field && (
        <p role="alert" className="rounded-sm bg-sand/60 p-4 text-sm text-danger">
          {result.error}
        </p>
      )}
      <Field label="Document" error={err('documentType')}>
        <NativeSelect name="documentType" defaultValue="passport" required>
          <option value="passport">Passport</option>
          <option value="driving_licence">Driving licence</option>
          <option value="id_card">National ID card</option>
        </NativeSelect>
      </Field>
      <Field label="Document number" error={err('documentNumber')} hint="As printed on the document.">
        <Input name="documentNumber" autoComplete="off" required minLength={6} maxLength={20} />
      </Field>
      <Field label="A selfie" error={err('selfie')} hint="A clear photo of your face, to match your document.">
        <Input name="selfie" type="file" accept="image/jpeg,image/png,image/webp" required />
      </Field>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Sending…' : 'Verify my identity'}
      </Button>
    </Form>
  );
}
