import { z } from 'zod';

/**
 * Problem reports (docs/product.md "Reporting a problem"; decision 0060): within
 * REPORT_WINDOW_HOURS of receiving a piece (or of the start of its start day, if it never came)
 * the renter reports what is wrong, with photos and a note. A house piece's report is resolved by
 * staff on the desk; a member's piece's lender answers first (accept: a full refund at once;
 * dispute: staff decide). Outcomes: a full or partial refund to her card, or rejected with a
 * reason. One open report per rental; the lender's earning for the rental is held while it is
 * open and reduced by her share of what was refunded.
 */

export const REPORT_WINDOW_HOURS = 48;
/** After this long without the lender's answer, staff may decide a member's piece's report. */
export const LENDER_ANSWER_HOURS = 48;
export const MAX_REPORT_PHOTOS = 4;
export const REPORT_NOTE_MIN = 10;
export const REPORT_NOTE_MAX = 1000;
export const DECISION_NOTE_MIN = 5;
export const DECISION_NOTE_MAX = 500;

export const REPORT_REASONS = ['wrong_size', 'damaged', 'not_as_described', 'not_arrived'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  wrong_size: 'Wrong size',
  damaged: 'Damaged or stained',
  not_as_described: 'Not as described',
  not_arrived: 'Not arrived',
};

export const REPORT_STATUSES = ['open', 'disputed', 'refunded', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  disputed: 'Disputed by the lender',
  refunded: 'Refunded',
  rejected: 'Rejected',
};
/** The statuses that hold the lender's earning and count as "the open report" of a rental. */
export const OPEN_REPORT_STATUSES = ['open', 'disputed'] as const satisfies readonly ReportStatus[];

export const REPORT_OUTCOMES = ['full_refund', 'partial_refund', 'rejected'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_OUTCOME_LABELS: Record<ReportOutcome, string> = {
  full_refund: 'Full refund',
  partial_refund: 'Partial refund',
  rejected: 'Rejected',
};

export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

const note = (what: string, min: number, max: number) =>
  z
    .string({ error: `Add ${what}` })
    .trim()
    .min(min, `Add ${what} (at least ${min} characters)`)
    .max(max, `The note is at most ${max} characters`);

/** The `data` field of POST /api/reports (multipart, with the photos). */
export const ReportInputSchema = z.object({
  rentalId: z.number({ error: 'rentalId must be a rental id' }).int().positive(),
  reason: z.enum(REPORT_REASONS, { error: 'Choose what is wrong' }),
  note: note('a note saying what is wrong', REPORT_NOTE_MIN, REPORT_NOTE_MAX),
});
export type ReportInput = z.infer<typeof ReportInputSchema>;

/** The lender's answer: accept (she is refunded in full) or dispute (staff decide), with a note. */
export const LenderAnswerSchema = z.object({
  answer: z.enum(['accept', 'dispute'], { error: 'Choose accept or dispute' }),
  note: note('a note for the renter and our team', DECISION_NOTE_MIN, DECISION_NOTE_MAX),
});
export type LenderAnswer = z.infer<typeof LenderAnswerSchema>;

/** Staff's decision on the desk. A partial refund names its amount (less than what was paid). */
export const ReportResolutionSchema = z
  .object({
    outcome: z.enum(REPORT_OUTCOMES, { error: 'Choose an outcome' }),
    amountCents: z
      .number({ error: 'Enter the amount' })
      .int('The amount is in whole cents')
      .positive('The amount must be more than zero')
      .optional(),
    note: note('a note for both members', DECISION_NOTE_MIN, DECISION_NOTE_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === 'partial_refund' && v.amountCents === undefined)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'Enter the amount of the partial refund' });
  });
export type ReportResolution = z.infer<typeof ReportResolutionSchema>;

export const ReportPhotoSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

export const ReportSchema = z.object({
  id: z.number().int(),
  rentalId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  /** Whose piece: a member's (the lender answers first) or the house's. */
  houseItem: z.boolean(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  status: z.enum(REPORT_STATUSES),
  lenderNote: z.string().nullable(),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  refundCents: z.number().int(),
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  photos: z.array(ReportPhotoSchema),
});
export type Report = z.infer<typeof ReportSchema>;
export const ReportListSchema = z.object({ reports: z.array(ReportSchema) });

/** A rental as the report page shows it: may she report now, until when, and its reports (newest first). */
export const RentalReportsSchema = z.object({
  rentalId: z.number().int(),
  itemName: z.string(),
  role: z.enum(['renter', 'lender']),
  /** What she paid for the rental and may still be refunded (cents). */
  paidCents: z.number().int(),
  /** null: she may report now; otherwise why not. */
  refusal: z.string().nullable(),
  /** The end of the window (null before the start day of a piece not received). */
  reportUntil: z.string().nullable(),
  /** Whether the piece was received (else only "not arrived" may be reported). */
  received: z.boolean(),
  reports: z.array(ReportSchema),
});
export type RentalReports = z.infer<typeof RentalReportsSchema>;

/** A report as staff see it on the desk. */
export const DeskReportSchema = ReportSchema.extend({
  renter: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  lender: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  paidCents: z.number().int(),
  /** Whether staff may decide now (a house piece, a dispute, or the lender's time to answer is over). */
  decidable: z.boolean(),
  decidedBy: z.string().nullable(),
});
export type DeskReport = z.infer<typeof DeskReportSchema>;
export const DeskReportListSchema = z.object({ reports: z.array(DeskReportSchema) });
export const DeskReportQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: `must be one of ${REPORT_STATUSES.join(', ')}` }).optional(),
});

export const REPORT_MESSAGES = {
  sent: 'Problem reported',
  windowClosed: `Problems are reported within ${REPORT_WINDOW_HOURS} hours of receiving the piece (or of its start date, if it never came)`,
  notStarted: 'A piece that has not come can be reported from its start date',
  notReceivedYet: 'Mark the piece received first, or report it as not arrived',
  alreadyReceived: 'The piece was received: choose what is wrong with it',
  cancelled: 'This rental was cancelled',
  already: 'This rental has an open report already',
  refundedInFull: 'This rental was refunded in full',
  noPhoto: 'Add at least one photo of the problem',
  tooManyPhotos: `Add at most ${MAX_REPORT_PHOTOS} photos`,
  notOpen: 'This report has already been resolved',
  notLender: 'Only the lender of the piece answers a report',
  notYours: 'Waiting for the lender’s answer',
  nothingPaid: 'Nothing was paid for this rental, so there is nothing to refund',
  overPaid: 'A partial refund is less than what was paid',
  resolved: 'Report resolved',
} as const;
