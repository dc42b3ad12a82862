import { z } from 'zod';
import { IsoDateSchema, MAX_RANGE_DAYS, SizeSchema } from './catalogue';
import { daysBetween } from './calendar';
import { MAX_ID } from './ids';

/**
 * The waitlist (docs/product.md "Waitlist", decision 0034): when a size is sold out for her dates,
 * a member joins the list; when a unit of it comes free for those dates the first member waiting
 * has it held for her for WAITLIST_HOLD_HOURS, and confirming books it like any booking.
 */

/** How long a freed unit is held for the member it was offered to. */
export const WAITLIST_HOLD_HOURS = 24;

export const WAITLIST_STATUSES = ['waiting', 'held', 'booked', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const WAITLIST_MESSAGES = {
  join: 'Join the waitlist',
  joined: "You're on the waitlist",
  joinedBody: 'If this size comes free for your dates, we hold it for you for 24 hours and let you know.',
  available: 'This size is available for these dates: book it instead.',
  already: 'You are already on the waitlist for this size and these dates.',
  notHeld: 'This piece is not held for you (any more): the hold may have expired.',
  confirmed: 'Booked from your waitlist hold',
  left: 'You have left the waitlist',
  holdTitle: 'Held for you',
} as const;

export const JoinWaitlistSchema = z
  .object({
    itemId: z.number({ error: 'itemId must be a number' }).int('itemId must be a whole number').positive('itemId must be positive').max(MAX_ID, `itemId must be at most ${MAX_ID}`),
    size: SizeSchema,
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
  })
  .superRefine((v, ctx) => {
    if (v.endDate <= v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be after startDate' });
    else if (daysBetween(v.startDate, v.endDate) > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be at most ${MAX_RANGE_DAYS} days after startDate` });
  });
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
  studioId: z.number({ error: 'studioId must be a number' }).int('studioId must be a whole number').positive('studioId must be positive').max(MAX_ID, `studioId must be at most ${MAX_ID}`).optional(),
});
export type ConfirmHoldInput = z.infer<typeof ConfirmHoldSchema>;

/** '23 h 59 min left' from milliseconds (what the dashboard shows beside 'Confirm'). */
export function timeLeft(ms: number): string {
  if (ms <= 0) return 'Expired';
  const minutes = Math.ceil(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min left` : `${m} min left`;
}
