import type { Kysely } from 'kysely';
import { DomainError } from '../../../domain/errors';
import { declineMessage } from '../../../domain/payments';
import {
  addMonths,
  isPaidPlan,
  pauseUntil,
  planTerms,
  PLAN_MESSAGES,
  quoteChange,
  type ChangePlanInput,
  type ChangeQuote,
  type PauseMonths,
  type PlanId,
  THREE_MONTHS_ITEMS,
} from '../../../domain/plans';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { LedgerEntry, PaymentOutcome, PaymentsService } from '../payments';
import {
  cardOf,
  conflict,
  recordPlanCharge,
  termFrom,
  weeklyRow,
  type BillingContext,
  type Card,
} from './plan-billing.shared';
import type { PlanRenewals } from './plan-renewals';
import { phaseOf, validate } from './plan-view';
import { createPlansRepository, type SubscriptionRow } from './plans.repository';

/**
 * Her plan's calendar, by her (decision 0058): pause, skip, resume, change and cancel, each decided
 * in one transaction that holds her row (a conditional update), any charge recorded there with its
 * key and sent after the commit; `settle` applies the answers (the 'plan' settler of plans.service
 * hands it every entry with a `kind`, and it passes renewals on to plan-renewals.ts).
 */
export function createPlanBilling(ctx: AppContext, deps: { payments: PaymentsService; renewals: PlanRenewals }) {
  const { db } = ctx.database;
  const repo = createPlansRepository(db);
  const { payments, renewals } = deps;
  const nowIso = () => ctx.clock().toISOString();

  /** Her row locked, with its plan checked and its phase today; refused unless it is a paid plan. */
  async function locked(trx: Kysely<DB>, userId: string) {
    const row = await repo.lockSubscription(trx, userId);
    const valid = row ? validate(row) : null;
    if (!row || !valid || !isPaidPlan(valid.plan) || valid.status === 'pending_payment')
      throw conflict('You have no paid plan to manage.');
    return { row, valid, phase: phaseOf(row, valid, ctx.today()) };
  }

  /** Sends a recorded charge and answers as a booking does: 402 with the reason when declined. */
  async function charge(entry: LedgerEntry | null): Promise<number> {
    if (!entry) return 0;
    const outcome = await payments.run(entry.id);
    if (outcome.status === 'declined')
      throw new DomainError('PAYMENT_DECLINED', declineMessage(outcome.code), {
        details: { declineCode: outcome.code },
      });
    if (outcome.status === 'failed') throw new Error(`a plan charge was refused as a request: ${outcome.code}`);
    return entry.amountCents;
  }

  /** `base` with the first `:n` no ledger entry has yet: a declined try may be made again (the decision itself is the conditional update). */
  async function freshKey(trx: Kysely<DB>, base: string): Promise<string> {
    for (let n = 1; ; n += 1) if (!(await payments.findByKey(`${base}:${n}`, trx))) return `${base}:${n}`;
  }

  return {
    /** Every billing date that has come (the scheduled job `plan-renewals`). */
    renewDue: () => renewals.renewDue(),
    /** A card saved during the retry days charges the renewal now (plan-renewals.ts). */
    retryNow: (userId: string) => renewals.retryNow(userId),

    /** Applies the provider's answer to a renewal, an upgrade or a resumption (called by the 'plan' settler). */
    async settle(trx: Kysely<DB>, entry: LedgerEntry, outcome: PaymentOutcome): Promise<void> {
      const c = entry.context as unknown as BillingContext;
      if (c.kind === 'renewal') return renewals.settle(trx, entry, outcome);
      const userId = entry.userId;
      const now = nowIso();
      if (outcome.status === 'succeeded') {
        await repo.insertCharge(trx, {
          userId,
          plan: c.plan,
          itemCount: c.kind === 'upgrade' ? c.itemCount : null,
          amountCents: entry.amountCents,
          providerChargeId: outcome.providerRef,
          now,
        });
        return;
      }
      if (c.kind === 'upgrade') {
        await repo.updateIf(
          trx,
          userId,
          { item_count: c.itemCount, term_start: c.termStart },
          { item_count: c.fromItemCount, updated_at: now },
        );
        return;
      }
      // A resumption (or a card saved while paused for payment) declined: the pause as it was.
      await repo.updateIf(trx, userId, { status: 'active', term_start: c.day }, { ...c.before, updated_at: now });
    },

    /**
     * Saving a card while the plan is paused for an unpaid renewal: in the card's transaction, a
     * new term from today is recorded and charged (null when there is no such pause).
     */
    async reactivate(trx: Kysely<DB>, userId: string, card: Card): Promise<LedgerEntry | null> {
      const row = await repo.lockSubscription(trx, userId);
      const valid = row ? validate(row) : null;
      if (!row || !valid || valid.status !== 'paused' || row.pause_reason !== 'payment') return null;
      return resumeNow(trx, row, valid.plan, valid.itemCount, card, 'reactivate');
    },

    /** Pause for 1 or 2 months from the next billing date (nothing is charged then; pieces she has stay hers). */
    async pause(userId: string, months: PauseMonths, reason: 'pause' | 'skip' = 'pause'): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const { row, valid, phase } = await locked(trx, userId);
        if (reason === 'skip' && valid.plan !== 'monthly')
          throw conflict('Skipping a month is for the Monthly plan; pause instead.');
        if (phase !== 'active') throw conflict('Your plan can be paused while it is active.');
        if (row.cancel_at) throw conflict('Your plan is cancelled; undo the cancellation first.');
        if (row.pause_from) throw conflict('A pause is already booked; resume first to change it.');
        const from = row.paid_through!;
        const done = await repo.updateIf(
          trx,
          userId,
          { pause_from: null, cancel_at: null, paid_through: from, status: 'active' },
          { pause_from: from, pause_until: pauseUntil(from, months), pause_reason: reason, updated_at: nowIso() },
        );
        if (!done) throw conflict('Your plan changed meanwhile; please look again.');
      });
    },

    /**
     * Resume: a booked pause is called off (nothing to charge), or a pause in force ends today with
     * a new term from today, charged now.
     */
    async resume(userId: string): Promise<number> {
      const entry = await db.transaction().execute(async (trx) => {
        const { row, valid, phase } = await locked(trx, userId);
        if (phase === 'active' && row.pause_from) {
          await repo.updateIf(
            trx,
            userId,
            { pause_from: row.pause_from, status: 'active' },
            { pause_from: null, pause_until: null, pause_reason: null, updated_at: nowIso() },
          );
          return null;
        }
        if (phase === 'payment_paused') throw conflict('Update your card to pay for your plan and resume it.');
        if (phase !== 'paused') throw conflict('Your plan is not paused.');
        const card = await cardOf(repo, trx, userId);
        if (!card) throw new DomainError('CARD_REQUIRED', 'Add a card to resume your plan.');
        return resumeNow(trx, row, valid.plan, valid.itemCount, card, 'resume');
      });
      return charge(entry);
    },

    /** What a change of plan or count would cost now and from when, before she confirms. */
    async quoteChange(userId: string, input: ChangePlanInput): Promise<ChangeQuote> {
      return db.transaction().execute(async (trx) => (await prepareChange(trx, userId, input)).quote);
    },

    /** Changes the plan or count: an upgrade now, charged pro rata; a downgrade or switch at the next billing date. */
    async change(userId: string, input: ChangePlanInput): Promise<number> {
      const entry = await db.transaction().execute(async (trx) => {
        const { row, valid, quote, to } = await prepareChange(trx, userId, input);
        const now = nowIso();
        if (quote.timing === 'next_billing') {
          const same = to.plan === valid.plan && to.itemCount === valid.itemCount;
          await repo.updateIf(
            trx,
            userId,
            { paid_through: row.paid_through, item_count: row.item_count },
            same
              ? { pending_plan: null, pending_item_count: null, updated_at: now }
              : { pending_plan: to.plan, pending_item_count: to.itemCount, updated_at: now },
          );
          return null;
        }
        const applied = await repo.updateIf(
          trx,
          userId,
          { item_count: valid.itemCount, term_start: row.term_start, status: 'active' },
          { item_count: to.itemCount, pending_plan: null, pending_item_count: null, updated_at: now },
        );
        if (!applied) throw conflict('Your plan changed meanwhile; please look again.');
        if (quote.chargeNowCents === 0) return null;
        const card = await cardOf(repo, trx, userId);
        if (!card) throw new DomainError('CARD_REQUIRED', 'Add a card to change your plan.');
        const key = await freshKey(trx, `plan:upgrade:${userId}:${row.term_start}:${valid.itemCount}-${to.itemCount}`);
        return recordPlanCharge(payments, trx, {
          userId,
          card,
          amountCents: quote.chargeNowCents,
          key,
          context: {
            kind: 'upgrade',
            plan: valid.plan,
            termStart: row.term_start!,
            fromItemCount: valid.itemCount!,
            itemCount: to.itemCount!,
          },
        });
      });
      return charge(entry);
    },

    /**
     * Cancel: the plan stays until the end of the paid term (Weekly from then); a plan paused or
     * unpaid has no paid term left and becomes Weekly now. Returns the day it ends.
     */
    async cancel(userId: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const { row, phase } = await locked(trx, userId);
        const now = nowIso();
        if (row.cancel_at) return row.cancel_at;
        if (phase !== 'active') {
          await repo.updateIf(trx, userId, { status: row.status, paid_through: row.paid_through }, weeklyRow(now));
          return ctx.today();
        }
        await repo.updateIf(
          trx,
          userId,
          { paid_through: row.paid_through, status: 'active', cancel_at: null },
          {
            cancel_at: row.paid_through,
            pause_from: null,
            pause_until: null,
            pause_reason: null,
            pending_plan: null,
            pending_item_count: null,
            updated_at: now,
          },
        );
        return row.paid_through!;
      });
    },

    /**
     * Undo a cancellation before the day it takes effect; for a plan a gift month started
     * (decision 0069), keep it: the card on file is charged at the end of the gift month.
     */
    async undoCancel(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const { row } = await locked(trx, userId);
        if (!row.cancel_at || row.cancel_at <= ctx.today()) throw conflict('Your plan is not cancelled.');
        if (row.gift_until && !(await cardOf(repo, trx, userId)))
          throw new DomainError('CARD_REQUIRED', PLAN_MESSAGES.giftKeepCard);
        await repo.updateIf(
          trx,
          userId,
          { cancel_at: row.cancel_at },
          { cancel_at: null, gift_until: null, updated_at: nowIso() },
        );
      });
    },
  };

  /** A pause ends today: a new term from today, applied now and charged after the commit (reverted if declined). */
  async function resumeNow(
    trx: Kysely<DB>,
    row: SubscriptionRow,
    plan: PlanId,
    itemCount: number | null,
    card: Card,
    why: 'resume' | 'reactivate',
  ): Promise<LedgerEntry> {
    const today = ctx.today();
    const term = termFrom(plan, itemCount, today);
    const before = {
      status: row.status,
      term_start: row.term_start,
      paid_through: row.paid_through,
      pause_from: row.pause_from,
      pause_until: row.pause_until,
      pause_reason: row.pause_reason,
      renewal_attempts: row.renewal_attempts,
      retry_on: row.retry_on,
    };
    const applied = await repo.updateIf(
      trx,
      row.user_id,
      { status: 'paused', paid_through: row.paid_through, pause_reason: row.pause_reason },
      {
        status: 'active',
        term_start: term.termStart,
        paid_through: term.paidThrough,
        pause_from: null,
        pause_until: null,
        pause_reason: null,
        renewal_attempts: 0,
        retry_on: null,
        updated_at: nowIso(),
      },
    );
    if (!applied) throw conflict('Your plan changed meanwhile; please look again.');
    // One charge per member and new term (the conditional update above); a declined try leaves its key taken.
    const key = await freshKey(trx, `plan:${why}:${row.user_id}:${today}`);
    return recordPlanCharge(payments, trx, {
      userId: row.user_id,
      card,
      amountCents: term.priceCents,
      key,
      context: { kind: 'resume', plan, day: today, before },
    });
  }

  /** Her row and the change she asks for, checked and quoted. */
  async function prepareChange(trx: Kysely<DB>, userId: string, input: ChangePlanInput) {
    const { row, valid, phase } = await locked(trx, userId);
    if (phase !== 'active') throw conflict('Your plan can be changed while it is active.');
    if (row.cancel_at) throw conflict('Your plan is cancelled; undo the cancellation first.');
    if (row.pause_from) throw conflict('A pause is booked; resume first to change your plan.');
    const to = {
      plan: input.plan,
      itemCount: input.plan === 'threemonths' ? THREE_MONTHS_ITEMS : (input.itemCount ?? valid.itemCount),
    } as { plan: PlanId; itemCount: number | null };
    const same = to.plan === valid.plan && to.itemCount === valid.itemCount;
    if (same && !row.pending_plan) throw conflict('That is your plan already.');
    // A term a gift month made longer (decision 0069) is prorated over its last billing period only.
    const months = planTerms(valid.plan, valid.itemCount)!.billingMonths;
    const lastStart = addMonths(row.paid_through!, -months);
    const quote = quoteChange(valid, to, {
      today: ctx.today(),
      termStart: lastStart > row.term_start! ? lastStart : row.term_start!,
      paidThrough: row.paid_through!,
    });
    return { row, valid, to, quote: same ? { ...quote, timing: 'next_billing' as const, chargeNowCents: 0 } : quote };
  }
}

export type PlanBilling = ReturnType<typeof createPlanBilling>;
