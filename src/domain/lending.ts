import { z } from 'zod';
import { IsoDateSchema, MAX_RANGE_DAYS } from './catalogue';
import { daysBetween } from './rentals.rules';

/**
 * Lending between members (docs/product.md "Lending", decision 0035): a renter requests a
 * member's piece, the lender accepts or declines within 48 hours, both write in the request's
 * thread, the lender hands the piece over and marks it back, and blocks days on her calendar.
 */

/** How long a lender has to answer a request before it expires (its hold and payment released). */
export const REQUEST_ANSWER_HOURS = 48;

/** A request's life: authorising (the card is being asked), pending (the lender answers), then final. */
export const REQUEST_STATUSES = ['authorising', 'pending', 'accepted', 'declined', 'expired', 'failed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  authorising: 'Confirming your card',
  pending: 'Waiting for the lender',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  failed: 'Card declined',
};

/**
 * Where the piece is between the two members (the rental's marks, decision 0031):
 * requested, to_send (accepted, not sent yet), sent, with_renter, sent_back, back (the lender has
 * it: cleaning), done (cleaned, or the request ended without a rental).
 */
export const HANDOVER_STAGES = ['requested', 'to_send', 'sent', 'with_renter', 'sent_back', 'back', 'done'] as const;
export type HandoverStage = (typeof HANDOVER_STAGES)[number];

/** What the member reading a request can do now. */
export const LENDING_ACTIONS = ['accept', 'decline', 'send', 'received', 'return', 'back', 'clean'] as const;
export type LendingAction = (typeof LENDING_ACTIONS)[number];

export const LENDING_MESSAGES = {
  requestRule: 'The lender has 48 hours to accept. Your card is only authorised now, and charged when she accepts; if she declines or does not answer, the hold is released.',
  requestButton: 'Request to book',
  requested: 'Request sent',
  alreadyAnswered: 'This request has already been answered.',
  expired: 'This request has expired: the 48 hours to answer have passed.',
  notPending: 'This request is no longer waiting for an answer.',
  notAccepted: 'The piece can be sent once the request is accepted.',
  tooEarlyToSend: 'It is too early to send the piece: send it at most one day before the rental starts.',
  alreadySent: 'The piece has already been sent.',
  notSent: 'The piece has not been sent yet.',
  alreadyBack: 'The piece is already back.',
  notBack: 'The piece is not back yet: mark it back first.',
  notCleaning: 'The piece is not waiting for cleaning.',
  memberPiecesOnly: 'Only a member\'s own pieces are requested; pieces from our collection are booked at once.',
  requestRequired: 'This piece belongs to a member: send a request to book, which she accepts within 48 hours.',
  blockOverlapsBooking: 'These days are booked already: choose days without rentals.',
  blockNotFound: 'Blocked days not found',
  notYourPiece: 'This is not your piece.',
  threadClosed: 'Only the renter and the lender can read this conversation.',
  emptyMessage: 'Write a message',
} as const;

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
  photos: z.array(z.object({ stage: z.enum(['sent', 'returned']), url: z.string(), width: z.number().int(), height: z.number().int() })),
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
  .superRefine((v, ctx) => {
    if (v.endDate <= v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be after startDate' });
    else if (daysBetween(v.startDate, v.endDate) > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be at most ${MAX_RANGE_DAYS} days after startDate` });
  });
export type BlockDatesInput = z.infer<typeof BlockDatesSchema>;

export const LenderBlockSchema = z.object({ id: z.number().int(), itemId: z.number().int(), startDate: z.string(), endDate: z.string(), createdAt: z.string() });
export type LenderBlock = z.infer<typeof LenderBlockSchema>;

export const LenderCalendarSchema = z.object({
  itemId: z.number().int(),
  itemName: z.string(),
  blocks: z.array(LenderBlockSchema),
  /** The piece's rentals and requests still holding days (what cannot be blocked). */
  booked: z.array(z.object({ startDate: z.string(), endDate: z.string(), status: z.string() })),
});
export type LenderCalendar = z.infer<typeof LenderCalendarSchema>;

/** The stage of the handover from the rental's marks. */
export function handoverStage(m: {
  status: RequestStatus;
  dispatchedAt: string | null;
  receivedAt: string | null;
  returnedAt: string | null;
  checkedInAt: string | null;
  cancelledAt: string | null;
  cleaned: boolean;
}): HandoverStage {
  if (m.status === 'authorising' || m.status === 'pending') return 'requested';
  if (m.status !== 'accepted') return 'done';
  if (m.checkedInAt) return m.cleaned ? 'done' : 'back';
  if (m.cancelledAt) return 'done';
  if (!m.dispatchedAt) return 'to_send';
  if (m.returnedAt) return 'sent_back';
  if (m.receivedAt) return 'with_renter';
  return 'sent';
}

/** What the reader can do at this stage (the server refuses the rest with 409). */
export function lendingActions(role: 'renter' | 'lender', stage: HandoverStage, opts: { today: string; startDate: string; handoff: 'delivery' | 'pickup' }): LendingAction[] {
  if (role === 'lender') {
    if (stage === 'requested') return ['accept', 'decline'];
    if (stage === 'to_send') return ['send'];
    if (stage === 'sent' || stage === 'with_renter' || stage === 'sent_back') return ['back'];
    if (stage === 'back') return ['clean'];
    return [];
  }
  const actions: LendingAction[] = [];
  if (stage === 'sent' && opts.handoff === 'delivery') actions.push('received');
  if ((stage === 'sent' || stage === 'with_renter') && opts.today >= opts.startDate) actions.push('return');
  return actions;
}

