import { DomainError, type ErrorCode } from '../../../domain/errors';

/*
 * The booking refusal ladder (issue 26; decision 0053): when a booking would be refused for more
 * than one reason, which one she is told. It is written here once; the quote (what the item page
 * says), the booking and a lending request climb it, each with the rungs that apply to it and its
 * own words for each refusal.
 *
 * Input first (the dates, the sizes, how it reaches her), then who asks (a member whose account
 * is active), then the piece (it exists, it is not hers, it is booked this way and not requested,
 * she has no open rental of it), then its days (a free unit, the backup size's unit), and last
 * what pays for it (a paid plan not paused, its allowance, else a card on file, or store credit
 * that pays it all: decision 0069). A card is asked for only of a booking that would otherwise go
 * through. Last, the offer: a promo code she named that cannot apply (decision 0056); the welcome
 * offer never refuses.
 */
export const BOOKING_LADDER = [
  'range',
  'size',
  'backupSize',
  'delivery',
  'member',
  'item',
  'own',
  'path',
  'open',
  'soldOut',
  'backupSoldOut',
  'paused',
  'allowance',
  'card',
  'offer',
] as const;

export type Rung = (typeof BOOKING_LADDER)[number];

/** A rung's check: the refusal (returned or thrown), or nothing when the booking may go on. */
export type RungCheck = () => DomainError | null | undefined | void | Promise<DomainError | null | undefined | void>;

/**
 * Runs the given rungs' checks in the ladder's order, from `from` to `to` (the whole ladder by
 * default), and throws the first refusal. A booking climbs in two stretches: the input's rungs
 * before its transaction (their reads run their own queries), the rest inside it; a check may
 * remember what it found (the free unit) for the caller.
 */
export async function climb(checks: Partial<Record<Rung, RungCheck>>, from: Rung = 'range', to: Rung = 'offer') {
  const start = BOOKING_LADDER.indexOf(from);
  const end = BOOKING_LADDER.indexOf(to);
  for (const rung of Object.keys(checks) as Rung[]) {
    const at = BOOKING_LADDER.indexOf(rung);
    if (at < start || at > end) throw new Error(`the ${rung} rung is not between ${from} and ${to}`);
  }
  for (const rung of BOOKING_LADDER.slice(start, end + 1)) {
    const refusal = await checks[rung]?.();
    if (refusal) throw refusal;
  }
}

/** The first refusal of the given rungs as the quote shows it (code and message), or null. */
export async function firstRefusal(
  checks: Partial<Record<Rung, RungCheck>>,
  from?: Rung,
): Promise<{ code: ErrorCode; message: string } | null> {
  try {
    await climb(checks, from);
    return null;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { code: err.code, message: err.message };
  }
}
