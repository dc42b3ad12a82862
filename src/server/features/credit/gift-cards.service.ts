import { randomInt } from 'node:crypto';
import { CREDIT_MESSAGES, type GiftCard, type GiftCardPurchase } from '../../../domain/credit';
import { addDays } from '../../../domain/calendar';
import { DomainError, notFound } from '../../../domain/errors';
import { formatCents } from '../../../domain/money';
import { declineMessage } from '../../../domain/payments';
import type { AppContext } from '../../context';
import type { RateLimit } from '../../rate-limit';
import type { PaymentsService } from '../payments';
import type { CreditService } from './credit.service';
import { createGiftCardsRepository, type GiftCardRow } from './gift-cards.repository';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const block = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const newCode = () => `GIFT-${block()}-${block()}-${block()}`;
/** A claimed e-mail not marked sent after this long is tried again (the sender died). */
const SEND_LEASE_MS = 10 * 60_000;

function toGiftCard(row: GiftCardRow): GiftCard {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    recipientEmail: row.recipient_email,
    recipientName: row.recipient_name,
    sendOn: row.send_on,
    status: row.status === 'paid' || row.status === 'failed' ? row.status : 'pending_payment',
    sentAt: row.sent_at,
    redeemedAt: row.redeemed_at,
    createdAt: row.created_at,
  };
}

/**
 * Gift cards (decision 0063): bought with her card in set amounts (a `gift_card` charge in the
 * payments ledger, key gift:<id>:charge), e-mailed with its code on the day she chose, and
 * redeemed once into store credit (a conditional update of `redeemed_by`, then a credit entry
 * under gift:<id>:redeem). Buying and redeeming are rate limited per member.
 */
export function createGiftCardsService(
  ctx: AppContext,
  deps: {
    payments: PaymentsService;
    credit: CreditService;
    cardForCharge: (userId: string) => Promise<{ token: string; brand: string; lastFour: string } | null>;
  },
) {
  const { db } = ctx.database;
  const repo = createGiftCardsRepository(db);
  const { payments, credit } = deps;
  const nowIso = () => ctx.clock().toISOString();
  const log = ctx.logger.child({ feature: 'gift-cards' });
  const buys: RateLimit = { name: 'gift-card-buy', max: ctx.env.giftCardRateLimit, windowMs: 60 * 60_000 };
  const redeems: RateLimit = { name: 'gift-card-redeem', max: ctx.env.giftCardRateLimit, windowMs: 60 * 60_000 };

  async function take(limit: RateLimit, userId: string): Promise<void> {
    const verdict = await ctx.limits.take(limit, userId);
    if (verdict.allowed) return;
    const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
    throw new DomainError(
      'RATE_LIMITED',
      `Too many gift card attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { details: { retryAfterSeconds: verdict.retryAfterSeconds, limit: limit.max } },
    );
  }

  payments.onSettle('gift_card', async (trx, entry, outcome) => {
    const id = Number(entry.context.giftCardId);
    if (!Number.isInteger(id)) return;
    await repo.setStatus(trx, id, outcome.status === 'succeeded' ? 'paid' : 'failed', nowIso());
  });

  async function deliverDue(): Promise<number> {
    const now = ctx.clock();
    const staleBefore = new Date(now.getTime() - SEND_LEASE_MS).toISOString();
    let sent = 0;
    for (const card of await repo.due(ctx.today(), staleBefore, 100)) {
      if (!(await repo.claimSend(card.id, card.send_claimed_at, nowIso()))) continue;
      const buyer = await db.selectFrom('user').select('full_name').where('id', '=', card.buyer_id).executeTakeFirst();
      const from = buyer?.full_name.split(/\s+/)[0] || 'A friend';
      try {
        await ctx.mailer.send({
          to: card.recipient_email,
          subject: `${from} sent you a Rentique gift card of ${formatCents(card.amount_cents)}`,
          text: [
            `Dear ${card.recipient_name},`,
            '',
            `${from} has sent you a Rentique gift card of ${formatCents(card.amount_cents)}.`,
            ...(card.message ? ['', `"${card.message}"`] : []),
            '',
            `Your code: ${card.code}`,
            '',
            `Redeem it at ${ctx.env.publicUrl}/gift-cards/redeem: it becomes store credit on your account,`,
            'spent on your next rentals before your card. A code can be redeemed once.',
          ].join('\n'),
          messageId: `<gift-card-${card.id}@rentique>`,
        });
        await repo.markSent(card.id, nowIso());
        sent += 1;
      } catch (err) {
        log.warn({ err, giftCardId: card.id }, 'gift card e-mail not sent yet');
      }
    }
    return sent;
  }

  return {
    deliverDue,

    async list(userId: string): Promise<GiftCard[]> {
      return (await repo.boughtBy(userId)).map(toGiftCard);
    },

    /**
     * Buys a gift card with her saved card. A second submit of the same form (its key) answers
     * with the first card and charges nothing more; a declined card answers 402 and the card is
     * not sent. Sent at once when the send day is today.
     */
    async purchase(userId: string, input: GiftCardPurchase): Promise<GiftCard> {
      const today = ctx.today();
      const sendOn = input.sendOn ?? today;
      if (sendOn < today || sendOn > addDays(today, 365))
        throw new DomainError('VALIDATION_FAILED', 'The send date must be today or within a year.', {
          issues: [{ path: 'sendOn', message: 'Choose today or a day within the next year.' }],
        });
      const known = await repo.byRequest(db, userId, input.idempotencyKey);
      if (known) return toGiftCard(known);
      await take(buys, userId);
      const card = await deps.cardForCharge(userId);
      if (!card)
        throw new DomainError('CARD_REQUIRED', 'Add a card to your account to buy a gift card.', { details: {} });
      const at = nowIso();
      const made = await db.transaction().execute(async (trx) => {
        const row = await repo.insert(trx, {
          code: newCode(),
          amount_cents: input.amountCents,
          buyer_id: userId,
          request_key: input.idempotencyKey,
          recipient_email: input.recipientEmail,
          recipient_name: input.recipientName,
          message: input.message,
          send_on: sendOn,
          status: 'pending_payment',
          send_claimed_at: null,
          sent_at: null,
          redeemed_by: null,
          redeemed_at: null,
          created_at: at,
          updated_at: at,
        });
        if (!row) return { row: (await repo.byRequest(trx, userId, input.idempotencyKey))!, entryId: null };
        const entry = await payments.record(trx, {
          userId,
          purpose: 'gift_card',
          kind: 'charge',
          amountCents: input.amountCents,
          description: `Gift card for ${input.recipientName}`,
          idempotencyKey: `gift:${row.id}:charge`,
          card,
          context: { giftCardId: row.id },
        });
        return { row, entryId: entry.id };
      });
      if (made.entryId !== null) {
        const outcome = await payments.run(made.entryId);
        if (outcome.status === 'declined')
          throw new DomainError('PAYMENT_DECLINED', declineMessage(outcome.code), {
            details: { declineCode: outcome.code },
          });
        if (outcome.status === 'failed') throw new Error(`the gift card's charge was refused: ${outcome.code}`);
        await deliverDue();
      }
      return toGiftCard((await repo.byId(db, made.row.id))!);
    },

    /** Redeems a code into her store credit, once for all members (the database decides). */
    async redeem(userId: string, code: string): Promise<{ creditedCents: number; balanceCents: number }> {
      await take(redeems, userId);
      const credited = await db.transaction().execute(async (trx) => {
        const card = await repo.redeem(trx, code, userId, nowIso());
        if (!card) {
          const row = await repo.byCode(trx, code);
          if (!row || row.status === 'failed') throw notFound(CREDIT_MESSAGES.giftUnknown);
          if (row.status !== 'paid')
            throw new DomainError('CONFLICT', CREDIT_MESSAGES.giftNotReady, { details: { reason: 'unpaid' } });
          throw new DomainError('CONFLICT', CREDIT_MESSAGES.giftRedeemed, { details: { reason: 'redeemed' } });
        }
        await credit.grant(trx, {
          userId,
          kind: 'gift_card',
          amountCents: card.amount_cents,
          description: `Gift card ${card.code.slice(0, 9)}…`,
          idempotencyKey: `gift:${card.id}:redeem`,
        });
        return card.amount_cents;
      });
      return { creditedCents: credited, balanceCents: await credit.balance(userId) };
    },
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
