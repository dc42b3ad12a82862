import type { Insertable, Kysely } from 'kysely';
import type { DB, ReportPhotosTable } from '../../db/schema';

type Db = Kysely<DB>;

const REPORT_COLUMNS = [
  'problem_reports.id',
  'problem_reports.rental_id',
  'problem_reports.renter_id',
  'problem_reports.lender_id',
  'problem_reports.item_id',
  'problem_reports.reason',
  'problem_reports.note',
  'problem_reports.status',
  'problem_reports.lender_note',
  'problem_reports.lender_answered_at',
  'problem_reports.outcome',
  'problem_reports.refund_cents',
  'problem_reports.lender_deduction_cents',
  'problem_reports.decision_note',
  'problem_reports.decided_by',
  'problem_reports.decided_at',
  'problem_reports.refund_status',
  'problem_reports.created_at',
  'items.name as item_name',
] as const;

/** The only code that touches problem_reports and report_photos. */
export function createReportsRepository(db: Db) {
  const reports = (q: Db = db) =>
    q.selectFrom('problem_reports').innerJoin('items', 'items.id', 'problem_reports.item_id').select(REPORT_COLUMNS);

  return {
    /** A rental with what a report needs to know (read only: the bookings core owns the row). */
    rental(rentalId: number, q: Db = db) {
      return q
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .select([
          'rentals.id',
          'rentals.user_id',
          'rentals.lender_id',
          'rentals.item_id',
          'rentals.start_date',
          'rentals.received_at',
          'rentals.cancelled_at',
          'rentals.lender_earnings_cents',
          'items.name',
        ])
        .where('rentals.id', '=', rentalId)
        .executeTakeFirst();
    },

    async insert(
      trx: Db,
      row: {
        rental_id: number;
        renter_id: string;
        lender_id: string | null;
        item_id: number;
        reason: string;
        note: string;
        created_at: string;
      },
    ): Promise<number> {
      const { id } = await trx
        .insertInto('problem_reports')
        .values({ ...row, status: 'open' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async insertPhotos(trx: Db, rows: Insertable<ReportPhotosTable>[]): Promise<void> {
      if (rows.length) await trx.insertInto('report_photos').values(rows).execute();
    },

    find(id: number, q: Db = db) {
      return reports(q).where('problem_reports.id', '=', id).executeTakeFirst();
    },

    ofRental(rentalId: number, q: Db = db) {
      return reports(q)
        .where('problem_reports.rental_id', '=', rentalId)
        .orderBy('problem_reports.id', 'desc')
        .execute();
    },

    byStatus(statuses: readonly string[]) {
      return reports()
        .where('problem_reports.status', 'in', statuses)
        .orderBy('problem_reports.id', 'asc')
        .limit(200)
        .execute();
    },

    /** The lender's reports (any status): the payouts' holds and deductions, read in the payout's transaction. */
    ofLender(lenderId: string, q: Db = db) {
      return reports(q).where('problem_reports.lender_id', '=', lenderId).execute();
    },

    /** The lender's dispute of an open report: one conditional update (of an answer and a decision at once, one wins). */
    async dispute(trx: Db, id: number, v: { note: string; at: string }): Promise<boolean> {
      const res = await trx
        .updateTable('problem_reports')
        .set({ status: 'disputed', lender_note: v.note, lender_answered_at: v.at })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Resolves a report still in `from`: one conditional update, so of two resolutions at once one wins. */
    async resolve(
      trx: Db,
      id: number,
      from: readonly string[],
      v: {
        status: 'refunded' | 'rejected';
        outcome: string;
        refundCents: number;
        deductionCents: number;
        note: string;
        by: string | null;
        at: string;
        refundStatus: string | null;
        lenderNote?: string;
      },
    ): Promise<boolean> {
      const res = await trx
        .updateTable('problem_reports')
        .set({
          status: v.status,
          outcome: v.outcome,
          refund_cents: v.refundCents,
          lender_deduction_cents: v.deductionCents,
          decision_note: v.note,
          decided_by: v.by,
          decided_at: v.at,
          refund_status: v.refundStatus,
          ...(v.lenderNote !== undefined ? { lender_note: v.lenderNote, lender_answered_at: v.at } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The refund's outcome from the ledger's settler: a failure sticks; success only moves a pending refund. */
    async setRefundStatus(trx: Db, id: number, status: 'refunded' | 'failed'): Promise<void> {
      await trx
        .updateTable('problem_reports')
        .set({ refund_status: status })
        .where('id', '=', id)
        .where('refund_status', 'in', status === 'failed' ? ['pending', 'refunded'] : ['pending'])
        .execute();
    },

    photosOf(reportIds: number[]) {
      if (reportIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('report_photos')
        .select(['report_id', 'position', 'file_name', 'width', 'height'])
        .where('report_id', 'in', reportIds)
        .orderBy('report_id')
        .orderBy('position')
        .execute();
    },

    photoAt(reportId: number, position: number) {
      return db
        .selectFrom('report_photos')
        .innerJoin('problem_reports', 'problem_reports.id', 'report_photos.report_id')
        .select([
          'report_photos.file_name',
          'report_photos.content_type',
          'problem_reports.lender_id',
          'problem_reports.renter_id',
        ])
        .where('report_photos.report_id', '=', reportId)
        .where('report_photos.position', '=', position)
        .executeTakeFirst();
    },

    usersOf(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('user').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
export type ReportRow = NonNullable<Awaited<ReturnType<ReportsRepository['find']>>>;
