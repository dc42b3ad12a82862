import { declineMessage } from '../../../domain/payments';
import {
  CARD_ATTEMPTS_PER_WINDOW,
  CARD_ATTEMPT_WINDOW_MINUTES,
  expiryProblem,
  type PaymentForm,
} from '../../../domain/card';
import {
  addMonths,
  isPaidPlan,
  planTerms,
  MONTHLY_DEFAULT_ITEMS,
  PickupOptionSchema,
  PLAN_MESSAGES,
  planTitle,
  THREE_MONTHS_ITEMS,
  type BillingPeriod,
  type ChoosePlanInput,
  type PaymentResult,
  type PickupOption,
  type PickupState,
  type PlanId,
  type SavedCard,
  type Subscription,
  type SubscriptionStatus,
} from '../../../domain/plans';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppContext } from '../../context';
import { DomainError } from '../../../domain/errors';
import type { RateLimit } from '../../rate-limit';
import type { OrdersService } from '../orders';
import { PaymentDeclinedError, type PaymentsService } from '../payments';
import type { PlanBilling } from './plan-billing';
import { chargeCard } from './plan-billing.shared';
import { phaseOf, shape, toCard, validate, type ValidRow } from './plan-view';
import { createPlansRepository, type SubscriptionRow } from './plans.repository';

/** What the rentals feature needs to enforce a paid plan's allowance. */
export interface AllowancePeriod extends BillingPeriod {
  plan: PlanId;
  /** Pieces allowed in [start, end). */
  itemAllowance: number;
}

/** What the settler of a plan's charge needs (the ledger entry's context). */
interface PlanChargeContext {
  plan: PlanId;
  itemCount: number | null;
  startedAt: string;
}

/** Cards sent to the payment provider per member (card testing): see CARD_ATTEMPTS_PER_WINDOW. */
const CARD_ATTEMPTS: RateLimit = {
  name: 'card',
  max: CARD_ATTEMPTS_PER_WINDOW,
  windowMs: CARD_ATTEMPT_WINDOW_MINUTES * 60_000,
};

/** The paid-plan allowance in force (see currentBillingPeriod), or null. */
function allowanceOf(sub: Subscription): AllowancePeriod | null {
  if (sub.status !== 'active' || !sub.currentPeriod || sub.itemCount === null) return null;
  return { plan: sub.plan, itemAllowance: sub.itemCount, ...sub.currentPeriod };
}

/** Why plan pieces are not booked now (see planRefusal), or null. */
function refusalOf(row: SubscriptionRow, valid: ValidRow, today: string): DomainError | null {
  const phase = phaseOf(row, valid, today);
  const details = { phase, until: row.pause_until };
  if (phase === 'paused')
    return new DomainError('PLAN_PAUSED', PLAN_MESSAGES.paused(row.pause_until ?? ''), { details });
  if (phase === 'payment_paused') return new DomainError('PLAN_PAUSED', PLAN_MESSAGES.pausedUnpaid, { details });
  if (phase === 'renewal_due')
    return new DomainError('PLAN_PAUSED', PLAN_MESSAGES.renewalDue(row.retry_on), { details });
  return null;
}

/**
 * Plans, cards and pickup choices for one member at a time. Other features use
 * getSubscription, currentBillingPeriod and getPickupOption; they never read the tables.
 */
export function createPlansService(
  ctx: AppContext,
  deps: { payments: PaymentsService; orders: OrdersService; billing: PlanBilling },
) {
  const repo = createPlansRepository(ctx.database.db);
  const { payments, orders, billing } = deps;
  const { provider } = payments;
  const log = ctx.logger.child({ feature: 'plans' });
  const nowIso = () => ctx.clock().toISOString();
  const limiter = ctx.limits;

  // A plan's first charge: recorded when the card activated the plan; its answer applied here,
  // once (by the request, or by the payments recovery after a crash).
  // Renewals, upgrades and resumptions carry a `kind` and are the billing calendar's (plan-billing.ts).
  payments.onSettle('plan', async (trx, entry, outcome) => {
    if (typeof entry.context.kind === 'string') return billing.settle(trx, entry, outcome);
    const c = entry.context as unknown as PlanChargeContext;
    if (outcome.status === 'succeeded') {
      await repo.insertCharge(trx, {
        userId: entry.userId,
        plan: c.plan,
        itemCount: c.itemCount,
        amountCents: entry.amountCents,
        providerChargeId: outcome.providerRef,
        now: c.startedAt,
      });
    } else {
      // Declined: the plan waits for payment again (only the activation this charge was for).
      await repo.updateIf(
        trx,
        entry.userId,
        { status: 'active', started_at: c.startedAt },
        { status: 'pending_payment', term_start: null, paid_through: null, updated_at: c.startedAt },
      );
    }
  });

  /**
   * Moves a plan waiting for payment to active with its first term from today (decision 0058). Only
   * one of several concurrent payments can win this (the conditional update), so it is charged once.
   */
  async function activatePending(trx: Kysely<DB>, userId: string, now: string): Promise<SubscriptionRow | undefined> {
    const row = await repo.lockSubscription(trx, userId);
    const valid = row && row.status === 'pending_payment' ? validate(row) : null;
    const months = valid ? planTerms(valid.plan, valid.itemCount)?.billingMonths : undefined;
    if (!row || !months) return undefined;
    const today = ctx.dayOf(now);
    return repo.updateIf(
      trx,
      userId,
      { status: 'pending_payment', plan: row.plan, item_count: row.item_count },
      { status: 'active', started_at: now, updated_at: now, term_start: today, paid_through: addMonths(today, months) },
    );
  }

  /** The member's row, creating the Weekly default if they have none or a broken one. */
  async function loadValid(userId: string): Promise<{ row: SubscriptionRow; valid: ValidRow }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await repo.findSubscription(userId);
      if (!row) {
        await repo.insertDefault(userId, nowIso());
        continue;
      }
      const valid = validate(row);
      if (valid) return { row, valid };
      log.warn({ userId, plan: row.plan, status: row.status }, 'invalid stored plan reset to weekly');
      await repo.resetToDefault(userId, row, nowIso());
    }
    throw new Error('could not load or create the subscription');
  }

  async function getSubscription(userId: string): Promise<Subscription> {
    const { row, valid } = await loadValid(userId);
    return shape(row, valid, await repo.findCard(userId), ctx.today());
  }

  return {
    /** The member's plan; a member without a valid one gets (and keeps) Weekly. */
    getSubscription,

    /**
     * The paid-plan allowance in force today: the plan, how many pieces it allows and the
     * billing period [start, end) they count against. Null when no allowance applies: Weekly
     * (pay per item, unlimited) or a paid plan still waiting for its first payment.
     */
    async currentBillingPeriod(userId: string): Promise<AllowancePeriod | null> {
      return allowanceOf(await getSubscription(userId));
    },

    /**
     * What a booking and its quote ask of her plan, read once: the allowance in force
     * (currentBillingPeriod's), her plan, why plan pieces are refused now (planRefusal's) and her
     * saved card as cardForCharge gives it.
     */
    async bookingTerms(userId: string) {
      const { row, valid } = await loadValid(userId);
      const card = await repo.findCard(userId);
      const sub = shape(row, valid, card, ctx.today());
      return {
        allowance: allowanceOf(sub),
        plan: sub.plan,
        paused: refusalOf(row, valid, ctx.today()),
        card: chargeCard(card),
      };
    },

    /**
     * Why plan pieces cannot be booked now though she has a paid plan (decision 0058): paused (her
     * pause or skip, until its end), paused for an unpaid renewal, or a renewal being charged or
     * retried. The booking ladder's `paused` rung (rentals' booking-ladder.ts); null otherwise.
     */
    async planRefusal(userId: string): Promise<DomainError | null> {
      const { row, valid } = await loadValid(userId);
      return refusalOf(row, valid, ctx.today());
    },

    /**
     * Chooses a plan. Weekly is active at once; Monthly and 3 Months wait for payment
     * (pending_payment) until a card is saved.
     */
    async choosePlan(userId: string, input: ChoosePlanInput): Promise<Subscription> {
      const itemCount =
        input.plan === 'monthly'
          ? (input.itemCount ?? MONTHLY_DEFAULT_ITEMS)
          : input.plan === 'threemonths'
            ? THREE_MONTHS_ITEMS
            : null;
      const status: SubscriptionStatus = isPaidPlan(input.plan) ? 'pending_payment' : 'active';
      const row = await repo.upsertPlan(userId, {
        plan: input.plan,
        itemCount,
        status,
        now: nowIso(),
        today: ctx.today(),
      });
      if (!row) {
        const { row: kept, valid } = await loadValid(userId);
        throw new DomainError('CONFLICT', PLAN_MESSAGES.termRunning(planTitle(valid.plan), kept.paid_through ?? ''));
      }
      log.info({ userId, plan: input.plan, itemCount, status }, 'plan chosen');
      return shape(row, validate(row)!, await repo.findCard(userId), ctx.today());
    },

    /**
     * Saves (or replaces) the member's card through the payment provider. If a paid plan is
     * waiting for payment, it is charged and becomes active, in the same transaction as the card.
     * Only the brand, last four, expiry, holder and address are kept; the number and CVV go to
     * the provider and nowhere else (not the database, not the logs).
     */
    async savePaymentMethod(userId: string, form: PaymentForm): Promise<PaymentResult> {
      const problem = expiryProblem(form.expiryMonth, form.expiryYear, ctx.clock());
      if (problem) {
        throw new DomainError('VALIDATION_FAILED', `Invalid body: ${problem.path} ${problem.message.toLowerCase()}`, {
          issues: [problem],
        });
      }
      // Counted before the provider sees the card, in the database (shared by every app process).
      const attempt = await limiter.take(CARD_ATTEMPTS, userId);
      if (!attempt.allowed) {
        log.warn({ userId }, 'card attempts limit reached');
        const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
        throw new DomainError(
          'RATE_LIMITED',
          `Too many card attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          {
            details: { retryAfterSeconds: attempt.retryAfterSeconds, limit: CARD_ATTEMPTS_PER_WINDOW },
          },
        );
      }
      await loadValid(userId); // make sure the member has a subscription row to activate
      let tokenized;
      try {
        tokenized = await provider.tokenizeCard({
          number: form.cardNumber,
          expiryMonth: form.expiryMonth,
          expiryYear: form.expiryYear,
          cvv: form.cvv,
          holderName: form.cardholderName,
          billingAddress: form.billingAddress,
        });
      } catch (err) {
        if (err instanceof PaymentDeclinedError) {
          log.info({ userId, declineCode: err.code }, 'card declined by the payment provider');
          throw new DomainError('PAYMENT_DECLINED', declineMessage(err.code), { details: { declineCode: err.code } });
        }
        throw err;
      }

      const now = nowIso();
      // The card is saved, and a plan waiting for payment claimed, in one transaction: of several
      // submissions at once only one claims it (the conditional update), so the plan is charged
      // once. Its charge is recorded in the ledger in that transaction, and sent to the provider
      // after the commit (decision 0029); the settler below applies the answer.
      const entry = await repo.transaction(async (trx) => {
        await repo.upsertCard(trx, {
          user_id: userId,
          provider: provider.name,
          provider_token: tokenized.token,
          brand: tokenized.brand,
          last_four: tokenized.lastFour,
          expiry_month: form.expiryMonth,
          expiry_year: form.expiryYear,
          cardholder_name: form.cardholderName,
          billing_street: form.billingAddress.street,
          billing_city: form.billingAddress.city,
          billing_state: form.billingAddress.state,
          billing_zip: form.billingAddress.zipCode,
          billing_country: form.billingAddress.country,
          created_at: now,
          updated_at: now,
        });
        const saved = { token: tokenized.token, brand: tokenized.brand, lastFour: tokenized.lastFour };
        // A plan paused for an unpaid renewal is charged now and starts a new term (decision 0058).
        const resumed = await billing.reactivate(trx, userId, saved);
        if (resumed) return resumed;
        const activated = await activatePending(trx, userId, now);
        const valid = activated ? validate(activated) : null;
        const amountCents = valid ? (planTerms(valid.plan, valid.itemCount)?.priceCents ?? null) : null;
        if (!valid || amountCents === null) return null;
        const context: PlanChargeContext = { plan: valid.plan, itemCount: valid.itemCount, startedAt: now };
        return payments.record(trx, {
          userId,
          purpose: 'plan',
          kind: 'charge',
          amountCents,
          description: `Rentique ${planTitle(valid.plan)} plan`,
          card: saved,
          context: { ...context },
        });
      });
      let charge: PaymentResult['charge'] = null;
      if (entry) {
        const outcome = await payments.run(entry.id);
        if (outcome.status === 'declined')
          throw new DomainError('PAYMENT_DECLINED', declineMessage(outcome.code), {
            details: { declineCode: outcome.code },
          });
        if (outcome.status === 'failed') throw new Error(`the plan's charge was refused as a request: ${outcome.code}`);
        charge = {
          amountCents: entry.amountCents,
          plan: (entry.context as unknown as PlanChargeContext).plan,
          createdAt: now,
        };
      } else {
        // A renewal declined and waiting for its retry day is tried now with this card.
        await billing.retryNow(userId);
      }
      log.info(
        { userId, brand: tokenized.brand, lastFour: tokenized.lastFour, chargedCents: charge?.amountCents ?? 0 },
        'payment method saved',
      );
      return { subscription: await getSubscription(userId), charge };
    },

    async getCard(userId: string): Promise<SavedCard | null> {
      const row = await repo.findCard(userId);
      return row ? toCard(row) : null;
    },

    /** How the member receives rentals: online, in-store, or null if never chosen. */
    async getPickupOption(userId: string): Promise<PickupOption | null> {
      const row = await repo.findPickup(userId);
      const parsed = PickupOptionSchema.safeParse(row?.pickup_option);
      return parsed.success ? parsed.data : null;
    },

    async getPickup(userId: string): Promise<PickupState> {
      const row = await repo.findPickup(userId);
      const parsed = PickupOptionSchema.safeParse(row?.pickup_option);
      return parsed.success
        ? { option: parsed.data, studioId: row!.studio_id, updatedAt: row!.updated_at }
        : { option: null, studioId: null, updatedAt: null };
    },

    async setPickupOption(userId: string, option: PickupOption, studioId?: number): Promise<PickupState> {
      const now = nowIso();
      const studio = option === 'in-store' && studioId !== undefined ? studioId : null;
      if (studio !== null && !(await orders.getStudio(studio))) {
        throw new DomainError('VALIDATION_FAILED', 'Invalid body: studioId there is no such studio', {
          issues: [{ path: 'studioId', message: 'There is no such studio' }],
        });
      }
      await repo.upsertPickup(userId, option, studio, now);
      log.info({ userId, pickupOption: option, studioId: studio }, 'pickup option saved');
      return { option, studioId: studio, updatedAt: now };
    },

    /** Charges taken from the member, oldest first (for tests and a future billing page). */
    listCharges(userId: string) {
      return repo.listCharges(userId);
    },

    /**
     * The member's saved card as a ledger entry charges it (its provider token, brand and last
     * four; decision 0029), or null without one: for charges other features decide (a late fee:
     * the operations desk). Read in the caller's transaction.
     */
    async cardForCharge(
      userId: string,
      trx?: Kysely<DB>,
    ): Promise<{ token: string; brand: string; lastFour: string } | null> {
      return chargeCard(await repo.findCard(userId, trx));
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
