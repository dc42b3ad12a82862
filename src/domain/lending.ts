import { z } from 'zod';
import { IsoDateSchema, MAX_RANGE_DAYS } from './catalogue';
import { refineDateRange } from './calendar';
import { HANDOVER_STAGES, LENDING_ACTIONS, LENDING_MESSAGES, REQUEST_STATUSES } from './lending.rules';

/**
 * Lending between members (docs/product.md "Lending", decision 0035): a renter requests a
 * member's piece, the lender accepts or declines within 48 hours, both write in the request's
 * thread, the lender hands the piece over and marks it back, and blocks days on her calendar.
 */

export * from './lending.rules';

export const BookingRequestSchema = z.object({
  id: z.number().int(),
  rentalId: z.number().int(),
  /** Whether the member reading it is the renter or the lender. */
  role: z.enum(['renter', 'lender']),
  status: z.enum(REQUEST_STATUSES),
  stage: z.enum(HANDOVER_STAGES),
  actions: z.array(z.enum(LENDING_ACTIONS)),
  item: z.object({ id: z.number().int(), name: z.string(), brand: z.string(), imageUrl: z.string() }),
  size: z.string(),
  startDate: z.string(),
  returnDate: z.string(),
  handoff: z.enum(['delivery', 'pickup']),
  priceCents: z.number().int(),
  /** The lender's share of the price (what she earns once it starts). */
  lenderShareCents: z.number().int(),
  renterName: z.string(),
  lenderName: z.string(),
  createdAt: z.string(),
  /** The lender's deadline to answer (48 hours after the request). */
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Messages in the thread the reader has not read. */
  unreadMessages: z.number().int(),
  dispatchedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  /** Who cancelled the accepted request before the piece was sent (decision 0067); null: not cancelled. */
  cancelledBy: z.enum(['renter', 'lender']).nullable(),
  photos: z.array(
    z.object({
      stage: z.enum(['sent', 'returned']),
      url: z.string(),
      width: z.number().int(),
      height: z.number().int(),
    }),
  ),
});
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

export const BookingRequestListSchema = z.object({
  /** Requests for the member's pieces (she is the lender). */
  incoming: z.array(BookingRequestSchema),
  /** Requests she made (she is the renter). */
  outgoing: z.array(BookingRequestSchema),
});
export type BookingRequestList = z.infer<typeof BookingRequestListSchema>;

export const MAX_MESSAGE_LENGTH = 2000;

export const SendMessageSchema = z.object({
  body: z
    .string({ error: LENDING_MESSAGES.emptyMessage })
    .trim()
    .min(1, LENDING_MESSAGES.emptyMessage)
    .max(MAX_MESSAGE_LENGTH, `At most ${MAX_MESSAGE_LENGTH} characters`),
});
export type SendMessageInput = z.infer<typeof SendMessageSchema>;

export const MessageSchema = z.object({
  id: z.number().int(),
  /** The sender's first name, and whether it is the reader. */
  from: z.string(),
  mine: z.boolean(),
  role: z.enum(['renter', 'lender']),
  body: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ThreadSchema = z.object({
  rentalId: z.number().int(),
  itemName: z.string(),
  renterName: z.string(),
  lenderName: z.string(),
  messages: z.array(MessageSchema),
});
export type Thread = z.infer<typeof ThreadSchema>;

export const UnreadMessagesSchema = z.object({ unreadCount: z.number().int() });

/** Days a lender blocks on her piece's calendar: [startDate, endDate), end exclusive. */
export const BlockDatesSchema = z
  .object({ startDate: IsoDateSchema, endDate: IsoDateSchema })
  .superRefine((v, ctx) => refineDateRange(v, ctx, MAX_RANGE_DAYS));
export type BlockDatesInput = z.infer<typeof BlockDatesSchema>;

export const LenderBlockSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
});
export type LenderBlock = z.infer<typeof LenderBlockSchema>;

export const LenderCalendarSchema = z.object({
  itemId: z.number().int(),
  itemName: z.string(),
  blocks: z.array(LenderBlockSchema),
  /** The piece's rentals and requests still holding days (what cannot be blocked). */
  booked: z.array(z.object({ startDate: z.string(), endDate: z.string(), status: z.string() })),
});
export type LenderCalendar = z.infer<typeof LenderCalendarSchema>;
