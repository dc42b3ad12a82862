import { z } from 'zod';
import { HANDOFFS } from './availability';
import { ListingSchema, ReviewStatusSchema } from './listings';
import { ACTOR_KINDS, AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES } from './ops.rules';
import { DamageInputSchema } from './protection';
import { LATE_FEE_STATUSES, RENTAL_STATUSES } from './rentals.rules';
import { CONDITIONS, UNIT_CODE_MESSAGE, UNIT_STATES, parseUnitCode } from './unit-life';

export * from './ops.rules';
export * from './unit-life';
export * from './ops-inventory';
export * from './ops-reasons';
export {
  ITEM_STATUS_FOR_REVIEW,
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  ReviewStatusSchema,
  reviewStatusOfItem,
  type ReviewStatus,
} from './listings';

/**
 * The operations desk (/ops): staff accounts, the review of members' listings, the audit log and
 * the desk's read-only boards. See docs/product.md "Staff and the operations desk".
 */

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
  lendingMode: true,
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
  subjectType: z.enum(AUDIT_SUBJECT_TYPES, { error: `must be one of ${AUDIT_SUBJECT_TYPES.join(', ')}` }).optional(),
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
  /** The unit's code (RT-000042): what the desk scans. */
  unitCode: z.string(),
  unitId: z.number().int(),
  /** Where the unit is in its life (unit-life.ts). */
  unitState: z.enum(UNIT_STATES),
  /** The rental's status as the member sees it (reserved, dispatched, out, overdue, returning, returned). */
  status: z.enum(RENTAL_STATUSES),
  /** delivery (courier) or pickup (the studio). */
  handoff: z.enum(HANDOFFS),
  /**
   * Where it goes, as the rental's order recorded it at booking (lines joined by newlines): the
   * delivery address, or the studio's name and address. Null for rentals booked before orders.
   */
  destination: z.object({ address: z.string().nullable(), studio: z.string().nullable() }),
  /** The first day the unit is held for this rental (its shipping day when delivered). */
  holdsFrom: z.string(),
  dispatchedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  /** Days past the return date (today, or when it came back), 0 when on time. */
  daysLate: z.number().int(),
  /** The late fee so far (while out), or as worked out at check-in. */
  lateFeeCents: z.number().int(),
  lateFeeStatus: z.enum(LATE_FEE_STATUSES).nullable(),
  /** For dispatch: false when the booked unit is not on the shelf (still out, cleaning, repair). */
  unitReady: z.boolean(),
  /** The backup size held with it (decision 0034): it goes out in the same parcel and comes back with it. */
  backup: z.object({ size: z.string(), unitCode: z.string() }).nullable(),
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
  /**
   * To dispatch: not sent yet, holding its unit from today or earlier (a delivery the day
   * before it starts, a studio pickup the day it starts), and starting today or later.
   */
  toDispatch: z.array(DeskRentalSchema),
  /**
   * Late to dispatch: not sent by the end of its start day (oldest first). The member has been
   * told; one still not sent on its start + LATE_DISPATCH_CANCEL_DAYS is cancelled and refunded
   * in full by the scheduled job (docs/product.md "Renting").
   */
  lateToDispatch: z.array(DeskRentalSchema),
  /** Ready at the studio, not handed over yet. */
  awaitingPickup: z.array(DeskRentalSchema),
  /** Sent back by the member, not checked in yet. */
  returning: z.array(DeskRentalSchema),
  /** Checked in today. */
  checkedInToday: z.array(DeskRentalSchema),
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
  /** Units per size (retired ones left out), and how many of them are out with a member today. */
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

/* ---------------------------------------------------------------- the unit's life at the desk */

/** A unit code (RT-000042; also rt42, RT-42), turned into the unit's id. */
export const UnitCodeSchema = z
  .string()
  .max(24, { error: UNIT_CODE_MESSAGE })
  .refine((v) => parseUnitCode(v) !== null, { error: UNIT_CODE_MESSAGE })
  .transform((v) => parseUnitCode(v)!);

export const NoteSchema = z.string().trim().max(500, 'A note is at most 500 characters');

export const CheckInSchema = z.object({
  condition: z.enum(CONDITIONS, { error: `Grade the condition: ${CONDITIONS.join(', ')}` }),
  /** Where it goes; by default cleaning when as new or good, repair otherwise. */
  to: z.enum(['cleaning', 'repair'], { error: 'must be cleaning or repair' }).optional(),
  note: NoteSchema.optional(),
  /** Damage found, charged per the schedule once the check-in is done (decision 0064). */
  damage: DamageInputSchema.optional(),
});
export type CheckInInput = z.infer<typeof CheckInSchema>;

export const UnitNoteSchema = z.object({ note: NoteSchema.optional() });

export const ConditionPhotoSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

/** A unit as the desk shows it: where it is, the rental it is out on, and what holds it next. */
export const UnitDetailSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  itemId: z.number().int(),
  itemName: z.string(),
  brand: z.string(),
  size: z.string(),
  unitNo: z.number().int(),
  state: z.enum(UNIT_STATES),
  /** The grade at its last check-in. */
  condition: z.enum(CONDITIONS).nullable(),
  note: z.string().nullable(),
  changedAt: z.string().nullable(),
  /** The rental it is out on, or else the last one it went out on (checked in). */
  rental: DeskRentalSchema.nullable(),
  /** Photos taken when that rental was checked in. */
  conditionPhotos: z.array(ConditionPhotoSchema),
  /** The next reservation of the unit not dispatched yet. */
  nextRental: z
    .object({ rentalId: z.number().int(), startDate: z.string(), holdsFrom: z.string(), member: z.string() })
    .nullable(),
  /** While cleaning: the day it is bookable again if nobody marks it done before. */
  heldUntil: z.string().nullable(),
  /**
   * Held as the backup size of a rental (decision 0034): it has no state of its own, goes out and
   * comes back with that rental's unit, and is checked in with it.
   */
  backupOf: z
    .object({ rentalId: z.number().int(), unitCode: z.string(), member: z.string(), returnDate: z.string() })
    .nullable(),
});
export type UnitDetail = z.infer<typeof UnitDetailSchema>;

export const UnitListQuerySchema = z.object({
  state: z.enum(UNIT_STATES, { error: `must be one of ${UNIT_STATES.join(', ')}` }),
});

export const UnitListSchema = z.object({ units: z.array(UnitDetailSchema) });
export type UnitList = z.infer<typeof UnitListSchema>;
