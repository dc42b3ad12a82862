import { z } from 'zod';

/**
 * Damage claims (docs/product.md "Damage claims"; decision 0036): within CLAIM_WINDOW_HOURS of a
 * return, the lender of a member's piece may claim an amount (at most the piece's retail price)
 * with photos. While it is open, that rental's earning is held from payout. Staff uphold it (the
 * renter is charged, the lender credited) or reject it, with a note.
 */

export const CLAIM_WINDOW_HOURS = 48;
export const MAX_CLAIM_PHOTOS = 4;
export const CLAIM_DESCRIPTION_MIN = 10;
export const CLAIM_DESCRIPTION_MAX = 1000;
export const CLAIM_NOTE_MIN = 5;
export const CLAIM_NOTE_MAX = 500;

export const CLAIM_STATUSES = ['open', 'upheld', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: 'Open',
  upheld: 'Upheld',
  rejected: 'Rejected',
};

/** The upheld claim's charge to the renter. */
export const CLAIM_CHARGE_STATUSES = ['pending', 'charged', 'failed'] as const;
export type ClaimChargeStatus = (typeof CLAIM_CHARGE_STATUSES)[number];

/** The `data` field of POST /api/claims (multipart, with the photos). */
export const ClaimInputSchema = z.object({
  rentalId: z.number({ error: 'rentalId must be a rental id' }).int().positive(),
  amountCents: z
    .number({ error: 'Enter the amount' })
    .int('The amount is in whole cents')
    .positive('The amount must be more than zero'),
  description: z
    .string({ error: 'Describe the damage' })
    .trim()
    .min(CLAIM_DESCRIPTION_MIN, `Describe the damage in at least ${CLAIM_DESCRIPTION_MIN} characters`)
    .max(CLAIM_DESCRIPTION_MAX, `The description is at most ${CLAIM_DESCRIPTION_MAX} characters`),
});
export type ClaimInput = z.infer<typeof ClaimInputSchema>;

export const ClaimDecisionSchema = z.object({
  note: z
    .string({ error: 'Add a note for both members' })
    .trim()
    .min(CLAIM_NOTE_MIN, `Add a note for both members (at least ${CLAIM_NOTE_MIN} characters)`)
    .max(CLAIM_NOTE_MAX, `The note is at most ${CLAIM_NOTE_MAX} characters`),
});
export type ClaimDecision = z.infer<typeof ClaimDecisionSchema>;

export const ClaimPhotoSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });

export const ClaimSchema = z.object({
  id: z.number().int(),
  rentalId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  retailPriceCents: z.number().int(),
  amountCents: z.number().int(),
  description: z.string(),
  status: z.enum(CLAIM_STATUSES),
  note: z.string().nullable(),
  chargeStatus: z.enum(CLAIM_CHARGE_STATUSES).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  returnedAt: z.string(),
  photos: z.array(ClaimPhotoSchema),
});
export type Claim = z.infer<typeof ClaimSchema>;

export const ClaimListSchema = z.object({ claims: z.array(ClaimSchema) });
export type ClaimList = z.infer<typeof ClaimListSchema>;

/** A claim as staff see it on the desk: with both members. */
export const DeskClaimSchema = ClaimSchema.extend({
  lender: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  renter: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  decidedBy: z.string().nullable(),
});
export type DeskClaim = z.infer<typeof DeskClaimSchema>;

export const DeskClaimListSchema = z.object({ claims: z.array(DeskClaimSchema) });
export type DeskClaimList = z.infer<typeof DeskClaimListSchema>;

export const DeskClaimQuerySchema = z.object({
  status: z.enum(CLAIM_STATUSES, { error: `must be one of ${CLAIM_STATUSES.join(', ')}` }).default('open'),
});

/** A lender's returned rental she may still claim on (within the window, no claim yet). */
export const ClaimableRentalSchema = z.object({
  rentalId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  retailPriceCents: z.number().int(),
  returnedAt: z.string(),
  claimUntil: z.string(),
});
export const ClaimableListSchema = z.object({ rentals: z.array(ClaimableRentalSchema) });
export type ClaimableRental = z.infer<typeof ClaimableRentalSchema>;

export const CLAIM_MESSAGES = {
  opened: 'Claim sent to our team',
  windowClosed: `Claims are opened within ${CLAIM_WINDOW_HOURS} hours of the return`,
  notReturned: 'A claim can be opened once the piece is back',
  managed: 'This piece is in our care: our desk checks it when it comes back and settles any damage for you.',
  already: 'This rental has a claim already',
  overRetail: 'The amount cannot be more than the piece’s retail price',
  noPhoto: 'Add at least one photo of the damage',
  tooManyPhotos: `Add at most ${MAX_CLAIM_PHOTOS} photos`,
  notOpen: 'This claim has already been decided',
  upheld: 'Claim upheld',
  rejected: 'Claim rejected',
  nothingToRetry: 'Only an upheld claim whose charge failed can be charged again',
  renterHasNoCard: 'The renter has no card on file yet: ask her to add one, then charge again',
  retried: 'Charged again',
} as const;
