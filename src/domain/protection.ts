import { z } from 'zod';
import { DomainError } from './errors';
import { formatCents } from './money';
import { CANCELLATION_POLICIES, LENDER_POLICY_SETTINGS as LP } from './lender-policies.rules';

/**
 * Protection (docs/product.md "Damage cover, deposits and Instant Book"; decision 0064): the
 * damage cover a renter adds to a rental, the published damage and loss schedule the desk's
 * charges follow, the deposit held on high-value pieces, the lender's per-piece policy and the
 * verified members Instant Book is for. The schedule page, the API and the tests read the same
 * settings below: change a number here and every one of them follows.
 */
export const PROTECTION_SETTINGS = {
  /** The cover's fee per rental. */
  coverFeeCents: 500,
  /** A piece whose retail price is at least this asks a deposit (a lender may ask one on any piece). */
  depositThresholdCents: 50_000,
  /** Renting a member's piece whose retail price is at least this asks a verified identity (decision 0068). */
  verifiedRenterThresholdCents: 200_000,
  /** The deposit: this share of the retail price... */
  depositRate: 0.25,
  /** ...at most this. */
  depositCapCents: 25_000,
  /** Without cover, a stain that cleaning removes costs this flat fee. */
  stainFeeCents: 1_500,
  /** Without cover, a minor repair costs what it costs up to this. */
  minorRepairCapCents: 7_500,
  /** With cover, a major repair or a missing part costs at most this. */
  coveredExcessCents: 4_000,
  /** With cover, a loss costs this share of the retail price... */
  coveredLossRate: 0.3,
  /** ...at most this. */
  coveredLossCapCents: 25_000,
} as const;

export const DAMAGE_KINDS = ['wear', 'small_stain', 'minor_repair', 'major_repair', 'missing_part', 'loss'] as const;
export const DamageKindSchema = z.enum(DAMAGE_KINDS);
export type DamageKind = z.infer<typeof DamageKindSchema>;

/** Kinds whose charge depends on the repair's cost (the desk or lender states it). */
export const COSTED_KINDS: readonly DamageKind[] = ['minor_repair', 'major_repair', 'missing_part'];

const S = PROTECTION_SETTINGS;
const pct = (rate: number) => `${Math.round(rate * 100)}%`;

/** One line of the schedule, in the member's words: what it is, with cover, without. */
export interface ScheduleLine {
  kind: DamageKind;
  title: string;
  example: string;
  withCover: string;
  withoutCover: string;
}

/** The published schedule: the page shows these lines, worked out from the settings. */
export function damageSchedule(): ScheduleLine[] {
  return [
    {
      kind: 'wear',
      title: 'Normal wear',
      example: 'Light pilling, a loose thread, the softening of a fabric worn with care.',
      withCover: 'Nothing',
      withoutCover: 'Nothing',
    },
    {
      kind: 'small_stain',
      title: 'A small stain',
      example: 'Make-up, a drop of wine: a stain our cleaning removes.',
      withCover: 'Nothing',
      withoutCover: formatCents(S.stainFeeCents),
    },
    {
      kind: 'minor_repair',
      title: 'A minor repair',
      example: 'A seam come open, a lost button, a dropped hem, a small tear.',
      withCover: 'Nothing',
      withoutCover: `The repair, at most ${formatCents(S.minorRepairCapCents)}`,
    },
    {
      kind: 'major_repair',
      title: 'A major repair',
      example: 'A large tear, a broken zip, a stain that needs a specialist.',
      withCover: `The repair, at most ${formatCents(S.coveredExcessCents)}`,
      withoutCover: `The repair, at most ${pct(0.5)} of the retail price`,
    },
    {
      kind: 'missing_part',
      title: 'A missing part',
      example: 'A belt, a detachable collar, a matching slip.',
      withCover: `Its cost, at most ${formatCents(S.coveredExcessCents)}`,
      withoutCover: `Its cost, at most ${pct(0.25)} of the retail price`,
    },
    {
      kind: 'loss',
      title: 'Lost or beyond repair',
      example: 'A piece not returned, or damaged past saving.',
      withCover: `${pct(S.coveredLossRate)} of the retail price, at most ${formatCents(S.coveredLossCapCents)}`,
      withoutCover: 'The retail price (never more)',
    },
  ];
}

/** What a damage costs under the schedule: the renter's part, the whole (what the piece's owner is owed) and the cover's part. */
export interface DamageCharge {
  renterCents: number;
  fullCents: number;
  coverCents: number;
}

/**
 * The schedule as one rule: the desk's check-in and the lender's claim both call it. `costCents`
 * is the repair's (or part's) cost, required for the costed kinds and ignored for the others.
 */
export function damageCharge(
  kind: DamageKind,
  o: { covered: boolean; retailCents: number; costCents?: number },
): DamageCharge {
  const cost = Math.max(0, Math.round(o.costCents ?? 0));
  const retail = Math.max(0, o.retailCents);
  let full = 0;
  let covered = 0;
  switch (kind) {
    case 'wear':
      break;
    case 'small_stain':
      full = S.stainFeeCents;
      break;
    case 'minor_repair':
      full = Math.min(cost, S.minorRepairCapCents);
      break;
    case 'major_repair':
      full = Math.min(cost, Math.round(retail * 0.5));
      covered = Math.min(full, S.coveredExcessCents);
      break;
    case 'missing_part':
      full = Math.min(cost, Math.round(retail * 0.25));
      covered = Math.min(full, S.coveredExcessCents);
      break;
    case 'loss':
      full = retail;
      covered = Math.min(Math.round(retail * S.coveredLossRate), S.coveredLossCapCents);
      break;
  }
  const renterCents = o.covered ? covered : full;
  return { renterCents, fullCents: full, coverCents: full - renterCents };
}

/** The deposit a piece asks: none under the threshold unless its lender asks one. */
export function depositFor(retailCents: number, lenderAsks: boolean): number {
  if (retailCents < S.depositThresholdCents && !lenderAsks) return 0;
  return Math.min(Math.round(retailCents * S.depositRate), S.depositCapCents);
}

export const PROTECTION_MESSAGES = {
  coverTooLate: 'Damage cover can be added until the piece is sent.',
  coverAlready: 'This rental already has damage cover.',
  noCard: 'Add a card to your account first: the fee is charged to it.',
  notReturned: 'Damage is recorded once the piece is back.',
  damageAlready: 'Damage on this rental has already been recorded: it is settled once.',
  depositNotNeeded: 'This piece asks no deposit.',
  depositAlready: 'The deposit for this rental is already held.',
  depositNotHeld: 'There is no deposit held on this rental.',
  depositDeclined: 'Your card did not accept the deposit this piece asks, so nothing was booked and nothing is held.',
  damageRecordedFirst:
    'The desk has already recorded damage on this rental and credited the lender: a claim cannot be upheld as well.',
  claimUpheldFirst:
    'A damage claim on this rental has already been upheld and credited the lender: damage cannot be recorded as well.',
  verifyToRent: (threshold: string) =>
    `Renting a member's piece worth ${threshold} or more is for verified members: verify your identity first.`,
  costNeeded: 'State the repair’s cost for this kind of damage.',
  notYourPiece: 'Only the piece’s lender sets its policy.',
  instantBookOff: 'This piece is not on Instant Book: send a request instead.',
  instantBookUnverified: 'Instant Book is for verified members: verify your identity, or send a request instead.',
  instantBookOpenReport:
    'Instant Book is not open to you while a problem report of yours is open: send a request instead.',
  instantBookRating: 'Instant Book asks a rating of 4 or more from your lenders: send a request instead.',
  tooShort: (days: number) => `This lender rents this piece for at least ${days} days.`,
  tooLong: (days: number) => `This lender rents this piece for at most ${days} days.`,
  alreadyVerified: 'Your identity is already verified.',
  checkPending: 'Your identity check is under way.',
  badSignature: 'The webhook’s signature is not valid.',
} as const;

/**
 * The lender's minimum and maximum days as one rule, for every way her piece is taken (a request,
 * Instant Book): nothing within them, else the refusal in the one error shape (400, the end date
 * named, the days and the limits in its details).
 */
export function outsidePolicyDays(days: number, limits: { minDays: number; maxDays: number }): DomainError | null {
  if (days >= limits.minDays && days <= limits.maxDays) return null;
  const message =
    days < limits.minDays ? PROTECTION_MESSAGES.tooShort(limits.minDays) : PROTECTION_MESSAGES.tooLong(limits.maxDays);
  return new DomainError('VALIDATION_FAILED', message, {
    issues: [{ path: 'endDate', message }],
    details: { days, minDays: limits.minDays, maxDays: limits.maxDays },
  });
}

export const CoverSchema = z.object({
  rentalId: z.number().int(),
  feeCents: z.number().int(),
  status: z.enum(['pending', 'active', 'failed']),
  createdAt: z.string(),
});
export type Cover = z.infer<typeof CoverSchema>;

export const DEPOSIT_STATUSES = ['authorising', 'held', 'declined', 'released', 'captured'] as const;
export const DepositSchema = z.object({
  rentalId: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(DEPOSIT_STATUSES),
  capturedCents: z.number().int(),
  settledAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof DepositSchema>;

export const DamageInputSchema = z
  .object({
    kind: DamageKindSchema,
    costCents: z.number().int().min(0).max(10_000_000).optional(),
    note: z.string().trim().max(1000).default(''),
  })
  .refine((d) => !COSTED_KINDS.includes(d.kind) || d.costCents !== undefined, {
    path: ['costCents'],
    message: 'state the repair’s cost for this kind of damage',
  });
export type DamageInput = z.infer<typeof DamageInputSchema>;

export const DamageAssessmentSchema = z.object({
  id: z.number().int(),
  rentalId: z.number().int(),
  kind: DamageKindSchema,
  covered: z.boolean(),
  renterCents: z.number().int(),
  fullCents: z.number().int(),
  coverCents: z.number().int(),
  depositCapturedCents: z.number().int(),
  chargedCents: z.number().int(),
  lenderCents: z.number().int(),
  note: z.string(),
  createdAt: z.string(),
});
export type DamageAssessment = z.infer<typeof DamageAssessmentSchema>;

export const RentalProtectionSchema = z.object({
  rentalId: z.number().int(),
  cover: CoverSchema.nullable(),
  coverFeeCents: z.number().int(),
  canAddCover: z.boolean(),
  deposit: DepositSchema.nullable(),
  depositCents: z.number().int(),
  damage: DamageAssessmentSchema.nullable(),
});
export type RentalProtection = z.infer<typeof RentalProtectionSchema>;

export const PiecePolicyInputSchema = z
  .object({
    minDays: z.number().int().min(1).max(30).default(1),
    maxDays: z.number().int().min(1).max(30).default(30),
    cleaning: z.string().trim().max(500).default(''),
    depositRequired: z.boolean().default(false),
    instantBook: z.boolean().default(false),
    // Lender policies (decision 0067): cancellation, notice, the longer-rental discount.
    cancellationPolicy: z.enum(CANCELLATION_POLICIES).default('flexible'),
    noticeDays: z.number().int().min(0).max(LP.maxNoticeDays).default(0),
    longDiscountPercent: z.number().int().min(0).max(LP.maxLongDiscountPercent).default(0),
  })
  .refine((p) => p.minDays <= p.maxDays, { path: ['maxDays'], message: 'must be at least the minimum' });
export type PiecePolicyInput = z.infer<typeof PiecePolicyInputSchema>;

/** What a renter sees before she books or requests a piece. */
export const PieceTermsSchema = z.object({
  itemId: z.number().int(),
  fromMember: z.boolean(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  cleaning: z.string(),
  depositRequired: z.boolean(),
  depositCents: z.number().int(),
  instantBook: z.boolean(),
  coverFeeCents: z.number().int(),
  lenderVerified: z.boolean(),
  /** Lender policies (decision 0067). */
  cancellationPolicy: z.enum(CANCELLATION_POLICIES),
  noticeDays: z.number().int(),
  longDiscountPercent: z.number().int(),
  longRentalDays: z.number().int(),
  /** Accepted requests its lender cancelled in the last 90 days (her record, shown with her pieces). */
  lenderCancellations: z.number().int(),
  /** Her listings are paused (three cancellations in 90 days) until this instant. */
  lenderPausedUntil: z.string().nullable(),
  /** Renting it asks a verified identity (a member's piece worth the setting or more, decision 0068). */
  verificationRequired: z.boolean(),
});
export type PieceTerms = z.infer<typeof PieceTermsSchema>;

/** The lender's Instant Book control on her listing. */
export const InstantBookInputSchema = z.object({ instantBook: z.boolean() });
export type InstantBookInput = z.infer<typeof InstantBookInputSchema>;

/** Whether Instant Book is offered to her, and why not (the item page shows it). */
export const InstantBookEligibilitySchema = z.object({ eligible: z.boolean(), reason: z.string().nullable() });
export type InstantBookEligibility = z.infer<typeof InstantBookEligibilitySchema>;

export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected', 'needs_review'] as const;
export const VerificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  verified: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

export const VerificationInputSchema = z.object({
  documentType: z.enum(['passport', 'driving_licence', 'id_card']),
  documentNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6,20}$/, { error: 'must be 6 to 20 letters or digits' }),
  selfie: z.literal(true, { error: 'a selfie is needed' }),
});
export type VerificationInput = z.infer<typeof VerificationInputSchema>;

/** What cancelling a rental gives back, shown before she confirms (decision 0067). */
export const CancellationTermsSchema = z.object({
  rentalId: z.number().int(),
  /** Null: not a member's piece, so no lender policy applies (a full refund until it is sent). */
  policy: z.enum(CANCELLATION_POLICIES).nullable(),
  paidCents: z.number().int(),
  refundCents: z.number().int(),
  percent: z.number().int(),
  /** Until when the policy's share comes back (ISO), and that share. */
  deadline: z.string().nullable(),
  windowPercent: z.number().int(),
});
export type CancellationTerms = z.infer<typeof CancellationTermsSchema>;
