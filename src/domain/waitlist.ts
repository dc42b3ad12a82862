import { z } from 'zod';
import { IsoDateSchema, MAX_RANGE_DAYS, SizeSchema } from './catalogue';
import { refineDateRange } from './calendar';
import { MAX_ID } from './ids';
import { WAITLIST_STATUSES } from './waitlist.rules';

/**
 * The waitlist (docs/product.md "Waitlist", decision 0034): when a size is sold out for her dates,
 * a member joins the list; when a unit of it comes free for those dates the first member waiting
 * has it held for her for WAITLIST_HOLD_HOURS, and confirming books it like any booking.
 */

export * from './waitlist.rules';

export const JoinWaitlistSchema = z
  .object({
    itemId: z
      .number({ error: 'itemId must be a number' })
      .int('itemId must be a whole number')
      .positive('itemId must be positive')
      .max(MAX_ID, `itemId must be at most ${MAX_ID}`),
    size: SizeSchema,
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
  })
  .superRefine((v, ctx) => refineDateRange(v, ctx, MAX_RANGE_DAYS));
export type JoinWaitlistInput = z.infer<typeof JoinWaitlistSchema>;

export const WaitlistEntrySchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  imageUrl: z.string(),
  size: z.string(),
  startDate: z.string(),
  /** When it goes back (end of the range, exclusive like a rental's return date). */
  returnDate: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** Her place among those waiting for this item and size (1: next to be offered); null unless waiting. */
  position: z.number().int().nullable(),
  createdAt: z.string(),
  /** While held: until when she may confirm. */
  holdExpiresAt: z.string().nullable(),
  /** Once booked: the rental. */
  rentalId: z.number().int().nullable(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const WaitlistListSchema = z.object({ entries: z.array(WaitlistEntrySchema) });
export type WaitlistList = z.infer<typeof WaitlistListSchema>;

/** POST /api/waitlist/{id}/confirm: how the held piece reaches her (her saved choice by default). */
export const ConfirmHoldSchema = z.object({
  delivery: z.enum(['online', 'in-store'], { error: 'Choose either online delivery or in-store pickup' }).optional(),
  studioId: z
    .number({ error: 'studioId must be a number' })
    .int('studioId must be a whole number')
    .positive('studioId must be positive')
    .max(MAX_ID, `studioId must be at most ${MAX_ID}`)
    .optional(),
});
export type ConfirmHoldInput = z.infer<typeof ConfirmHoldSchema>;
