import type { Kysely, Selectable, Updateable } from 'kysely';
import { PAID_PLANS } from '../../../domain/plans.rules';
import type { DB, PaymentMethodsTable, SubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

type Db = Kysely<DB>;

/** What choosing or resetting a plan clears: the billing calendar of the plan before (decision 0058). */
export const NO_CALENDAR = {
  term_start: null,
  paid_through: null,
  pause_from: null,
  pause_until: null,
  pause_reason: null,
  cancel_at: null,
  pending_plan: null,
  pending_item_count: null,
  renewal_attempts: 0,
  retry_on: null,
  gift_until: null,
} as const;

/** Columns a conditional update may test (the state it read, so a change in between makes it miss). */
export type SubscriptionMatch = Partial<Omit<SubscriptionRow, 'created_at'>>;

/** The only code that touches the plan tables. Every query is scoped to one member. */
export function createPlansRepository(db: Kysely<DB>) {
  return {
    findSubscription(userId: string, q: Db = db) {
      return q.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Gives the member the Weekly default unless they already have a row (safe to race). */
    async insertDefault(userId: string, now: string) {
      await db
        .insertInto('subscriptions')
        .values({
          user_id: userId,
          plan: 'weekly',
          item_count: null,
          status: 'active',
          auto_assigned: 1,
          started_at: now,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /** Replaces a stored value that is no longer a valid plan with the Weekly default. */
    async resetToDefault(userId: string, bad: Pick<SubscriptionRow, 'plan' | 'status' | 'updated_at'>, now: string) {
      await db
        .updateTable('subscriptions')
        .set({
          plan: 'weekly',
          item_count: null,
          status: 'active',
          auto_assigned: 1,
          started_at: now,
          updated_at: now,
          ...NO_CALENDAR,
        })
        .where('user_id', '=', userId)
        .where('plan', '=', bad.plan)
        .where('status', '=', bad.status)
        .where('updated_at', '=', bad.updated_at)
        .execute();
    },

    /** Sets the member's plan (insert or replace), returning the stored row. */
    /**
     * Her plan as chosen now, unless a paid plan's term runs past `today` (its row is left as it
     * is, and undefined comes back): the database decides, so a choice racing a renewal or a
     * change cannot end a term she paid for.
     */
    upsertPlan(
      userId: string,
      v: { plan: string; itemCount: number | null; status: string; now: string; today: string },
    ) {
      return db
        .insertInto('subscriptions')
        .values({
          user_id: userId,
          plan: v.plan,
          item_count: v.itemCount,
          status: v.status,
          auto_assigned: 0,
          started_at: v.now,
          created_at: v.now,
          updated_at: v.now,
        })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({
              plan: v.plan,
              item_count: v.itemCount,
              status: v.status,
              auto_assigned: 0,
              started_at: v.now,
              updated_at: v.now,
              ...NO_CALENDAR,
            })
            .where((eb) =>
              eb.or([
                eb('subscriptions.plan', 'not in', PAID_PLANS),
                eb('subscriptions.paid_through', 'is', null),
                eb('subscriptions.paid_through', '<=', v.today),
              ]),
            ),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** The member's row, locked until the transaction ends (PostgreSQL; SQLite runs one transaction at a time). */
    lockSubscription(q: Db, userId: string) {
      return q.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    },

    /**
     * Sets `set` only while the row still holds every value of `match` (null: IS NULL), returning the
     * row after, or undefined when something changed it first. Of several racing writers that read
     * the same state, one wins: how a plan is activated, renewed, paused or changed once.
     */
    updateIf(q: Db, userId: string, match: SubscriptionMatch, set: Updateable<SubscriptionsTable>) {
      let query = q.updateTable('subscriptions').set(set).where('user_id', '=', userId);
      for (const [column, value] of Object.entries(match) as [keyof SubscriptionMatch, unknown][]) {
        query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value as never);
      }
      return query.returningAll().executeTakeFirst();
    },

    /** Members whose paid term ended by `today` and whose renewal is due (not waiting for a card, not before a retry day). */
    async dueForRenewal(today: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('subscriptions')
        .select('user_id')
        .where('plan', 'in', ['monthly', 'threemonths'])
        .where('status', 'in', ['active', 'paused'])
        .where('paid_through', '<=', today)
        .where((eb) => eb.or([eb('pause_reason', 'is', null), eb('pause_reason', '!=', 'payment')]))
        .where((eb) => eb.or([eb('retry_on', 'is', null), eb('retry_on', '<=', today)]))
        .orderBy('paid_through')
        .limit(limit)
        .execute();
      return rows.map((r) => r.user_id);
    },

    findCard(userId: string, q: Db = db) {
      return q.selectFrom('payment_methods').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async upsertCard(q: Db, row: PaymentMethodRow) {
      const { user_id: _userId, created_at: _createdAt, ...update } = row;
      await q
        .insertInto('payment_methods')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(update))
        .execute();
    },

    async insertCharge(
      q: Db,
      v: {
        userId: string;
        plan: string;
        itemCount: number | null;
        amountCents: number;
        providerChargeId: string;
        now: string;
      },
    ) {
      await q
        .insertInto('charges')
        .values({
          user_id: v.userId,
          plan: v.plan,
          item_count: v.itemCount,
          amount_cents: v.amountCents,
          provider_charge_id: v.providerChargeId,
          created_at: v.now,
        })
        .execute();
    },

    listCharges(userId: string) {
      return db.selectFrom('charges').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    findPickup(userId: string) {
      return db.selectFrom('pickup_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async upsertPickup(userId: string, option: string, studioId: number | null, now: string) {
      await db
        .insertInto('pickup_preferences')
        .values({ user_id: userId, pickup_option: option, studio_id: studioId, updated_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ pickup_option: option, studio_id: studioId, updated_at: now }),
        )
        .execute();
    },

    transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
