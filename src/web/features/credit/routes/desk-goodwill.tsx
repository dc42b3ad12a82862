import { HandHeart } from 'lucide-react';
import { Form, data, useActionData, useNavigation } from 'react-router';
import { MAX_GOODWILL_CENTS } from '@domain/credit';
import { parseCents } from '@domain/money';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { formatCents } from '../../../lib/format';
import { deskMeta } from '../../ops';
import { postJson, refusalOf, type Refused } from '../api/post-json';
import type { Route } from './+types/desk-goodwill';

type Answer = (Refused & { ok?: false }) | { ok: true; message: string };

/**
 * POST /ops/credit: grants the credit (POST /api/ops/credit/goodwill, audited). The key is the
 * grant itself within ten minutes, so a form sent twice grants once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const reason = String(form.get('reason') ?? '').trim();
  const amountCents = parseCents(String(form.get('amount') ?? '')) ?? Number.NaN;
  if (!Number.isFinite(amountCents))
    return data<Answer>({ error: 'Type an amount in dollars.', field: 'amountCents' }, { status: 400 });
  const idempotencyKey = `desk:${Math.floor(Date.now() / 600_000)}:${email}:${amountCents}:${reason.length}`.slice(
    0,
    100,
  );
  const res = await postJson(context, '/api/ops/credit/goodwill', { email, amountCents, reason, idempotencyKey });
  if (!res.ok) return data<Answer>(await refusalOf(res), { status: res.status });
  return data<Answer>({ ok: true, message: `${formatCents(amountCents)} of store credit granted to ${email}.` });
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Goodwill credit');

/** /ops/credit (staff): goodwill store credit for a member, by her e-mail; audited. */
export default function Component() {
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === 'submitting';
  const refused = answer && !answer.ok ? answer : null;
  const err = (field: string) => (refused?.field === field ? refused.error : undefined);
  return (
    <section aria-labelledby="goodwill" className="max-w-xl">
      <h1 id="goodwill" className="font-display text-3xl">
        Goodwill credit
      </h1>
      <p className="mt-2 text-sm text-taupe">
        Store credit for a member, up to {formatCents(MAX_GOODWILL_CENTS)}, with the reason she will read. Recorded in
        the audit log.
      </p>
      {answer?.ok && (
        <p role="status" className="mt-4 rounded-sm border border-linen bg-ivory px-4 py-3 text-sm">
          {answer.message}
        </p>
      )}
      {refused && !refused.field && (
        <p role="alert" className="mt-4 rounded-sm border border-danger/40 px-4 py-3 text-sm text-danger">
          {refused.error}
        </p>
      )}
      <Form method="post" className="mt-6 space-y-5 rounded-md border border-linen/80 bg-ivory p-6">
        <Field label="Member's e-mail" error={err('email')}>
          <Input name="email" type="email" required autoComplete="off" />
        </Field>
        <Field label="Amount (dollars)" error={err('amountCents')}>
          <Input name="amount" inputMode="decimal" required placeholder="25.00" />
        </Field>
        <Field label="Reason" hint="She reads it in her credit's history." error={err('reason')}>
          <Textarea name="reason" rows={2} required minLength={3} maxLength={300} />
        </Field>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          <HandHeart aria-hidden="true" /> {busy ? 'Granting…' : 'Grant credit'}
        </Button>
      </Form>
    </section>
  );
}
