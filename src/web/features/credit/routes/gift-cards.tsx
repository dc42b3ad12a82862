import { Gift } from 'lucide-react';
import { Form, Link, data, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { pageMeta } from '../../../lib/meta';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate, queryKeys } from '../../../lib/query-keys';
import { clientLoadPage, loadPage, loginRedirect, type PageQueries } from '../../../lib/page-data';
import { creditKeys, getGiftCardsQueryOptions, useGiftCards } from '../api/get-credit';
import { postJson, refusalOf, type Refused } from '../api/post-json';
import { AmountChoice, GiftKindNav, MonthChoice, giftLine } from '../components/gift-choice';
import type { Route } from './+types/gift-cards';

const queries: PageQueries = (queryClient) => queryClient.ensureQueryData(getGiftCardsQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

/** A short, stable digest of the gift (FNV-1a, 2 x 32 bits): the same gift gives the same key. */
function hashOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i += 1) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(text.length - 1 - i), 0x811c9dc5) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}`;
}

/**
 * POST /gift-cards: buys the card (POST /api/gift-cards) or the gift month (POST
 * /api/gift-cards/plan-month, decision 0069) with her saved card. The form's key is the gift
 * itself within ten minutes, so a form sent twice (a double click, a retried post) buys once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const month = text('kind') === 'plan_month';
  const body = {
    ...(month ? { itemCount: Number(form.get('itemCount')) } : { amountCents: Number(form.get('amountCents')) }),
    recipientName: text('recipientName'),
    recipientEmail: text('recipientEmail'),
    message: text('message'),
    ...(text('sendOn') ? { sendOn: text('sendOn') } : {}),
  };
  const window = Math.floor(Date.now() / 600_000);
  const idempotencyKey = `form:${window}:${hashOf(JSON.stringify([context.user.id, body]))}`;
  const res = await postJson(context, month ? '/api/gift-cards/plan-month' : '/api/gift-cards', {
    ...body,
    idempotencyKey,
  });
  if (res.ok) return redirect(month ? `${paths.giftCards}?gift=month&bought=month` : `${paths.giftCards}?bought=1`);
  return data<Refused & { code: string }>(
    { ...(await refusalOf(res)), code: res.status === 402 ? 'CARD' : '' },
    { status: res.status },
  );
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } finally {
    await invalidate(browserQueryClient(), [creditKeys.giftCards, queryKeys.orders.all]);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Give a gift card · Rentique',
    description: 'A Rentique gift card or a month of Monthly, sent by e-mail on the day you choose.',
    noindex: true,
  });

/**
 * /gift-cards (members): buy a gift card or a month of Monthly (`?gift=month`), sent by e-mail
 * with its code; the gifts she has given.
 */
export default function Component() {
  const refused = useActionData<typeof action>() as (Refused & { code: string }) | undefined;
  const busy = useNavigation().state === 'submitting';
  const cards = useGiftCards();
  const [params] = useSearchParams();
  const err = (field: string) => (refused?.field === field ? refused.error : undefined);
  const chosen = params.get('gift') === 'month' ? 'month' : 'amount';
  return (
    <div className="container-page max-w-3xl pb-16">
      <PageHeader eyebrow="Gift cards" title="Give a gift card">
        <p>
          Paid with your card on file and sent by e-mail with its code on the day you choose. A gift card becomes store
          credit when it is redeemed; a gift month goes to her plan.{' '}
          <Link to={paths.redeemGiftCard} className="underline">
            Received one? Redeem it.
          </Link>
        </p>
      </PageHeader>
      {params.get('bought') && (
        <p role="status" className="mb-6 rounded-sm border border-linen bg-ivory px-4 py-3" data-testid="bought">
          Thank you: your {params.get('bought') === 'month' ? 'gift month' : 'gift card'} is paid and will be sent on
          its day.
        </p>
      )}
      <GiftKindNav chosen={chosen} />
      <Form
        method="post"
        className="space-y-5 rounded-md border border-linen/80 bg-ivory p-6 shadow-soft"
        aria-label={chosen === 'month' ? 'A month of Monthly' : 'A gift card'}
      >
        <input type="hidden" name="kind" value={chosen === 'month' ? 'plan_month' : 'amount'} />
        {chosen === 'month' ? <MonthChoice error={err('itemCount')} /> : <AmountChoice />}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Recipient's name" error={err('recipientName')}>
            <Input name="recipientName" required maxLength={80} autoComplete="off" />
          </Field>
          <Field label="Recipient's e-mail" error={err('recipientEmail')}>
            <Input name="recipientEmail" type="email" required maxLength={200} autoComplete="off" />
          </Field>
        </div>
        <Field label="Message (optional)" error={err('message')}>
          <Textarea name="message" rows={3} maxLength={500} />
        </Field>
        <Field label="Send on" hint="Leave empty to send it today." error={err('sendOn')}>
          <Input name="sendOn" type="date" />
        </Field>
        {refused && !refused.field && (
          <p role="alert" className="rounded-sm border border-danger/40 px-4 py-3 text-sm text-danger">
            {refused.error}{' '}
            {refused.code === 'CARD' && (
              <Link className="underline" to={paths.creditCardManageFrom(paths.giftCards)}>
                Add or change your card
              </Link>
            )}
          </p>
        )}
        <Button type="submit" disabled={busy} aria-busy={busy}>
          <Gift aria-hidden="true" />{' '}
          {busy ? 'Paying…' : chosen === 'month' ? 'Buy the gift month' : 'Buy the gift card'}
        </Button>
      </Form>
      <section aria-labelledby="given" className="mt-12">
        <h2 id="given" className="font-display text-2xl">
          Gifts you have given
        </h2>
        {cards.isPending ? (
          <Skeleton className="mt-4 h-20" />
        ) : cards.isError || cards.data.giftCards.length === 0 ? (
          <p className="mt-4 text-taupe">None yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-linen/80 rounded-md border border-linen/80 bg-ivory">
            {cards.data.giftCards.map((c) => {
              const line = giftLine(c);
              return (
                <li key={c.id} className="flex flex-wrap justify-between gap-2 px-5 py-4 text-sm">
                  <span>{line.what}</span>
                  <span className="text-taupe">{line.state}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
