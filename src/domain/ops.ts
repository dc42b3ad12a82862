import { z } from 'zod';
import { ListingSchema, ReviewStatusSchema } from './listings';
import { ACTOR_KINDS, AUDIT_ACTIONS, OPS_MESSAGES } from './ops.rules';

export * from './ops.rules';
export { ITEM_STATUS_FOR_REVIEW, REVIEW_STATUSES, REVIEW_STATUS_LABELS, ReviewStatusSchema, reviewStatusOfItem, type ReviewStatus } from './listings';

/**
 * The operations desk (/ops): staff accounts, the review of members' listings, the audit log and
 * the desk's read-only boards. See docs/product.md "Staff and the operations desk".
 */

export const REJECTION_REASON_MIN = 10;
export const REJECTION_REASON_MAX = 500;

export const RejectListingSchema = z.object({
  reason: z
    .string({ error: OPS_MESSAGES.reasonRequired })
    .trim()
    .min(REJECTION_REASON_MIN, OPS_MESSAGES.reasonRequired)
    .max(REJECTION_REASON_MAX, `The reason is at most ${REJECTION_REASON_MAX} characters`),
});
export type RejectListingInput = z.infer<typeof RejectListingSchema>;

export const ReviewQueueQuerySchema = z.object({
  status: ReviewStatusSchema.optional(),
});

/** A listing as staff review it: the piece as the lender described it, with its owner and review. */
export const ReviewListingSchema = ListingSchema.pick({
  id: true,
  name: true,
  brand: true,
  category: true,
  gender: true,
  sizes: true,
  description: true,
  retailPriceCents: true,
  rentalPriceCents: true,
  handover: true,
  photos: true,
}).extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  status: ReviewStatusSchema,
  reason: z.string().nullable(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** 1 for a first submission, more after the member resubmitted it. */
  round: z.number().int(),
});
export type ReviewListing = z.infer<typeof ReviewListingSchema>;

export const ReviewQueueSchema = z.object({
  listings: z.array(ReviewListingSchema),
  /** How many wait for review (whatever the filter). */
  pendingCount: z.number().int(),
});
export type ReviewQueue = z.infer<typeof ReviewQueueSchema>;

/* ---------------------------------------------------------------- audit log */

export const AUDIT_PAGE_SIZE = 25;

export const AuditQuerySchema = z.object({
  /** An actor: a staff member's e-mail or user id, or 'cli' / 'system'. */
  actor: z.string().trim().min(1).max(254).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  subjectType: z.string().trim().min(1).max(40).optional(),
  subjectId: z.string().trim().min(1).max(80).optional(),
  /** The id of the last row of the previous page (rows come newest first). */
  before: z
    .string()
    .regex(/^\d{1,12}$/, { error: 'must be a row id from a previous page' })
    .transform(Number)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ kind: z.enum(ACTOR_KINDS), id: z.string().nullable(), email: z.string().nullable() }),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/* ---------------------------------------------------------------- the desk's boards */

export const DeskRentalSchema = z.object({
  rentalId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  brand: z.string(),
  size: z.string(),
  unitNo: z.number().int(),
  member: z.object({ name: z.string(), email: z.string() }),
  startDate: z.string(),
  returnDate: z.string(),
  /** 'online' (delivered) or 'in-store' (studio pickup), as the member chose; null if unknown. */
  pickupOption: z.string().nullable(),
  returnedAt: z.string().nullable(),
  /** For a member's piece: who lends it. */
  lender: z.string().nullable(),
});
export type DeskRental = z.infer<typeof DeskRentalSchema>;

export const TodayBoardSchema = z.object({
  date: z.string(),
  /** Rentals that start today: to send out, or to hand over at the studio. */
  starting: z.array(DeskRentalSchema),
  /** Rentals due back today, not returned yet. */
  dueBack: z.array(DeskRentalSchema),
  /** Past their return date and not returned. */
  overdue: z.array(DeskRentalSchema),
  /** Marked returned today. */
  returnedToday: z.array(DeskRentalSchema),
});
export type TodayBoard = z.infer<typeof TodayBoardSchema>;

export const InventoryQuerySchema = z.object({
  q: z.string().trim().max(80).optional(),
  /** The id of the last item of the previous page (items come by id). */
  after: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'must be an item id from a previous page' })
    .transform(Number)
    .optional(),
});

export const InventoryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  status: z.string(),
  fromMember: z.boolean(),
  rentalPriceCents: z.number().int(),
  /** Units per size, and how many of them are out with a member today. */
  sizes: z.array(z.object({ size: z.string(), units: z.number().int(), out: z.number().int() })),
});
export type InventoryItem = z.infer<typeof InventoryItemSchema>;

export const INVENTORY_PAGE_SIZE = 40;

export const InventoryPageSchema = z.object({
  items: z.array(InventoryItemSchema),
  nextAfter: z.number().int().nullable(),
  totals: z.object({ items: z.number().int(), units: z.number().int(), out: z.number().int() }),
});
export type InventoryPage = z.infer<typeof InventoryPageSchema>;
