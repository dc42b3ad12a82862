import type { Kysely } from 'kysely';
import { formatCents } from '../../../domain/money';
import {
  nextRenewalTry,
  planTerms,
  planTitle,
  RENEWAL_ATTEMPTS,
  THREE_MONTHS_ITEMS,
  type PlanId,
} from '../../../domain/plans';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { NotificationsService } from '../notifications';
import type { LedgerEntry, PaymentOutcome, PaymentsService } from '../payments';
import { cardOf, recordPlanCharge, termFrom, weeklyRow, type BillingContext } from './plan-billing.shared';
import { phaseOf, validate } from './plan-view';
import { createPlansRepository } from './plans.repository';

/** How many due members one renewal run takes. */
const RENEWAL_BATCH = 200;

type Renewal = Extract<BillingContext, { kind: 'renewal' }>;

/**
 * Renewals (decision 0058): at each billing date the scheduled job `plan-renewals` takes the
 * members whose date has come; one transaction per member holds her row and decides (a
 * cancellation takes effect, a booked pause starts, or the renewal is recorded with the key
 * `plan:renewal:<member>:<date>:<attempt>`), the charge goes out after the commit, and `settle`
 * applies its answer: a new term, or a retry the next day, or after the last a pause for payment,
 * each decline e-mailed.
 */
export function createPlanRenewals(
  ctx: AppContext,
  deps: { payments: PaymentsService; notifications: NotificationsService },
) {
  const { db } = ctx.database;
  const repo = createPlansRepository(db);
  const { payments, notifications } = deps;
  const log = ctx.logger.child({ feature: 'plans', part: 'renewals' });
  const nowIso = () => ctx.clock().toISOString();

  /**
   * One member's billing date, if it has come: a cancellation takes effect (Weekly), a booked pause
   * starts, or the renewal is recorded (a downgrade applied first) and charged. Returns whether it
   * moved her calendar, so a caller can look again (a pause that also ended while nobody ran this).
   */
  async function renewOne(userId: string): Promise<boolean> {
    const today = ctx.today();
    const now = nowIso();
    const step = await db.transaction().execute(async (trx) => {
      const row = await repo.lockSubscription(trx, userId);
      const valid = row ? validate(row) : null;
      if (!row || !valid || !row.paid_through || row.paid_through > today) return null;
      if (valid.status === 'pending_payment' || row.pause_reason === 'payment') return null;
      if (row.retry_on && row.retry_on > today) return null;
      const due = { paid_through: row.paid_through, status: row.status, renewal_attempts: row.renewal_attempts };
      if (row.cancel_at && row.cancel_at <= today) {
        await repo.updateIf(trx, userId, due, weeklyRow(now));
        log.info({ userId, cancelAt: row.cancel_at }, 'plan ended: weekly from today');
        return 'moved' as const;
      }
      if (valid.status === 'active' && row.pause_from && row.pause_until && row.pause_from <= today) {
        await repo.updateIf(trx, userId, due, {
          status: 'paused',
          term_start: null,
          paid_through: row.pause_until,
          updated_at: now,
        });
        log.info({ userId, until: row.pause_until, reason: row.pause_reason }, 'plan paused');
        return 'moved' as const;
      }
      // The renewal: a waiting downgrade or switch applies from this term.
      let plan = valid.plan;
      let itemCount = valid.itemCount;
      const pending = row.pending_plan as PlanId | null;
      if (pending) {
        plan = pending;
        itemCount = pending === 'threemonths' ? THREE_MONTHS_ITEMS : row.pending_item_count;
        await repo.updateIf(trx, userId, due, {
          plan,
          item_count: itemCount,
          pending_plan: null,
          pending_item_count: null,
          updated_at: now,
        });
      }
      const attempt = row.renewal_attempts + 1;
      // One key per member, term and attempt: a job run twice (or two at once) records it once.
      const key = `plan:renewal:${userId}:${row.paid_through}:${attempt}`;
      if (await payments.findByKey(key, trx)) return null;
      const card = await cardOf(repo, trx, userId);
      const c: BillingContext = {
        kind: 'renewal',
        plan,
        itemCount,
        dueOn: row.paid_through,
        chargeDay: today,
        attempt,
      };
      if (!card) {
        await applyRenewalDecline(trx, userId, c, planTerms(plan, itemCount)!.priceCents, true);
        return 'moved' as const;
      }
      return recordPlanCharge(payments, trx, {
        userId,
        card,
        amountCents: planTerms(plan, itemCount)!.priceCents,
        key,
        context: c,
      });
    });
    if (step === null) return false;
    if (step === 'moved') return true;
    try {
      const outcome = await payments.run(step.id);
      log.info({ userId, entryId: step.id, status: outcome.status }, 'plan renewal');
    } catch (err) {
      // No answer: the entry stays pending and the payments recovery sends it again with its key.
      log.warn({ err, userId, entryId: step.id }, 'plan renewal: no answer yet');
    }
    return false;
  }

  async function applyRenewalDecline(
    trx: Kysely<DB>,
    userId: string,
    c: Renewal,
    amountCents: number,
    noCard = false,
  ): Promise<void> {
    const match = { paid_through: c.dueOn, renewal_attempts: c.attempt - 1, plan: c.plan };
    const last = noCard || c.attempt >= RENEWAL_ATTEMPTS;
    const retryOn = nextRenewalTry(c.chargeDay);
    const now = nowIso();
    const updated = await repo.updateIf(
      trx,
      userId,
      match,
      last
        ? {
            status: 'paused',
            pause_reason: 'payment',
            pause_from: c.dueOn,
            pause_until: null,
            term_start: null,
            renewal_attempts: c.attempt,
            retry_on: null,
            updated_at: now,
          }
        : { renewal_attempts: c.attempt, retry_on: retryOn, updated_at: now },
    );
    if (!updated) return;
    const data = { planTitle: planTitle(c.plan), amount: formatCents(amountCents) };
    const subject = { subjectType: 'plan', subjectId: `${c.dueOn}:${c.attempt}`, userId };
    if (last) await notifications.notify(trx, { kind: 'plan_paused_unpaid', ...subject, data });
    else
      await notifications.notify(trx, {
        kind: 'plan_renewal_declined',
        ...subject,
        data: { ...data, attempt: c.attempt, retryOn },
      });
  }

  return {
    /** Every billing date that has come (the scheduled job `plan-renewals`): safe to run anywhere, any number of times. */
    async renewDue(): Promise<number> {
      let moved = 0;
      for (const userId of await repo.dueForRenewal(ctx.today(), RENEWAL_BATCH)) {
        try {
          // A cancellation or a pause that starts may be followed by more (a pause that also ended).
          for (let i = 0; i < 3 && (await renewOne(userId)); i += 1) moved += 1;
        } catch (err) {
          log.error({ err, userId }, 'plan renewal failed');
        }
      }
      return moved;
    },

    /**
     * A card saved during the retry days: the renewal is tried now, not on the retry day (a try
     * like the scheduled ones: a decline counts and sets the next). Nothing when no retry waits.
     */
    async retryNow(userId: string): Promise<void> {
      const today = ctx.today();
      const row = await repo.findSubscription(userId);
      const valid = row ? validate(row) : null;
      if (!row?.retry_on || row.retry_on <= today || !valid || phaseOf(row, valid, today) !== 'renewal_due') return;
      // Only the retry this row still waits for is brought forward (a run that moved it wins).
      const match = { retry_on: row.retry_on, renewal_attempts: row.renewal_attempts, paid_through: row.paid_through };
      if (!(await repo.updateIf(db, userId, match, { retry_on: today, updated_at: nowIso() }))) return;
      await renewOne(userId);
    },

    /** Applies the provider's answer to a renewal (called by the 'plan' settler, in its transaction). */
    async settle(trx: Kysely<DB>, entry: LedgerEntry, outcome: PaymentOutcome): Promise<void> {
      const c = entry.context as unknown as Renewal;
      const userId = entry.userId;
      const now = nowIso();
      if (outcome.status !== 'succeeded') return applyRenewalDecline(trx, userId, c, entry.amountCents);
      const term = termFrom(c.plan, c.itemCount, c.chargeDay);
      const renewed = await repo.updateIf(
        trx,
        userId,
        { paid_through: c.dueOn, renewal_attempts: c.attempt - 1, plan: c.plan },
        {
          status: 'active',
          term_start: term.termStart,
          paid_through: term.paidThrough,
          pause_from: null,
          pause_until: null,
          pause_reason: null,
          renewal_attempts: 0,
          retry_on: null,
          updated_at: now,
        },
      );
      if (!renewed) {
        // Her plan changed while the renewal was out (she cancelled it...): the money goes back.
        log.warn({ userId, entryId: entry.id }, 'plan renewal charged for a plan that changed: refunded');
        await payments.record(trx, {
          userId,
          purpose: 'plan',
          kind: 'refund',
          amountCents: entry.amountCents,
          description: 'Refund: plan renewal not applied',
          target: entry,
          idempotencyKey: `${entry.idempotencyKey}:refund`,
        });
        return;
      }
      await repo.insertCharge(trx, {
        userId,
        plan: c.plan,
        itemCount: c.itemCount,
        amountCents: entry.amountCents,
        providerChargeId: outcome.providerRef,
        now,
      });
      // Told once per term (the subject names the term), by e-mail too, like a declined renewal.
      await notifications.notify(trx, {
        kind: 'plan_renewed',
        subjectType: 'plan',
        subjectId: `${c.dueOn}:renewed`,
        userId,
        data: { planTitle: planTitle(c.plan), amount: formatCents(entry.amountCents), paidThrough: term.paidThrough },
      });
    },
  };
}

export type PlanRenewals = ReturnType<typeof createPlanRenewals>;
