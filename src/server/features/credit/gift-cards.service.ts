import { randomInt } from 'node:crypto';
import {
  CREDIT_MESSAGES,
  giftMonthPriceCents,
  type GiftCard,
  type GiftCardPurchase,
  type GiftMonthPurchase,
  type Redeemed,
} from '../../../domain/credit';
import { addDays } from '../../../domain/calendar';
import { DomainError, notFound } from '../../../domain/errors';
import { declineMessage } from '../../../domain/payments';
import { planTitle } from '../../../domain/plans';
import type { AppContext } from '../../context';
import type { RateLimit } from '../../rate-limit';
import type { PaymentsService } from '../payments';
import type { PlanGifts } from '../plans';
import type { CreditService } from './credit.service';
import { giftMail } from './gift-mail';
import { createGiftCardsRepository, type GiftCardRow } from './gift-cards.repository';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const block = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const newCode = () => `GIFT-${block()}-${block()}-${block()}`;
/** A claimed e-mail not marked sent after this long is tried again (the sender died). */
const SEND_LEASE_MS = 10 * 60_000;

function toGiftCard(row: GiftCardRow): GiftCard {
  return {
    id: row.id,
    kind: row.kind === 'plan_month' ? 'plan_month' : 'amount',
    amountCents: row.amount_cents,
    planMonth:
      row.kind === 'plan_month' && row.item_count !== null
        ? { planTitle: planTitle('monthly'), itemCount: row.item_count }
        : null,
    recipientEmail: row.recipient_email,
    recipientName: row.recipient_name,
    sendOn: row.send_on,
    status: row.status === 'paid' || row.status === 'failed' ? row.status : 'pending_payment',
    sentAt: row.sent_at,
    redeemedAt: row.redeemed_at,
    createdAt: row.created_at,
  };
}

/** What is bought: an amount (store credit) or a month of Monthly with its pieces (decision 0069). */
type GiftBought = Omit<GiftCardPurchase, 'amountCents'> & { amountCents: number; itemCount: number | null };

/**
 * Gift cards (decision 0063): bought with her card in set amounts (a `gift_card` charge in the
 * payments ledger, key gift:<id>:charge), e-mailed with its code on the day she chose, and
 * redeemed once into store credit (a conditional update of `redeemed_by`, then a credit entry
 * under gift:<id>:redeem). Buying and redeeming are rate limited per member. A gift month of
 * Monthly (decision 0069) is the same row of another kind: bought, sent and redeemed once the
 * same way, redeemed into her plan (plans' `planGifts.apply`, in the redemption's transaction).
 */
export function createGiftCardsService(
  ctx: AppContext,
  deps: {
    payments: PaymentsService;
    credit: CreditService;
    cardForCharge: (userId: string) => Promise<{ token: string; brand: string; lastFour: string } | null>;
    planGifts: PlanGifts;
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
        await ctx.mailer.send(giftMail(card, from, ctx.env.publicUrl));
        await repo.markSent(card.id, nowIso());
        sent += 1;
      } catch (err) {
        log.warn({ err, giftCardId: card.id }, 'gift card e-mail not sent yet');
      }
    }
    return sent;
  }

  /**
   * Buys a gift card or a gift month with her saved card. A second submit of the same form (its
   * key) answers with the first and charges nothing more; a declined card answers 402 and nothing
   * is sent. Sent at once when the send day is today.
   */
  async function purchase(userId: string, input: GiftBought): Promise<GiftCard> {
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
      const month = input.itemCount !== null;
      const row = await repo.insert(trx, {
        code: newCode(),
        kind: month ? 'plan_month' : 'amount',
        plan: month ? 'monthly' : null,
        item_count: input.itemCount,
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
        description: month
          ? `Gift month of Monthly (${input.itemCount} pieces) for ${input.recipientName}`
          : `Gift card for ${input.recipientName}`,
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
  }

  return {
    deliverDue,

    async list(userId: string): Promise<GiftCard[]> {
      return (await repo.boughtBy(userId)).map(toGiftCard);
    },

    purchase: (userId: string, input: GiftCardPurchase) => purchase(userId, { ...input, itemCount: null }),

    /** A gift month of Monthly with `itemCount` pieces, at that month's price (decision 0069). */
    purchaseMonth: (userId: string, input: GiftMonthPurchase) =>
      purchase(userId, { ...input, amountCents: giftMonthPriceCents(input.itemCount) }),

    /**
     * Redeems a code once for all members (the database decides): a gift card into her store
     * credit, a gift month into her plan (decision 0069).
     */
    async redeem(userId: string, code: string): Promise<Redeemed> {
      await take(redeems, userId);
      // Her plan row is made before the transaction (SQLite has one connection).
      if ((await repo.byCode(db, code))?.kind === 'plan_month') await deps.planGifts.ensure(userId);
      const done = await db.transaction().execute(async (trx) => {
        const card = await repo.redeem(trx, code, userId, nowIso());
        if (!card) {
          const row = await repo.byCode(trx, code);
          if (!row || row.status === 'failed') throw notFound(CREDIT_MESSAGES.giftUnknown);
          if (row.status !== 'paid')
            throw new DomainError('CONFLICT', CREDIT_MESSAGES.giftNotReady, { details: { reason: 'unpaid' } });
          throw new DomainError('CONFLICT', CREDIT_MESSAGES.giftRedeemed, { details: { reason: 'redeemed' } });
        }
        if (card.kind === 'plan_month') {
          const applied = await deps.planGifts.apply(trx, userId, { itemCount: card.item_count! });
          await repo.setRedeemedHow(trx, card.id, applied.how, applied.paidThrough);
          const { how, planTitle: title, itemCount, paidThrough } = applied;
          return {
            kind: 'plan_month' as const,
            credited: 0,
            planMonth: { how, planTitle: title, itemCount, paidThrough },
          };
        }
        await credit.grant(trx, {
          userId,
          kind: 'gift_card',
          amountCents: card.amount_cents,
          description: `Gift card ${card.code.slice(0, 9)}…`,
          idempotencyKey: `gift:${card.id}:redeem`,
        });
        return { kind: 'amount' as const, credited: card.amount_cents, planMonth: null };
      });
      return {
        kind: done.kind,
        creditedCents: done.credited,
        balanceCents: await credit.balance(userId),
        planMonth: done.planMonth,
      };
    },
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
