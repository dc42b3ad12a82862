/**
 * Lending's constants, messages and plain rules, without zod: what the item page (public) and the
 * request pages need. The schemas live in lending.ts, which re-exports all of this (decisions
 * 0010 and 0039: public pages do not load zod).
 */

/** How long a lender has to answer a request before it expires (its hold and payment released). */
export const REQUEST_ANSWER_HOURS = 48;

/**
 * A request's life: authorising (the card is being asked), pending (the lender answers), then
 * final: accepted, declined, expired, failed (the card refused) or withdrawn (by the renter while
 * it was pending).
 */
export const REQUEST_STATUSES = [
  'authorising',
  'pending',
  'accepted',
  'declined',
  'expired',
  'failed',
  'withdrawn',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  authorising: 'Confirming your card',
  pending: 'Waiting for the lender',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  failed: 'Card declined',
  withdrawn: 'Withdrawn',
};

/**
 * Where the piece is between the two members (the rental's marks, decision 0031):
 * requested, to_send (accepted, not sent yet), sent, with_renter, sent_back, back (the lender has
 * it: cleaning), done (cleaned, or the request ended without a rental).
 */
export const HANDOVER_STAGES = ['requested', 'to_send', 'sent', 'with_renter', 'sent_back', 'back', 'done'] as const;
export type HandoverStage = (typeof HANDOVER_STAGES)[number];

/** What the member reading a request can do now. */
export const LENDING_ACTIONS = [
  'accept',
  'decline',
  'withdraw',
  'send',
  'received',
  'return',
  'back',
  'clean',
  'cancel',
] as const;
export type LendingAction = (typeof LENDING_ACTIONS)[number];

export const LENDING_MESSAGES = {
  /**
   * The one statement of what a request costs and when (the server authorises the price when the
   * request is sent and captures it when the lender accepts; no plan allowance applies).
   */
  requestRule:
    "The lender has 48 hours to accept. Your card is authorised now and charged only when she accepts; if she declines or does not answer, the hold is released and nothing is charged. A member's piece is paid per piece, outside your plan's allowance.",
  cardRequired:
    'Add a card to send a request: it is authorised when you send it and charged only when the lender accepts.',
  requestButton: 'Request to book',
  requested: 'Request sent',
  alreadyAnswered: 'This request has already been answered.',
  expired: 'This request has expired: the 48 hours to answer have passed.',
  notPending: 'This request is no longer waiting for an answer.',
  withdrawn: 'The renter has withdrawn this request.',
  onlyRenterWithdraws: 'Only the member who made the request can withdraw it.',
  notAccepted: 'The piece can be sent once the request is accepted.',
  tooEarlyToSend: 'It is too early to send the piece: send it at most one day before the rental starts.',
  alreadySent: 'The piece has already been sent.',
  notSent: 'The piece has not been sent yet.',
  alreadyBack: 'The piece is already back.',
  notBack: 'The piece is not back yet: mark it back first.',
  notCleaning: 'The piece is not waiting for cleaning.',
  memberPiecesOnly: "Only a member's own pieces are requested; pieces from our collection are booked at once.",
  requestRequired: 'This piece belongs to a member: send a request to book, which she accepts within 48 hours.',
  blockOverlapsBooking: 'These days are booked already: choose days without rentals.',
  blockNotFound: 'Blocked days not found',
  notYourPiece: 'This is not your piece.',
  threadClosed: 'Only the renter and the lender can read this conversation.',
  emptyMessage: 'Write a message',
} as const;

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
export function lendingActions(
  role: 'renter' | 'lender',
  stage: HandoverStage,
  opts: { today: string; startDate: string; handoff: 'delivery' | 'pickup'; status: RequestStatus },
): LendingAction[] {
  if (role === 'lender') {
    if (stage === 'requested') return ['accept', 'decline'];
    // Before it is sent she may cancel what she accepted: the renter refunded in full, a fee for her (decision 0067).
    if (stage === 'to_send') return ['send', 'cancel'];
    if (stage === 'sent' || stage === 'with_renter' || stage === 'sent_back') return ['back'];
    if (stage === 'back') return ['clean'];
    return [];
  }
  const actions: LendingAction[] = [];
  if (stage === 'requested' && opts.status === 'pending') actions.push('withdraw');
  if (stage === 'sent' && opts.handoff === 'delivery') actions.push('received');
  if ((stage === 'sent' || stage === 'with_renter') && opts.today >= opts.startDate) actions.push('return');
  return actions;
}
