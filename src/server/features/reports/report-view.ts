import type { RefundStatus, Report, ReportOutcome, ReportReason, ReportStatus } from '../../../domain/reports';
import type { ReportRow, ReportsRepository } from './reports.repository';

/** The address of a report photo (its parties and staff); the file name versions it. */
export function reportPhotoUrl(reportId: number, position: number, fileName: string): string {
  return `/api/reports/${reportId}/photos/${position}?v=${fileName.slice(0, 8)}`;
}

/** Reports as their members read them, with their photos' addresses. */
export async function shapeReports(repo: ReportsRepository, rows: ReportRow[]): Promise<Report[]> {
  const photos = await repo.photosOf(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    rentalId: r.rental_id,
    itemId: r.item_id,
    itemName: r.item_name,
    houseItem: r.lender_id === null,
    reason: r.reason as ReportReason,
    note: r.note,
    status: r.status as ReportStatus,
    lenderNote: r.lender_note,
    outcome: r.outcome as ReportOutcome | null,
    refundCents: r.refund_cents,
    refundStatus: r.refund_status as RefundStatus | null,
    decisionNote: r.decision_note,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    photos: photos
      .filter((p) => p.report_id === r.id)
      .map((p) => ({ url: reportPhotoUrl(p.report_id, p.position, p.file_name), width: p.width, height: p.height })),
  }));
}
