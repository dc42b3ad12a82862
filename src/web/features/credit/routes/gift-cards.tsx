import { Gift } from 'lucide-react';
import { Form, Link, data, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { GIFT_CARD_AMOUNTS_CENTS } from '@domain/credit';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { formatCents, formatDate } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate, queryKeys } from '../../../lib/query-keys';
import { clientLoadPage, loadPage, loginRedirect, type PageQueries } from '../../../lib/page-data';
import { creditKeys, getGiftCardsQueryOptions, useGiftCards } from '../api/get-credit';
import { postJson, refusalOf, type Refused } from '../api/post-json';
import type { Route } from './+types/gift-cards';

const queries: PageQueries = (queryClient) => queryClient.ensureQueryData(getGiftCardsQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

/**
 * POST /gift-cards: buys the card with her saved card (POST /api/gift-cards). The form's key is
 * the gift itself within ten minutes, so a form sent twice (a double click, a retried post) buys once.
 */
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

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const body = {
    amountCents: Number(form.get('amountCents')),
    recipientName: text('recipientName'),
    recipientEmail: text('recipientEmail'),
    message: text('message'),
    ...(text('sendOn') ? { sendOn: text('sendOn') } : {}),
  };
  const window = Math.floor(Date.now() / 600_000);
  const idempotencyKey = `form:${window}:${hashOf(JSON.stringify([context.user.id, body]))}`;
  const res = await postJson(context, '/api/gift-cards', { ...body, idempotencyKey });
  if (res.ok) return redirect(`${paths.giftCards}?bought=1`);
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
    description: 'A Rentique gift card, sent by e-mail on the day you choose.',
    noindex: true,
  });

/** /gift-cards (members): buy a gift card, sent by e-mail with its code; the cards she has given. */
export default function Component() {
  const refused = useActionData<typeof action>() as (Refused & { code: string }) | undefined;
  const busy = useNavigation().state === 'submitting';
  const cards = useGiftCards();
  const [params] = useSearchParams();
  const err = (field: string) => (refused?.field === field ? refused.error : undefined);
  return (
    <div className="container-page max-w-3xl pb-16">
      <PageHeader eyebrow="Gift cards" title="Give a gift card">
        <p>
          Paid with your card on file and sent by e-mail with its code on the day you choose. It becomes store credit
          when it is redeemed.{' '}
          <Link to={paths.redeemGiftCard} className="underline">
            Received one? Redeem it.
          </Link>
        </p>
      </PageHeader>
      {params.get('bought') && (
        <p role="status" className="mb-6 rounded-sm border border-linen bg-ivory px-4 py-3" data-testid="bought">
          Thank you: your gift card is paid and will be sent on its day.
        </p>
      )}
      <Form method="post" className="space-y-5 rounded-md border border-linen/80 bg-ivory p-6 shadow-soft">
        <fieldset>
          <legend className="text-sm font-medium">Amount</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {GIFT_CARD_AMOUNTS_CENTS.map((cents, i) => (
              <label
                key={cents}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-sm border border-linen px-4 has-[:checked]:border-ink"
              >
                <input type="radio" name="amountCents" value={cents} defaultChecked={i === 1} required />
                {formatCents(cents)}
              </label>
            ))}
          </div>
        </fieldset>
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
          <Gift aria-hidden="true" /> {busy ? 'Paying…' : 'Buy the gift card'}
        </Button>
      </Form>
      <section aria-labelledby="given" className="mt-12">
        <h2 id="given" className="font-display text-2xl">
          Gift cards you have given
        </h2>
        {cards.isPending ? (
          <Skeleton className="mt-4 h-20" />
        ) : cards.isError || cards.data.giftCards.length === 0 ? (
          <p className="mt-4 text-taupe">None yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-linen/80 rounded-md border border-linen/80 bg-ivory">
            {cards.data.giftCards.map((c) => (
              <li key={c.id} className="flex flex-wrap justify-between gap-2 px-5 py-4 text-sm">
                <span>
                  {formatCents(c.amountCents)} for {c.recipientName} ({c.recipientEmail})
                </span>
                <span className="text-taupe">
                  {c.status === 'failed'
                    ? 'Payment declined'
                    : c.redeemedAt
                      ? 'Redeemed'
                      : c.sentAt
                        ? `Sent ${formatDate(c.sentAt)}`
                        : `To be sent ${formatDate(c.sendOn)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
