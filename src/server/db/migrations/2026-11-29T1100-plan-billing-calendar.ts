import type { Kysely } from 'kysely';

/**
 * The plan's billing calendar, stored (decision 0058): a paid plan's term is no longer derived
 * forever from `started_at`; the renewal job moves these dates when it charges.
 * - `term_start`, `paid_through`: the paid term [term_start, paid_through); `paid_through` is the
 *   next billing date (while paused: the day charging starts again).
 * - `pause_from`, `pause_until`, `pause_reason` (pause | skip | payment): a pause booked for the
 *   next billing date, or in force (status 'paused'); a payment pause has no end.
 * - `cancel_at`: the plan ends there (Weekly from that day) unless she undoes it.
 * - `pending_plan`, `pending_item_count`: a downgrade that applies at the next billing date.
 * - `renewal_attempts`, `retry_on`: declined renewals so far, and the day of the next try.
 *
 * Paid plans already active keep the term they were implicitly in (monthly steps from their start,
 * or three-month steps for 3 Months, up to the day of the upgrade): nothing is charged for the past.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['term_start', 'paid_through', 'pause_from', 'pause_until', 'pause_reason', 'cancel_at']) {
    await db.schema.alterTable('subscriptions').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('subscriptions').addColumn('pending_plan', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('pending_item_count', 'integer').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('renewal_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('retry_on', 'text').execute();
  await db.schema
    .createIndex('subscriptions_paid_through_idx')
    .ifNotExists()
    .on('subscriptions')
    .columns(['paid_through'])
    .execute();

  const today = new Date().toISOString().slice(0, 10);
  const rows = (await db
    .selectFrom('subscriptions')
    .select(['user_id', 'plan', 'started_at'])
    .where('status', '=', 'active')
    .where('plan', 'in', ['monthly', 'threemonths'])
    .execute()) as { user_id: string; plan: string; started_at: string }[];
  for (const row of rows) {
    const months = row.plan === 'threemonths' ? 3 : 1;
    const start = row.started_at.slice(0, 10);
    let k = 0;
    while (addMonths(start, (k + 1) * months) <= today) k += 1;
    await db
      .updateTable('subscriptions')
      .set({ term_start: addMonths(start, k * months), paid_through: addMonths(start, (k + 1) * months) })
      .where('user_id', '=', row.user_id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subscriptions_paid_through_idx').ifExists().execute();
  for (const column of [
    'term_start',
    'paid_through',
    'pause_from',
    'pause_until',
    'pause_reason',
    'cancel_at',
    'pending_plan',
    'pending_item_count',
    'renewal_attempts',
    'retry_on',
  ]) {
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
  }
}

/** Whole months added to 'YYYY-MM-DD', clamped to a shorter month's last day (a copy: migrations import no app code). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(d, new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
