import type { Kysely } from 'kysely';
import { notFound } from '../../../domain/errors';
import type { Discount } from '../../../domain/offers';
import { lenderShareCents } from '../../../domain/listings';
import {
  LENDER_POLICY_SETTINGS as LP,
  longRentalPrice,
  policyRefund,
  shareOf,
  type CancellationPolicy,
} from '../../../domain/lender-policies';
import type { CancellationTerms } from '../../../domain/protection';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { PaymentsService } from '../payments';

type Db = Kysely<DB>;

/** The ledger purpose of a request's price: the lender's policy decides its refund (the rest comes back in full). */
export const POLICY_PURPOSE = 'lending_request';

/** A piece's policy as lending's requests need it (decision 0067). */
export interface PiecePolicyLimits {
  minDays: number;
  maxDays: number;
  noticeDays: number;
  longDiscountPercent: number;
}

/**
 * Lender policies beyond the days (docs/product.md "Lender policies", decision 0067): the policy
 * a rental's cancellation follows and the refund it gives, on the app's clock in the business's
 * zone; a lender's record of cancellations. Reads `piece_policies` (protection's), rentals,
 * booking requests and the ledger; writes nothing.
 */
export function createLenderPolicyService(ctx: AppContext, deps: { payments: PaymentsService }) {
  const { db } = ctx.database;

  const policyRow = (itemId: number, q: Db = db) =>
    q.selectFrom('piece_policies').selectAll().where('item_id', '=', itemId).executeTakeFirst();

  /** The policy of a rental's piece when it is a member's piece booked by request (accepted); null otherwise. */
  async function cancellationPolicyOf(rentalId: number, q: Db = db): Promise<CancellationPolicy | null> {
    const r = await q
      .selectFrom('booking_requests')
      .innerJoin('rentals', 'rentals.id', 'booking_requests.rental_id')
      .leftJoin('piece_policies', 'piece_policies.item_id', 'rentals.item_id')
      .select(['piece_policies.cancellation_policy as policy'])
      .where('booking_requests.rental_id', '=', rentalId)
      .where('booking_requests.status', '=', 'accepted')
      .executeTakeFirst();
    if (!r) return null;
    return (r.policy as CancellationPolicy | null) ?? 'flexible';
  }

  /** The share of a request's price that a renter's cancellation now gives back (100 when no policy applies). */
  async function refundPercent(rentalId: number, startDate: string, q: Db = db): Promise<number> {
    const policy = await cancellationPolicyOf(rentalId, q);
    if (!policy) return 100;
    return policyRefund(policy, { paidCents: 0, startDate, now: ctx.clock(), timeZone: ctx.env.businessTimeZone })
      .percent;
  }

  return {
    cancellationPolicyOf,
    refundPercent,

    /** A piece's lender's days, notice and discount, or null when she set none (lending's requests check them). */
    async policyOf(itemId: number): Promise<PiecePolicyLimits | null> {
      const p = await policyRow(itemId);
      return p
        ? {
            minDays: p.min_days,
            maxDays: p.max_days,
            noticeDays: p.notice_days,
            longDiscountPercent: p.long_discount_percent,
          }
        : null;
    },

    /** The lender's longer-rental discount on this price and length (the quote shows it; the request takes it off). */
    async longDiscount(itemId: number, priceCents: number, days: number): Promise<Discount | null> {
      const p = await policyRow(itemId);
      const after = longRentalPrice(priceCents, days, p?.long_discount_percent ?? 0);
      if (!p || after === priceCents) return null;
      return {
        kind: 'long_rental',
        code: null,
        label: `Longer rental: ${p.long_discount_percent}% off ${LP.longRentalDays} days or more`,
        cents: priceCents - after,
      };
    },

    /**
     * What cancelling her rental gives back now, before she confirms (the renter only; 404
     * otherwise): the policy's share of the request's price, everything else in full, never more
     * than was paid. The same rule the cancellation applies.
     */
    async cancellationTerms(userId: string, rentalId: number): Promise<CancellationTerms> {
      const rental = await db
        .selectFrom('rentals')
        .select(['id', 'user_id', 'start_date'])
        .where('id', '=', rentalId)
        .executeTakeFirst();
      if (!rental || rental.user_id !== userId) throw notFound('Rental not found');
      const policy = await cancellationPolicyOf(rentalId);
      const entries = (await deps.payments.forRental(rentalId)).filter(
        (e) => (e.kind === 'charge' || e.kind === 'capture') && e.status === 'succeeded',
      );
      const quote = policy
        ? policyRefund(policy, {
            paidCents: 0,
            startDate: rental.start_date,
            now: ctx.clock(),
            timeZone: ctx.env.businessTimeZone,
          })
        : null;
      let paid = 0;
      let refund = 0;
      for (const e of entries) {
        const left = await deps.payments.refundableCents(db, e);
        paid += left;
        refund += quote && e.purpose === POLICY_PURPOSE ? shareOf(left, quote.percent) : left;
      }
      return {
        rentalId,
        policy,
        paidCents: paid,
        refundCents: refund,
        percent: paid === 0 ? 100 : Math.round((refund * 100) / paid),
        deadline: quote?.deadline ?? null,
        windowPercent: quote?.windowPercent ?? 100,
      };
    },

    /**
     * What the policy kept of her renters' cancellations, her share of it (payouts add each as a
     * line `policy-kept:<rental>`, paid once): the request's captured price less what was refunded,
     * on rentals cancelled by the renter (not by her). Read in `q` (the payout's transaction).
     */
    async keptShares(lenderId: string, q: Db = db) {
      const rows = await q
        .selectFrom('rentals')
        .innerJoin('booking_requests', 'booking_requests.rental_id', 'rentals.id')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .leftJoin('lender_cancellations', 'lender_cancellations.request_id', 'booking_requests.id')
        .select(['rentals.id', 'rentals.cancelled_at', 'items.name'])
        .where('rentals.lender_id', '=', lenderId)
        .where('rentals.cancelled_at', 'is not', null)
        .where('booking_requests.status', '=', 'accepted')
        .where('lender_cancellations.id', 'is', null)
        .execute();
      const out: { source: string; kind: 'earning'; cents: number; description: string; at: string }[] = [];
      for (const r of rows) {
        const entries = await deps.payments.forRental(r.id, q);
        const paid = entries.filter(
          (e) => e.purpose === POLICY_PURPOSE && e.kind === 'capture' && e.status === 'succeeded',
        );
        const ids = new Set(paid.map((e) => e.id));
        const refunded = entries
          .filter(
            (e) =>
              e.kind === 'refund' &&
              e.targetId !== null &&
              ids.has(e.targetId) &&
              (e.status === 'pending' || e.status === 'succeeded'),
          )
          .reduce((n, e) => n + e.amountCents, 0);
        const kept = paid.reduce((n, e) => n + e.amountCents, 0) - refunded;
        if (kept <= 0) continue;
        out.push({
          source: `policy-kept:${r.id}`,
          kind: 'earning',
          cents: lenderShareCents(kept),
          description: `Kept by your cancellation policy: ${r.name}`,
          at: r.cancelled_at!,
        });
      }
      return out;
    },

    /** A lender's record: her cancellations of accepted requests in the last 90 days, and a pause in force. */
    async lenderRecord(lenderId: string): Promise<{ cancellations: number; pausedUntil: string | null }> {
      const now = ctx.clock();
      const since = new Date(now.getTime() - LP.pauseWindowDays * 86_400_000).toISOString();
      const [count, pause] = await Promise.all([
        db
          .selectFrom('lender_cancellations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('lender_id', '=', lenderId)
          .where('created_at', '>', since)
          .executeTakeFirst(),
        db
          .selectFrom('lender_pauses')
          .select(['paused_until', 'lifted_at'])
          .where('lender_id', '=', lenderId)
          .executeTakeFirst(),
      ]);
      const paused = pause && pause.lifted_at === null && pause.paused_until > now.toISOString();
      return { cancellations: Number(count?.n ?? 0), pausedUntil: paused ? pause.paused_until : null };
    },
  };
}

export type LenderPolicyService = ReturnType<typeof createLenderPolicyService>;
