import type { Kysely, Selectable } from 'kysely';
import type { DB, PaymentMethodsTable, SubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

type Db = Kysely<DB>;

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
        .set({ plan: 'weekly', item_count: null, status: 'active', auto_assigned: 1, started_at: now, updated_at: now })
        .where('user_id', '=', userId)
        .where('plan', '=', bad.plan)
        .where('status', '=', bad.status)
        .where('updated_at', '=', bad.updated_at)
        .execute();
    },

    /** Sets the member's plan (insert or replace), returning the stored row. */
    upsertPlan(userId: string, v: { plan: string; itemCount: number | null; status: string; now: string }) {
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
          oc.column('user_id').doUpdateSet({
            plan: v.plan,
            item_count: v.itemCount,
            status: v.status,
            auto_assigned: 0,
            started_at: v.now,
            updated_at: v.now,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Moves a plan waiting for payment to active, stamping the start of its first period. Only one
     * of several concurrent payments can win this (the WHERE on status), so a plan is charged once.
     */
    activatePending(q: Db, userId: string, now: string) {
      return q
        .updateTable('subscriptions')
        .set({ status: 'active', started_at: now, updated_at: now })
        .where('user_id', '=', userId)
        .where('status', '=', 'pending_payment')
        .returningAll()
        .executeTakeFirst();
    },

    /** Puts back a plan this activation made active (its charge was declined): only if nothing changed it since. */
    async deactivate(q: Db, userId: string, activatedAt: string): Promise<void> {
      await q
        .updateTable('subscriptions')
        .set({ status: 'pending_payment', updated_at: activatedAt })
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .where('started_at', '=', activatedAt)
        .execute();
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
