import { type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * What she gave us through problem reports and protection (decisions 0060, 0064): the reports she
 * made (her reason, note, photos and how each was resolved), her answers as the lender of a piece
 * reported (her words only, not the renter's), her damage cover, her deposits and her identity
 * checks (their outcome; the provider keeps the document and selfie). Never the other member's side.
 */
export async function reportRows(db: Kysely<DB>, userId: string) {
  const [reports, answers, covers, deposits, identityChecks] = await Promise.all([
    db
      .selectFrom('problem_reports')
      .innerJoin('items', 'items.id', 'problem_reports.item_id')
      .select([
        'problem_reports.id',
        'problem_reports.rental_id',
        'problem_reports.item_id',
        'items.name',
        'items.brand',
        'problem_reports.reason',
        'problem_reports.note',
        'problem_reports.status',
        'problem_reports.outcome',
        'problem_reports.refund_cents',
        'problem_reports.decision_note',
        'problem_reports.decided_at',
        'problem_reports.created_at',
      ])
      .where('problem_reports.renter_id', '=', userId)
      .orderBy('problem_reports.id')
      .execute(),
    db
      .selectFrom('problem_reports')
      .select(['id', 'rental_id', 'lender_note', 'lender_answered_at'])
      .where('lender_id', '=', userId)
      .where('lender_answered_at', 'is not', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('rental_covers')
      .select(['rental_id', 'fee_cents', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('rental_id')
      .execute(),
    db
      .selectFrom('rental_deposits')
      .select(['rental_id', 'amount_cents', 'status', 'captured_cents', 'created_at', 'settled_at'])
      .where('user_id', '=', userId)
      .orderBy('rental_id')
      .execute(),
    db
      .selectFrom('identity_checks')
      .select(['provider', 'status', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  const ids = reports.map((r) => r.id);
  const reportPhotos = ids.length
    ? await db
        .selectFrom('report_photos')
        .select(['report_id', 'position', 'file_name'])
        .where('report_id', 'in', ids)
        .orderBy('report_id')
        .orderBy('position')
        .execute()
    : [];
  return { reports, reportAnswers: answers, covers, deposits, identityChecks, reportPhotos };
}

type ReportRows = Awaited<ReturnType<typeof reportRows>>;

/** The data file's sections for them, in its own words. */
export function reportSections(d: ReportRows, photoUrl: (id: number, position: number, fileName: string) => string) {
  return {
    problemReports: d.reports.map((r) => ({
      id: r.id,
      rentalId: r.rental_id,
      itemId: r.item_id,
      item: `${r.brand} ${r.name}`,
      reason: r.reason,
      note: r.note,
      status: r.status,
      outcome: r.outcome,
      refundCents: r.refund_cents,
      decisionNote: r.decision_note,
      decidedAt: r.decided_at,
      photos: d.reportPhotos.filter((p) => p.report_id === r.id).map((p) => photoUrl(r.id, p.position, p.file_name)),
      reportedAt: r.created_at,
    })),
    problemReportAnswers: d.reportAnswers.map((a) => ({
      reportId: a.id,
      rentalId: a.rental_id,
      note: a.lender_note,
      answeredAt: a.lender_answered_at,
    })),
    damageCover: d.covers.map((c) => ({
      rentalId: c.rental_id,
      feeCents: c.fee_cents,
      status: c.status,
      addedAt: c.created_at,
    })),
    deposits: d.deposits.map((x) => ({
      rentalId: x.rental_id,
      amountCents: x.amount_cents,
      status: x.status,
      capturedCents: x.captured_cents,
      heldAt: x.created_at,
      settledAt: x.settled_at,
    })),
    identityChecks: d.identityChecks.map((c) => ({
      provider: c.provider,
      status: c.status,
      startedAt: c.created_at,
      updatedAt: c.updated_at,
    })),
  };
}
