import type { Kysely } from 'kysely';
import {
  LENDER_ANSWER_HOURS,
  MAX_REPORT_PHOTOS,
  OPEN_REPORT_STATUSES,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_WINDOW_HOURS,
  type DeskReport,
  type LenderAnswer,
  type RentalReports,
  type Report,
  type ReportInput,
  type ReportOutcome,
  type ReportResolution,
  type ReportStatus,
} from '../../../domain/reports';
import { DomainError, notFound } from '../../../domain/errors';
import { formatCents } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { UploadedFile } from '../../http/multipart';
import type { SessionUser } from '../../http/types';
import { withStoredPhotos } from '../../storage/storage';
import { createAuditRepository, staffActor } from '../audit';
import type { BookingsCore } from '../bookings';
import { preparePhotos } from '../listings';
import type { NotificationsService } from '../notifications';
import { isUniqueViolation, type LedgerEntry, type PaymentsService } from '../payments';
import { fullyRefunded, lenderDeduction, recordRefunds, refundAmount, refundPlan, runRefunds } from './report-refunds';
import { shapeReports } from './report-view';
import { createReportsRepository, type ReportRow } from './reports.repository';

const HOUR_MS = 3_600_000;
const isOpen = (status: string) => (OPEN_REPORT_STATUSES as readonly string[]).includes(status);

/**
 * Problem reports (docs/product.md "Reporting a problem", decision 0060), built like damage claims
 * (decision 0036) from the other side: the renter reports within REPORT_WINDOW_HOURS of receiving
 * the piece (or of its start day, if it never came), with photos checked like a listing's; one
 * open report per rental (a partial unique index). The lender of a member's piece accepts (a full
 * refund at once) or disputes; staff resolve a house piece's report, a dispute, or one the lender
 * left unanswered for LENDER_ANSWER_HOURS. A refund goes back to her card through the ledger
 * (purpose 'problem_report'), never above what was paid; the lender's earning for the rental is
 * held while the report is open, and her share of the refund is taken from her payouts.
 */
export function createReportsService(
  ctx: AppContext,
  deps: {
    payments: PaymentsService;
    notifications: NotificationsService;
    core: BookingsCore;
    /** Waits for a payout of this lender being made (her payout account's row lock), so a payout and a report never cross. */
    lockPayouts: (trx: Kysely<DB>, lenderId: string) => Promise<void>;
  },
) {
  const { db } = ctx.database;
  const repo = createReportsRepository(db);
  const audit = createAuditRepository(db);
  const { payments, notifications, core, lockPayouts } = deps;
  const log = ctx.logger.child({ feature: 'reports' });
  const nowIso = () => ctx.clock().toISOString();

  payments.onSettle('problem_report', async (trx, entry, outcome) => {
    await repo.setRefundStatus(
      trx,
      Number(entry.context.reportId),
      outcome.status === 'succeeded' ? 'refunded' : 'failed',
    );
  });

  const shape = (rows: ReportRow[]) => shapeReports(repo, rows);

  /** Whether staff may decide now: a house piece, a dispute, or a lender who has not answered in time. */
  const decidable = (r: ReportRow) =>
    r.status === 'disputed' ||
    (r.status === 'open' &&
      (r.lender_id === null ||
        ctx.clock().getTime() - new Date(r.created_at).getTime() > LENDER_ANSWER_HOURS * HOUR_MS));

  async function deskShape(rows: ReportRow[]): Promise<DeskReport[]> {
    const base = await shape(rows);
    const ids = rows.flatMap((r) => [
      r.renter_id,
      ...(r.lender_id ? [r.lender_id] : []),
      ...(r.decided_by ? [r.decided_by] : []),
    ]);
    const users = new Map((await repo.usersOf([...new Set(ids)])).map((u) => [u.id, u]));
    const person = (id: string) => ({
      id,
      name: users.get(id)?.name ?? 'Deleted account',
      email: users.get(id)?.email ?? '',
    });
    const out: DeskReport[] = [];
    for (const [i, r] of rows.entries()) {
      const plan = await refundPlan(payments, db, r.rental_id);
      out.push({
        ...base[i]!,
        renter: person(r.renter_id),
        lender: r.lender_id ? person(r.lender_id) : null,
        paidCents: plan.refundableCents,
        decidable: decidable(r),
        decidedBy: r.decided_by ? (users.get(r.decided_by)?.email ?? r.decided_by) : null,
      });
    }
    return out;
  }

  type RentalRow = NonNullable<Awaited<ReturnType<typeof repo.rental>>>;

  /** Why she may not report on the rental now (null: she may), and the window's end. */
  function windowOf(rental: RentalRow): { refusal: string | null; until: string | null } {
    if (rental.cancelled_at) return { refusal: REPORT_MESSAGES.cancelled, until: null };
    const now = ctx.clock().getTime();
    const from = rental.received_at ?? ctx.dayStartsAt(rental.start_date);
    const until = new Date(new Date(from).getTime() + REPORT_WINDOW_HOURS * HOUR_MS).toISOString();
    if (!rental.received_at && now < new Date(from).getTime()) return { refusal: REPORT_MESSAGES.notStarted, until };
    if (now > new Date(until).getTime()) return { refusal: REPORT_MESSAGES.windowClosed, until };
    return { refusal: null, until };
  }

  /** 404 / 409 / 400 for a report that cannot be made, before the photos are read. */
  async function check(renterId: string, input: Pick<ReportInput, 'rentalId' | 'reason'>): Promise<RentalRow> {
    const rental = await repo.rental(input.rentalId);
    if (!rental || rental.user_id !== renterId) throw notFound('Rental not found');
    const { refusal, until } = windowOf(rental);
    if (refusal) throw new DomainError('CONFLICT', refusal, { details: { reportUntil: until } });
    const refunded = fullyRefunded(await refundPlan(payments, db, rental.id));
    if (refunded) throw new DomainError('CONFLICT', refunded);
    const wrongReason = rental.received_at
      ? input.reason === 'not_arrived' && REPORT_MESSAGES.alreadyReceived
      : input.reason !== 'not_arrived' && REPORT_MESSAGES.notReceivedYet;
    if (wrongReason)
      throw new DomainError('VALIDATION_FAILED', wrongReason, { issues: [{ path: 'reason', message: wrongReason }] });
    return rental;
  }

  const sendRefunds = (entries: LedgerEntry[], reportId: number) => runRefunds(payments, log, entries, reportId);

  /**
   * The outcome's writes in `trx`: the conditional update from `from` (of two at once, one wins),
   * the refunds in the ledger, both members told. Returns the refunds to send after the commit.
   */
  async function resolveIn(
    trx: Kysely<DB>,
    report: ReportRow,
    from: readonly string[],
    v: {
      outcome: ReportOutcome;
      amountCents?: number | undefined;
      note: string;
      by: string | null;
      lenderNote?: string;
    },
  ): Promise<LedgerEntry[]> {
    const plan = await refundPlan(payments, trx, report.rental_id);
    const refund = refundAmount(plan, v.outcome, v.amountCents);
    const rental = (await repo.rental(report.rental_id, trx))!;
    const deduction = report.lender_id ? lenderDeduction(rental.lender_earnings_cents, refund, plan.paidCents) : 0;
    const at = nowIso();
    const done = await repo.resolve(trx, report.id, from, {
      status: v.outcome === 'rejected' ? 'rejected' : 'refunded',
      outcome: v.outcome,
      refundCents: refund,
      deductionCents: deduction,
      note: v.note,
      by: v.by,
      at,
      refundStatus: refund > 0 ? 'pending' : null,
      ...(v.lenderNote !== undefined ? { lenderNote: v.lenderNote } : {}),
    });
    if (!done) throw new DomainError('CONFLICT', REPORT_MESSAGES.notOpen);
    const entries =
      refund > 0
        ? await recordRefunds(payments, trx, plan, {
            reportId: report.id,
            userId: report.renter_id,
            rentalId: report.rental_id,
            amountCents: refund,
            itemName: report.item_name,
          })
        : [];
    const parties = [
      ['renter', report.renter_id] as const,
      ...(report.lender_id ? [['lender', report.lender_id] as const] : []),
    ];
    for (const [party, userId] of parties)
      await notifications.notify(trx, {
        kind: 'problem_resolved',
        subjectType: 'report',
        subjectId: String(report.id),
        userId,
        data: {
          itemName: report.item_name,
          party,
          rentalId: report.rental_id,
          refunded: refund > 0,
          refund: formatCents(refund),
          deduction: formatCents(deduction),
          note: v.note,
        },
      });
    return entries;
  }

  const one = async (id: number) => (await shape([(await repo.find(id))!]))[0]!;

  return {
    /** The rental's report page: may she report, until when, and its reports; for its renter and lender. */
    async forRental(viewerId: string, rentalId: number): Promise<RentalReports> {
      const rental = await repo.rental(rentalId);
      if (!rental || (rental.user_id !== viewerId && rental.lender_id !== viewerId)) throw notFound('Rental not found');
      const role = rental.user_id === viewerId ? 'renter' : 'lender';
      const reports = await shape(await repo.ofRental(rentalId));
      const { refusal, until } = windowOf(rental);
      const plan = await refundPlan(payments, db, rentalId);
      return {
        rentalId,
        itemName: rental.name,
        role,
        paidCents: plan.refundableCents,
        refusal: reports.some((r) => isOpen(r.status)) ? REPORT_MESSAGES.already : (fullyRefunded(plan) ?? refusal),
        reportUntil: until,
        received: rental.received_at !== null,
        reports,
      };
    },

    check,

    /** Opens a report with its photos; both members are told; the lender's earning is held from now. */
    async open(renterId: string, input: ReportInput, files: UploadedFile[]): Promise<Report> {
      const rental = await check(renterId, input);
      if (files.length === 0 && input.reason !== 'not_arrived')
        throw new DomainError('VALIDATION_FAILED', REPORT_MESSAGES.noPhoto, {
          issues: [{ path: 'photos', message: REPORT_MESSAGES.noPhoto }],
        });
      if (files.length > MAX_REPORT_PHOTOS)
        throw new DomainError('VALIDATION_FAILED', REPORT_MESSAGES.tooManyPhotos, {
          issues: [{ path: 'photos', message: REPORT_MESSAGES.tooManyPhotos }],
        });
      const images = await preparePhotos(files);
      let reportId: number;
      try {
        reportId = await withStoredPhotos(ctx.storage, images, ctx.logger, async (names) => {
          const at = nowIso();
          return db.transaction().execute(async (trx) => {
            // The rental's row lock (the bookings core, decision 0053), then the lender's payouts'.
            await core.lock(trx, { rentalId: rental.id });
            if (rental.lender_id) await lockPayouts(trx, rental.lender_id);
            const id = await repo.insert(trx, {
              rental_id: rental.id,
              renter_id: renterId,
              lender_id: rental.lender_id,
              item_id: rental.item_id,
              reason: input.reason,
              note: input.note,
              created_at: at,
            });
            await repo.insertPhotos(
              trx,
              images.map((img, i) => ({
                report_id: id,
                position: i,
                file_name: names[i]!,
                content_type: img.contentType,
                width: img.width,
                height: img.height,
                bytes: img.data.length,
                created_at: at,
              })),
            );
            const parties = [
              ['renter', renterId] as const,
              ...(rental.lender_id ? [['lender', rental.lender_id] as const] : []),
            ];
            for (const [party, userId] of parties)
              await notifications.notify(trx, {
                kind: 'problem_reported',
                subjectType: 'report',
                subjectId: String(id),
                userId,
                data: { itemName: rental.name, reason: REPORT_REASON_LABELS[input.reason], party, rentalId: rental.id },
              });
            return id;
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('CONFLICT', REPORT_MESSAGES.already);
        throw err;
      }
      log.info({ reportId, rentalId: rental.id }, 'problem reported');
      return one(reportId);
    },

    /** The lender's answer: accept refunds her in full at once; dispute sends it to staff. */
    async answer(lenderId: string, reportId: number, input: LenderAnswer): Promise<Report> {
      const report = await repo.find(reportId);
      if (!report || (report.lender_id !== lenderId && report.renter_id !== lenderId))
        throw notFound('Report not found');
      if (report.lender_id !== lenderId) throw new DomainError('FORBIDDEN', REPORT_MESSAGES.notLender);
      if (report.status !== 'open') throw new DomainError('CONFLICT', REPORT_MESSAGES.notOpen);
      const refunds = await db.transaction().execute(async (trx) => {
        if (input.answer === 'accept')
          return resolveIn(trx, report, ['open'], {
            outcome: 'full_refund',
            note: input.note,
            by: null,
            lenderNote: input.note,
          });
        if (!(await repo.dispute(trx, reportId, { note: input.note, at: nowIso() })))
          throw new DomainError('CONFLICT', REPORT_MESSAGES.notOpen);
        await notifications.notify(trx, {
          kind: 'problem_disputed',
          subjectType: 'report',
          subjectId: String(reportId),
          userId: report.renter_id,
          data: { itemName: report.item_name, note: input.note, rentalId: report.rental_id },
        });
        return [];
      });
      await sendRefunds(refunds, reportId);
      return one(reportId);
    },

    /** A report photo's bytes, for its two parties and staff. */
    async photo(reportId: number, position: number, viewer: { id: string; role: string }) {
      const row = await repo.photoAt(reportId, position);
      if (!row || !(viewer.role === 'staff' || viewer.id === row.lender_id || viewer.id === row.renter_id)) return null;
      const data = await ctx.storage.get(row.file_name);
      return data ? { data, contentType: row.content_type } : null;
    },

    async desk(status: ReportStatus | undefined): Promise<DeskReport[]> {
      return deskShape(await repo.byStatus(status ? [status] : OPEN_REPORT_STATUSES));
    },

    /** Staff's decision: a full or partial refund, or rejected with a reason; audited; both told. */
    async resolve(
      staff: SessionUser,
      reportId: number,
      input: ReportResolution,
      requestId: string | null,
    ): Promise<DeskReport> {
      const refunds = await db.transaction().execute(async (trx) => {
        const before = await repo.find(reportId, trx);
        if (!before) throw notFound('Report not found');
        if (!isOpen(before.status)) throw new DomainError('CONFLICT', REPORT_MESSAGES.notOpen);
        if (!decidable(before)) throw new DomainError('CONFLICT', REPORT_MESSAGES.notYours);
        const entries = await resolveIn(trx, before, OPEN_REPORT_STATUSES, {
          outcome: input.outcome,
          amountCents: input.amountCents,
          note: input.note,
          by: staff.id,
        });
        const after = (await repo.find(reportId, trx))!;
        await audit.record(trx, {
          actor: staffActor(staff),
          action: 'report.resolve',
          subjectType: 'report',
          subjectId: reportId,
          before: { status: before.status },
          after: {
            status: after.status,
            outcome: after.outcome,
            refundCents: after.refund_cents,
            lenderDeductionCents: after.lender_deduction_cents,
            note: input.note,
            rentalId: before.rental_id,
          },
          requestId,
          at: after.decided_at ?? nowIso(),
        });
        return entries;
      });
      await sendRefunds(refunds, reportId);
      log.info({ reportId, outcome: input.outcome, staffId: staff.id, requestId }, 'report resolved');
      return (await deskShape([(await repo.find(reportId))!]))[0]!;
    },

    /**
     * The lender's reports as her payouts read them, in the payout's transaction: an open one holds
     * the rental's earning; a refunded one takes its deduction from her balance once.
     */
    async payoutAdjustments(lenderId: string, q: Kysely<DB>) {
      return (await repo.ofLender(lenderId, q)).map((r) => ({
        reportId: r.id,
        rentalId: r.rental_id,
        open: isOpen(r.status),
        deductionCents: r.lender_deduction_cents,
        decidedAt: r.decided_at,
        itemName: r.item_name,
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
