import { Ticket } from 'lucide-react';
import { Form, data, redirect, useActionData, useNavigation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { pageMeta } from '../../../lib/meta';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate, queryKeys } from '../../../lib/query-keys';
import { loginRedirect } from '../../../lib/page-data';
import { creditKeys } from '../api/get-credit';
import { postJson, refusalOf, type Refused } from '../api/post-json';
import type { Route } from './+types/redeem';

/** POST /gift-cards/redeem: the code redeemed into her credit (POST /api/gift-cards/redeem), then her credit page. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  const code = String((await request.formData()).get('code') ?? '');
  const res = await postJson(context, '/api/gift-cards/redeem', { code });
  if (res.ok) {
    const done = (await res.json()) as { creditedCents: number };
    return redirect(`${paths.credit}?redeemed=${done.creditedCents}`);
  }
  return data<Refused>(await refusalOf(res), { status: res.status });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } finally {
    await invalidate(browserQueryClient(), [creditKeys.all, queryKeys.rentals.quotes]);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Redeem a gift card · Rentique',
    description: 'Add a gift card to your store credit.',
    noindex: true,
  });

/** /gift-cards/redeem (members): a gift card's code becomes store credit, once. */
export default function Component() {
  const refused = useActionData<typeof action>() as Refused | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="container-page max-w-xl pb-16">
      <PageHeader eyebrow="Gift cards" title="Redeem a gift card">
        <p>Type the code from your e-mail. Its amount becomes store credit, spent on your rentals before your card.</p>
      </PageHeader>
      <Form method="post" className="space-y-5 rounded-md border border-linen/80 bg-ivory p-6 shadow-soft">
        <Field label="Gift card code" hint="Like GIFT-ABCD-EFGH-JKLM, in any case." error={refused?.error}>
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
