import { z } from 'zod';
import { IsoDateSchema, MAX_RANGE_DAYS, SizeSchema } from './catalogue';
import { MAX_ID } from './ids';
import { HANDOFFS } from './availability';
import { LATE_FEE_STATUSES, RENTAL_STATUSES, daysBetween } from './rentals.rules';
import { PickupOptionSchema, PlanIdSchema } from './plans';

/**
 * Rentals (docs/product.md, Renting): a member holds one unit of an item for a date range (7 days from today
 * by default), may extend it by 7 days if the unit is free then, and returns it.
 */

export * from './rentals.rules';

export const RentalStatusSchema = z.enum(RENTAL_STATUSES);

/** POST /api/rentals: an item, a size, and optionally the range chosen on /browse (end exclusive). */
export const BookRentalSchema = z
  .object({
    itemId: z.number({ error: 'itemId must be a number' }).int('itemId must be a whole number').positive('itemId must be positive').max(MAX_ID, `itemId must be at most ${MAX_ID}`),
    size: SizeSchema,
    startDate: IsoDateSchema.optional(),
    endDate: IsoDateSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!!v.startDate !== !!v.endDate) {
      ctx.addIssue({ code: 'custom', path: [v.startDate ? 'endDate' : 'startDate'], message: 'Give both startDate and endDate, or neither' });
      return;
    }
    if (v.startDate && v.endDate) {
      if (v.endDate <= v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be after startDate' });
      else if (daysBetween(v.startDate, v.endDate) > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be at most ${MAX_RANGE_DAYS} days after startDate` });
    }
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
  /** The item's price for the period held (weekly price per started week, extensions included). */
  priceCents: z.number().int(),
  /** What the member pays: the price on Weekly (pay per item); 0 within a paid plan's allowance. */
  chargeCents: z.number().int(),
  plan: PlanIdSchema,
  pickupOption: PickupOptionSchema.nullable(),
  extensions: z.number().int(),
  /**
   * Her 'Return': when she sent the piece back (or dropped it at the studio); before it was
   * dispatched, when she cancelled the reservation (then `cancelled`).
   */
  returnedAt: z.string().nullable(),
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
});
export type Rental = z.infer<typeof RentalSchema>;

export const RentalListSchema = z.object({ rentals: z.array(RentalSchema) });
export type RentalList = z.infer<typeof RentalListSchema>;

export const RentalListQuerySchema = z.object({
  status: z.enum(['open', 'all'], { error: 'must be open or all' }).optional(),
});
