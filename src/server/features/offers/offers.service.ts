import type { Kysely } from 'kysely';
import { DomainError, notFound, type ErrorCode } from '../../../domain/errors';
import { formatCents } from '../../../domain/money';
import {
  OFFER_MESSAGES,
  betterOf,
  discountCents,
  type Discount,
  type PromoCode,
  type PromoCodeForm,
  type PromoKind,
} from '../../../domain/offers';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import type { RateLimit } from '../../rate-limit';
import { createAuditRepository, staffActor } from '../audit';
import { createOffersRepository, type PromoCodeRow } from './offers.repository';

/** What a booking is priced at: the discount that applies (welcome offer or code), or why her code cannot. */
export interface Pricing {
  discount: Discount | null;
  /** Set when she gave a code and the welcome offer saves more. */
  note: string | null;
  /** Why her code cannot apply (the booking is refused with it; the quote shows it). */
  refusal: DomainError | null;
  /** The code's row when the discount is a code (the booking takes one of its uses). */
  code: PromoCodeRow | null;
}

export interface PriceInput {
  userId: string | null;
  /** The rental's price before any discount. */
  priceCents: number;
  /** A plan's allowance pays for it: no offer applies (nothing is charged). */
  coveredByPlan: boolean;
  code: string | undefined;
}

const refuse = (code: ErrorCode, reason: string, message: string) =>
  new DomainError(code, message, { details: { reason } });

const codeLabel = (row: Pick<PromoCodeRow, 'code' | 'kind' | 'percent_off' | 'amount_off_cents'>) =>
  `Code ${row.code}: ${row.kind === 'percent' ? `${row.percent_off}%` : formatCents(row.amount_off_cents ?? 0)} off`;

function toPromoCode(row: PromoCodeRow): PromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as PromoKind,
    percentOff: row.percent_off,
    amountOffCents: row.amount_off_cents,
    minSpendCents: row.min_spend_cents,
    firstRentalOnly: row.first_rental_only === 1,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    maxUses: row.max_uses,
    maxUsesPerMember: row.max_uses_per_member,
    uses: row.uses,
    active: row.active === 1,
    createdAt: row.created_at,
  };
}

/**
 * Offers (docs/product.md, "Offers"; decision 0056): the welcome offer and the desk's promo
 * codes. `price` is the one rule the quote and the booking both use (the booking calls it in its
 * transaction, as the ladder's last rung); `claim` takes the offer in that transaction, where the
 * database decides (a primary key for the welcome offer, conditional updates for a code's uses);
 * `release` gives it back when the card is declined (nothing was booked).
 */
export function createOffersService(
  ctx: AppContext,
  deps: {
    /** Whether she has an earlier pay-per-item order that booked something (the orders feature decides). */
    hasPaidOrder: (reader: Kysely<DB>, userId: string) => Promise<boolean>;
  },
) {
  const { db } = ctx.database;
  const repo = createOffersRepository(db);
  const audit = createAuditRepository(db);
  const nowIso = () => ctx.clock().toISOString();
  const percent = ctx.env.welcomeOfferPercent;
  const attempts: RateLimit = { name: 'promo-code', max: ctx.env.promoCodeRateLimit, windowMs: 60 * 60_000 };

  /** Her first pay-per-item rental: no earlier one booked, and the welcome offer not taken. */
  async function isFirst(reader: Kysely<DB>, userId: string): Promise<boolean> {
    return !(await deps.hasPaidOrder(reader, userId)) && !(await repo.welcomeClaimed(reader, userId));
  }

  async function checkCode(
    reader: Kysely<DB>,
    text: string,
    input: PriceInput & { userId: string },
    first: boolean,
  ): Promise<{ row: PromoCodeRow; discount: Discount } | DomainError> {
    const row = await repo.codeByText(reader, text);
    if (!row) return refuse('PROMO_CODE_UNKNOWN', 'unknown', OFFER_MESSAGES.unknown);
    const today = ctx.today();
    if (row.active !== 1) return refuse('PROMO_CODE_EXPIRED', 'inactive', OFFER_MESSAGES.inactive);
    if (row.valid_from && today < row.valid_from) return refuse('PROMO_CODE_EXPIRED', 'not_yet', OFFER_MESSAGES.notYet);
    if (row.valid_until && today > row.valid_until)
      return refuse('PROMO_CODE_EXPIRED', 'expired', OFFER_MESSAGES.expired);
    if (input.coveredByPlan) return refuse('PROMO_CODE_NOT_ELIGIBLE', 'plan', OFFER_MESSAGES.planCovered);
    if (row.max_uses !== null && row.uses >= row.max_uses)
      return refuse('PROMO_CODE_USED_UP', 'used_up', OFFER_MESSAGES.usedUp);
    if (
      row.max_uses_per_member !== null &&
      (await repo.memberUses(reader, row.id, input.userId)) >= row.max_uses_per_member
    )
      return refuse('PROMO_CODE_USED_UP', 'member_limit', OFFER_MESSAGES.memberLimit);
    if (input.priceCents < row.min_spend_cents)
      return refuse(
        'PROMO_CODE_NOT_ELIGIBLE',
        'minimum_spend',
        OFFER_MESSAGES.minimumSpend(formatCents(row.min_spend_cents)),
      );
    if (row.first_rental_only === 1 && !first)
      return refuse('PROMO_CODE_NOT_ELIGIBLE', 'first_rental_only', OFFER_MESSAGES.firstRentalOnly);
    const cents = discountCents(input.priceCents, {
      kind: row.kind as PromoKind,
      percentOff: row.percent_off,
      amountOffCents: row.amount_off_cents,
    });
    return { row, discount: { kind: 'code', code: row.code, label: codeLabel(row), cents } };
  }

  return {
    /**
     * What the booking is priced at (the quote with the app's reader, the booking with its
     * transaction): the welcome offer on her first pay-per-item rental, her code if it can apply,
     * the better of the two and never both.
     */
    async price(reader: Kysely<DB>, input: PriceInput): Promise<Pricing> {
      const none: Pricing = { discount: null, note: null, refusal: null, code: null };
      if (!input.userId) return none;
      const member = { ...input, userId: input.userId };
      const first = !input.coveredByPlan && (await isFirst(reader, input.userId));
      const welcome: Discount | null =
        first && percent > 0
          ? {
              kind: 'welcome',
              code: null,
              label: `Welcome offer: ${percent}% off your first rental`,
              cents: discountCents(input.priceCents, { kind: 'percent', percentOff: percent, amountOffCents: null }),
            }
          : null;
      if (!input.code) return { ...none, discount: welcome };
      const checked = await checkCode(reader, input.code, member, first);
      if (checked instanceof DomainError) return { ...none, discount: welcome, refusal: checked };
      const best = betterOf(welcome, checked.discount);
      return best === checked.discount
        ? { discount: best, note: null, refusal: null, code: checked.row }
        : { discount: best, note: OFFER_MESSAGES.welcomeBetter, refusal: null, code: null };
    },

    /** Counts a quote or booking that names a code against her hourly limit (guessing is refused with 429). */
    async takeCodeAttempt(userId: string): Promise<void> {
      const verdict = await ctx.limits.take(attempts, userId);
      if (verdict.allowed) return;
      const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
      throw new DomainError(
        'RATE_LIMITED',
        `Too many promo code attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { details: { retryAfterSeconds: verdict.retryAfterSeconds, limit: attempts.max } },
      );
    },

    /**
     * Takes the priced offer for the order, in the booking's transaction: throws (and so rolls the
     * booking back) when the database says it is gone: her welcome offer claimed by a booking
     * that committed first, or the code's last use taken.
     */
    async claim(trx: Kysely<DB>, userId: string, orderId: number, pricing: Pricing): Promise<void> {
      const d = pricing.discount;
      if (!d) return;
      const at = nowIso();
      if (d.kind === 'welcome') {
        if (!(await repo.claimWelcome(trx, userId, orderId, d.cents, at)))
          throw new DomainError('CONFLICT', OFFER_MESSAGES.welcomeTaken, { details: { reason: 'welcome_taken' } });
        return;
      }
      const code = pricing.code;
      if (!code) throw new Error('a code discount without its code');
      const taken = await repo.takeUse(trx, code, userId);
      if (taken !== 'ok')
        throw refuse(
          'PROMO_CODE_USED_UP',
          taken,
          taken === 'used_up' ? OFFER_MESSAGES.usedUp : OFFER_MESSAGES.memberLimit,
        );
      await repo.insertRedemption(trx, {
        code_id: code.id,
        user_id: userId,
        order_id: orderId,
        discount_cents: d.cents,
        created_at: at,
      });
    },

    /** The booking's card was declined (nothing was booked): the welcome offer and the code's uses come back. */
    async release(trx: Kysely<DB>, orderId: number): Promise<void> {
      await repo.releaseWelcome(trx, orderId);
      await repo.releaseRedemption(trx, orderId);
    },

    // ------------------------------------------------------------------------------- the desk

    async listCodes(): Promise<PromoCode[]> {
      return (await repo.listCodes()).map(toPromoCode);
    },

    /** A new code (staff), audited; 409 when the code exists (in any case). */
    async createCode(staff: SessionUser, form: PromoCodeForm, requestId: string | null): Promise<PromoCode> {
      const at = nowIso();
      return db.transaction().execute(async (trx) => {
        const row = await repo.insertCode(trx, {
          code: form.code,
          kind: form.kind,
          percent_off: form.percentOff,
          amount_off_cents: form.amountOffCents,
          min_spend_cents: form.minSpendCents,
          first_rental_only: form.firstRentalOnly ? 1 : 0,
          valid_from: form.validFrom,
          valid_until: form.validUntil,
          max_uses: form.maxUses,
          max_uses_per_member: form.maxUsesPerMember,
          active: form.active ? 1 : 0,
          created_by: staff.id,
          created_at: at,
          updated_at: at,
        });
        if (!row) throw new DomainError('CONFLICT', `The code ${form.code} already exists.`);
        const code = toPromoCode(row);
        await audit.record(trx, {
          actor: staffActor(staff),
          action: 'promo_code.create',
          subjectType: 'promo_code',
          subjectId: row.id,
          before: null,
          after: code,
          requestId,
          at,
        });
        return code;
      });
    },

    /** Switches a code on or off (staff), audited. */
    async setActive(staff: SessionUser, id: number, active: boolean, requestId: string | null): Promise<PromoCode> {
      const at = nowIso();
      return db.transaction().execute(async (trx) => {
        const before = await repo.codeById(trx, id);
        if (!before) throw notFound('Promo code not found');
        await repo.setActive(trx, id, active, at);
        const after = await repo.codeById(trx, id);
        await audit.record(trx, {
          actor: staffActor(staff),
          action: active ? 'promo_code.activate' : 'promo_code.deactivate',
          subjectType: 'promo_code',
          subjectId: id,
          before: { active: before.active === 1 },
          after: { active },
          requestId,
          at,
        });
        return toPromoCode(after!);
      });
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
