import { Ticket } from 'lucide-react';
import { Form, Link, data, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Redeemed } from '@domain/credit';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate, invalidationSets } from '../../../lib/query-keys';
import { loginRedirect } from '../../../lib/page-data';
import { creditKeys } from '../api/get-credit';
import { postJson, refusalOf, type Refused } from '../api/post-json';
import type { Route } from './+types/redeem';

/**
 * POST /gift-cards/redeem (POST /api/gift-cards/redeem): a gift card's code into her credit, then
 * her credit page; a gift month's into her plan (decision 0069), then this page saying what it did.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  const code = String((await request.formData()).get('code') ?? '');
  const res = await postJson(context, '/api/gift-cards/redeem', { code });
  if (res.ok) {
    const done = (await res.json()) as Redeemed;
    if (done.planMonth) {
      const m = done.planMonth;
      const q = new URLSearchParams({ month: m.how, plan: m.planTitle, until: m.paidThrough });
      if (m.itemCount) q.set('pieces', String(m.itemCount));
      return redirect(`${paths.redeemGiftCard}?${q.toString()}`);
    }
    return redirect(`${paths.credit}?redeemed=${done.creditedCents}`);
  }
  return data<Refused>(await refusalOf(res), { status: res.status });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } finally {
    await invalidate(browserQueryClient(), [creditKeys.all, ...invalidationSets.plan]);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Redeem a gift card · Rentique',
    description: 'Add a gift card to your store credit, or a gift month to your plan.',
    noindex: true,
  });

/** What a redeemed gift month did to her plan, in her words (from the address the action sent her to). */
function monthDone(params: URLSearchParams): string | null {
  const how = params.get('month');
  const until = params.get('until');
  if (!how || !until) return null;
  const plan = `${params.get('plan') ?? 'Monthly'}${params.get('pieces') ? ` with ${params.get('pieces')} pieces a month` : ''}`;
  const day = formatDate(until);
  if (how === 'started')
    return `Your gift month has started: ${plan}, nothing to pay, until ${day}. It ends then unless you keep it from Your plan on your account.`;
  if (how === 'resumed')
    return `Your gift month has started today: your ${plan} plan is active again, with nothing to pay until ${day}.`;
  return `Your gift month is on your ${plan} plan: your next billing date is now ${day}.`;
}

/** /gift-cards/redeem (members): a gift card's code becomes store credit, a gift month's goes to her plan; once. */
export default function Component() {
  const refused = useActionData<typeof action>() as Refused | undefined;
  const busy = useNavigation().state === 'submitting';
  const done = monthDone(useSearchParams()[0]);
  return (
    <div className="container-page max-w-xl pb-16">
      <PageHeader eyebrow="Gift cards" title="Redeem a gift card">
        <p>
          Type the code from your e-mail. A gift card becomes store credit, spent on your rentals before your card; a
          gift month goes to your plan.
        </p>
      </PageHeader>
      {done && (
        <p
          role="status"
          className="mb-6 rounded-sm border border-linen bg-ivory px-4 py-3"
          data-testid="gift-month-done"
        >
          {done}{' '}
          <Link className="underline" to={`${paths.account}#plan`}>
            See your plan
          </Link>
        </p>
      )}
      <Form method="post" className="space-y-5 rounded-md border border-linen/80 bg-ivory p-6 shadow-soft">
        <Field
          label="Gift card code"
          hint="Like GIFT-ABCD-EFGH-JKLM, in any case: a gift card or a gift month."
          error={refused?.error}
        >
          <Input
            name="code"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
          />
        </Field>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          <Ticket aria-hidden="true" /> {busy ? 'Redeeming…' : 'Redeem'}
        </Button>
      </Form>
    </div>
  );
}
