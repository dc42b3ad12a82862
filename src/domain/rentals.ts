import { z } from 'zod';
import { IsoDateSchema, MAX_RANGE_DAYS, SizeSchema } from './catalogue';
import { refineDateRange } from './calendar';
import { MAX_ID } from './ids';
import { HANDOFFS } from './availability';
import { ErrorCodeSchema } from './errors';
import { DiscountSchema, PromoCodeTextSchema } from './offers';
import { LATE_FEE_STATUSES, RENTAL_ACTIONS, RENTAL_MESSAGES, RENTAL_STATUSES, daysBetween } from './rentals.rules';
import { PICKUP_OPTIONS, PickupOptionSchema, PlanIdSchema } from './plans';

/**
 * Rentals (docs/product.md, Renting): a member holds one unit of an item for a date range (7 days from today
 * by default), may extend it by 7 days if the unit is free then, and returns it.
 */

export * from './rentals.rules';

export const RentalStatusSchema = z.enum(RENTAL_STATUSES);

const ItemIdSchema = z
  .number({ error: 'itemId must be a number' })
  .int('itemId must be a whole number')
  .positive('itemId must be positive')
  .max(MAX_ID, `itemId must be at most ${MAX_ID}`);

/** Both dates or neither; the end after the start, at most MAX_RANGE_DAYS later. */
function checkRange(v: { startDate?: string | undefined; endDate?: string | undefined }, ctx: z.RefinementCtx) {
  if (!!v.startDate !== !!v.endDate) {
    ctx.addIssue({
      code: 'custom',
      path: [v.startDate ? 'endDate' : 'startDate'],
      message: 'Give both startDate and endDate, or neither',
    });
    return;
  }
  if (v.startDate && v.endDate) refineDateRange({ startDate: v.startDate, endDate: v.endDate }, ctx, MAX_RANGE_DAYS);
}

/**
 * POST /api/rentals: an item, a size, optionally the range chosen (end exclusive; 7 days from today
 * by default), and how it reaches the member (her saved choice by default). One rental is one
 * piece: `quantity`, if sent, must be 1 (decision 0030).
 */
export const BookRentalSchema = z
  .object({
    itemId: ItemIdSchema,
    size: SizeSchema,
    startDate: IsoDateSchema.optional(),
    endDate: IsoDateSchema.optional(),
    delivery: z.enum(PICKUP_OPTIONS, { error: 'Choose either online delivery or in-store pickup' }).optional(),
    studioId: z
      .number({ error: 'studioId must be a number' })
      .int('studioId must be a whole number')
      .positive('studioId must be positive')
      .max(MAX_ID, `studioId must be at most ${MAX_ID}`)
      .optional(),
    quantity: z.literal(1, { error: RENTAL_MESSAGES.onePiece }).optional(),
    /** A second size of the same piece held with it at no charge, one per order (decision 0034). */
    backupSize: SizeSchema.optional(),
    /** A promo code (any case; decision 0056); refused by name when it cannot apply. */
    code: PromoCodeTextSchema.optional(),
  })
  .superRefine(checkRange)
  .superRefine((v, ctx) => {
    if (v.backupSize !== undefined && v.backupSize === v.size)
      ctx.addIssue({ code: 'custom', path: ['backupSize'], message: 'must be a different size from size' });
  });
export type BookRentalInput = z.infer<typeof BookRentalSchema>;

export const RentalSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  imageUrl: z.string(),
  size: z.string(),
  startDate: z.string(),
  /** When it goes back (the hold ends on this day). */
  returnDate: z.string(),
  status: RentalStatusSchema,
  /** What the member may do now: 'Cancel' until it is sent, 'Return' once it has been sent and has started. */
  actions: z.array(z.enum(RENTAL_ACTIONS)),
  /** The item's price for the period held (weekly price per started week, extensions included). */
  priceCents: z.number().int(),
  /**
   * What the member paid: on Weekly, what was charged to her card (the booking and each paid
   * extension); 0 within a paid plan's allowance. Refunds are on the order.
   */
  chargeCents: z.number().int(),
  /** True when a paid plan's allowance paid for it ("Included in your plan"). */
  coveredByPlan: z.boolean(),
  plan: PlanIdSchema,
  pickupOption: PickupOptionSchema.nullable(),
  /** The order it belongs to (its receipt: GET /api/orders/{number}); null for rentals booked before orders. */
  orderNumber: z.string().nullable(),
  extensions: z.number().int(),
  /**
   * Her 'Return': when she sent the piece back (or dropped it at the studio); before it was
   * dispatched, when she cancelled the reservation (then `cancelled`).
   */
  returnedAt: z.string().nullable(),
  /** When she cancelled it before its start (a full refund; decision 0030): `cancelled` is true then too. */
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  /** How it reaches her: by courier, or collected at the studio (from her pickup choice when booked). */
  handoff: z.enum(HANDOFFS),
  /** When staff sent it (delivery) or put it ready at the studio (pickup). */
  dispatchedAt: z.string().nullable(),
  /** When she marked a delivery received, or the studio handed it over. */
  receivedAt: z.string().nullable(),
  /** When staff checked it in: the rental is over. */
  checkedInAt: z.string().nullable(),
  /** Returned before it was dispatched: the reservation was cancelled and the piece never left. */
  cancelled: z.boolean(),
  /**
   * Late return (docs/product.md "Renting"): null while on time. While overdue, the fee so far
   * (status accruing); after check-in, the fee worked out then and what became of it.
   */
  late: z
    .object({
      days: z.number().int(),
      feeCents: z.number().int(),
      perDayCents: z.number().int(),
      capCents: z.number().int(),
      status: z.enum(LATE_FEE_STATUSES),
    })
    .nullable(),
  /** The backup size held with it at no charge (it ships and comes back with it); null: none. */
  backupSize: z.string().nullable(),
  /**
   * Late to dispatch (not sent by the end of its start day): from when, and the day it is
   * cancelled and refunded in full if still not sent (LATE_DISPATCH_CANCEL_DAYS); null otherwise.
   */
  lateToDispatch: z.object({ since: z.string(), cancelsOn: z.string() }).nullable(),
  /**
   * Keep it (docs/product.md "Keep it", decision 0059): what buying the piece costs now (a share
   * of retail that falls with the unit's earlier rentals), while she has it or has sent it back and
   * it is not checked in; null otherwise. POST /api/rentals/{id}/keep buys it.
   */
  keepOffer: z
    .object({ priceCents: z.number().int(), retailCents: z.number().int(), percentOfRetail: z.number().int() })
    .nullable(),
  /** She bought it: when, and for how much (the rental is over; the piece is hers). */
  kept: z.object({ at: z.string(), priceCents: z.number().int() }).nullable(),
});
export type Rental = z.infer<typeof RentalSchema>;

export const RentalListSchema = z.object({ rentals: z.array(RentalSchema) });
export type RentalList = z.infer<typeof RentalListSchema>;

export const RentalListQuerySchema = z.object({
  status: z.enum(['open', 'all'], { error: 'must be open or all' }).optional(),
});

/**
 * POST /api/rentals/{id}/extend (body optional): the return date the member saw. When it has moved
 * meanwhile (a second click, another tab), the extension is refused (409) instead of adding
 * another week and charging it again.
 */
export const ExtendRentalSchema = z.object({ returnDate: IsoDateSchema.optional() });
export type ExtendRentalInput = z.infer<typeof ExtendRentalSchema>;

/** POST /api/rentals/{id}/cancel: the cancelled rental and the refund it set going. */
export const CancellationSchema = z.object({
  rental: RentalSchema,
  /** What goes back to the card (0 for a rental the plan covered). */
  refundCents: z.number().int(),
  /** True when the piece's place in the plan's month was given back. */
  allowanceReturned: z.boolean(),
});
export type Cancellation = z.infer<typeof CancellationSchema>;

// ---------------------------------------------------------------------------------------------
// Before booking: the total for chosen dates, and which days are free.

const CoercedItemIdSchema = z.coerce
  .number({ error: 'itemId must be a number' })
  .int('itemId must be a whole number')
  .positive('itemId must be positive')
  .max(MAX_ID, `itemId must be at most ${MAX_ID}`);

/** GET /api/rentals/quote: what booking this item, size and range would cost (7 days from today by default). */
export const QuoteQuerySchema = z
  .object({
    itemId: CoercedItemIdSchema,
    size: SizeSchema,
    startDate: IsoDateSchema.optional(),
    endDate: IsoDateSchema.optional(),
    /** How it would reach her (her saved choice by default; delivery for a visitor): availability depends on it. */
    delivery: z.enum(PICKUP_OPTIONS, { error: 'Choose either online delivery or in-store pickup' }).optional(),
    /** A promo code to price with (any case); the quote's refusal says why one cannot apply. */
    code: PromoCodeTextSchema.optional(),
  })
  .superRefine(checkRange);
export type QuoteQuery = z.infer<typeof QuoteQuerySchema>;

export const QuoteSchema = z.object({
  itemId: z.number().int(),
  size: z.string(),
  /** The handoff availability was worked out for (her choice, or the one asked; delivery for a visitor). */
  handoff: z.enum(HANDOFFS),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int(),
  /** Started weeks: the price is the weekly price times this. */
  weeks: z.number().int(),
  weeklyPriceCents: z.number().int(),
  /** The price of the range. */
  priceCents: z.number().int(),
  /** What her card would be charged now: the price less the discount and her store credit, or 0 when her plan includes it. */
  chargeCents: z.number().int(),
  /** What her store credit would pay, before the card (decision 0063); 0: none. */
  creditCents: z.number().int(),
  /** The welcome offer or her code, whichever saves more (decision 0056); null: none applies. */
  discount: DiscountSchema.nullable(),
  /** Said when she gave a code and the welcome offer was kept instead (it saves more). */
  discountNote: z.string().nullable(),
  /** "Included in your plan" (a paid plan with a place left this month). */
  includedInPlan: z.boolean(),
  /** The member's paid plan and its month, or null (Weekly, or a visitor). */
  plan: z
    .object({
      id: PlanIdSchema,
      title: z.string(),
      allowance: z.number().int(),
      used: z.number().int(),
      remaining: z.number().int(),
      periodEnd: z.string(),
    })
    .nullable(),
  /** A unit of the size is free for the whole range. */
  available: z.boolean(),
  /** The first start on or after startDate with a free unit for as many days (null: none within a year). */
  nextFreeDate: z.string().nullable(),
  /** The card that would be charged (brand and last four), or null. */
  card: z.object({ brand: z.string(), lastFour: z.string() }).nullable(),
  /** False for a visitor (the price is then the pay-per-item price). */
  signedIn: z.boolean(),
  /**
   * What 'Add to Cart' would answer now if it would refuse (CARD_REQUIRED: the button reads
   * 'Add a card to rent'; SOLD_OUT; ALLOWANCE_EXCEEDED; ALREADY_RENTED; UNAUTHENTICATED), else null.
   */
  refusal: z.object({ code: ErrorCodeSchema, message: z.string() }).nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** The widest window one calendar request may ask for (two months as the date picker shows them). */
export const MAX_CALENDAR_DAYS = 62;

/** GET /api/items/{id}/calendar: for a size, which days of [from, to) are free and which can start a rental of `days`. */
export const CalendarQuerySchema = z
  .object({
    size: SizeSchema,
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    days: z.coerce
      .number({ error: 'days must be a number' })
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(MAX_RANGE_DAYS, `days must be at most ${MAX_RANGE_DAYS}`)
      .optional(),
    /** How it would reach her: a delivery holds the unit a shipping day before the start (decision 0031). Delivery by default. */
    delivery: z.enum(PICKUP_OPTIONS, { error: 'Choose either online delivery or in-store pickup' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to) {
      if (v.to <= v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
      else if (daysBetween(v.from, v.to) > MAX_CALENDAR_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_CALENDAR_DAYS} days after from` });
    }
  });
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

export const CalendarSchema = z.object({
  itemId: z.number().int(),
  size: z.string(),
  /** The handoff `canStart` was worked out for. */
  handoff: z.enum(HANDOFFS),
  from: z.string(),
  to: z.string(),
  /** The rental length `canStart` was worked out for. */
  days: z.number().int(),
  today: z.string(),
  /** The last day a rental booked today may start. */
  latestStartDate: z.string(),
  /** The first day from today (within the window) a rental of `days` can start: the item page's default. */
  firstFreeStart: z.string().nullable(),
  dates: z.array(
    z.object({
      date: z.string(),
      /** Some unit of the size is not held that day (grey the day out when false). */
      free: z.boolean(),
      /** A rental of `days` can start that day (a unit free for its whole occupancy, within the booking window). */
      canStart: z.boolean(),
    }),
  ),
});
export type Calendar = z.infer<typeof CalendarSchema>;
