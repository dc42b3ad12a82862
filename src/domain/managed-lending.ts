import { z } from 'zod';
import { addDays } from './calendar';
import { IsoDateSchema } from './catalogue';
import { addMonths } from './plans.rules';
import { TRACKING_LABELS, TRACKING_STATUSES, type TrackingStatus } from './parcels';

/**
 * Two ways to lend (docs/product.md "Lending: two ways", decision 0062). "Rentique looks after
 * it" (managed, the default): we collect the piece (a pickup at her address or a drop-off at a
 * studio), check it, clean it, store it, ship it to each renter and back, and clean it after each
 * rental; it is booked at once like a house piece. "I lend it myself" (self): the request,
 * messages and handover flow of decision 0035: she ships or hands it over and cleans it.
 */

export const LENDING_MODES = ['managed', 'self'] as const;
export const LendingModeSchema = z.enum(LENDING_MODES, { error: 'Choose how you lend it' });
export type LendingMode = z.infer<typeof LendingModeSchema>;

/** The shares in force (settings on the server: MANAGED_LENDER_SHARE_PERCENT; the self-lent share) and the storage term. */
export const LendingTermsSchema = z.object({
  managedSharePercent: z.number().int(),
  selfSharePercent: z.number().int(),
  storageMonths: z.number().int(),
});
export type LendingTerms = z.infer<typeof LendingTermsSchema>;

/** What each way means, in plain words: who ships, who cleans, what the commission pays for. */
export function lendingModeCopy(mode: LendingMode, terms: LendingTerms) {
  if (mode === 'managed') {
    const fee = 100 - terms.managedSharePercent;
    return {
      title: 'Rentique looks after it',
      short: 'We collect, clean, store and deliver',
      ships:
        'We collect it from your address (or you drop it at a studio), then we ship it to every renter and bring it back.',
      cleans: 'We clean and check it after every rental.',
      commission: `You earn ${terms.managedSharePercent}% of each rental. Our ${fee}% pays for collection, cleaning, storage, delivery both ways and care.`,
      storage: storageTermCopy(terms.storageMonths),
      booking: 'Renters book it at once: nothing needs you while you are away.',
    };
  }
  const fee = 100 - terms.selfSharePercent;
  return {
    title: 'I lend it myself',
    short: 'You ship, hand over and clean it',
    ships: 'You send it to each renter (or hand it over at a studio) and take it back yourself.',
    cleans: 'You clean it between rentals.',
    commission: `You earn ${terms.selfSharePercent}% of each rental. Our ${fee}% pays for payment, cover and the renter's support.`,
    storage: 'It stays with you between rentals.',
    booking: 'Renters ask first: you accept or decline each request within 48 hours.',
  };
}

/** Days before the storage term ends that she is told, and from which she can renew it (decision 0070). */
export const STORAGE_REMINDER_DAYS = 30;

/** What happens at the end of the storage term, in the words the listing form and her Listing tab use. */
export function storageTermCopy(months: number): string {
  return `We store it for ${months} months. Ask for it back at any time. ${STORAGE_REMINDER_DAYS} days before the term ends we e-mail you: renew it for another ${months} months, or do nothing and we send it back to you at no cost once its last booking is over.`;
}

/** The day a storage term that began on `from` ends (`months` later): the piece is asked back for her that day. */
export const storageTermEnd = (from: string, months: number): string => addMonths(from, months);

/** The first day she can renew a term ending on `endsOn` (and is told it ends). */
export const renewFrom = (endsOn: string): string => addDays(endsOn, -STORAGE_REMINDER_DAYS);

export const INTAKE_METHODS = ['pickup', 'drop-off'] as const;
export const INTAKE_METHOD_LABELS = {
  pickup: 'We collect it from your address',
  'drop-off': 'You drop it at a studio',
};
export const INTAKE_STATUSES = ['booked', 'received', 'checked', 'live', 'rejected'] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];
export const RECALL_METHODS = ['parcel', 'studio'] as const;
export const RECALL_METHOD_LABELS = { parcel: 'Send it to my address', studio: 'I collect it at a studio' };
export const RECALL_STATUSES = ['waiting', 'sent'] as const;
/**
 * Where a label stands: 'pending' (a trip by carrier: its label is bought after the booking, or
 * when the desk sends a recall back; a failed request is asked again), 'made' (the parcel has its
 * tracking number), 'none' (a studio drop-off or collection has no label).
 */
export const LABEL_STATUSES = ['pending', 'made', 'none'] as const;

/** The parcel of a pickup at her address or a recall sent back by parcel (decisions 0061, 0062). */
export const ManagedParcelSchema = z.object({
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's last tracking status (label_created, picked_up, in_transit, delivered...). */
  trackingStatus: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type ManagedParcel = z.infer<typeof ManagedParcelSchema>;

/** Her pickup's or return's label in words: its tracking number and status, "Label pending", or null (a studio). */
export function managedParcelLine(labelStatus: string, parcel: ManagedParcel | null): string | null {
  if (parcel?.trackingNumber) {
    const s = parcel.trackingStatus;
    const status =
      s && (TRACKING_STATUSES as readonly string[]).includes(s) ? TRACKING_LABELS[s as TrackingStatus] : null;
    return [`Tracking ${parcel.trackingNumber}`, status].filter(Boolean).join(' · ');
  }
  return labelStatus === 'pending' ? 'Label pending' : null;
}

const addressOrStudio = (
  v: { method: string; address?: string | undefined; studioId?: number | undefined },
  ctx: z.RefinementCtx,
  byAddress: string,
) => {
  if (v.method === byAddress && !v.address)
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'Give the address' });
  if (v.method !== byAddress && v.studioId === undefined)
    ctx.addIssue({ code: 'custom', path: ['studioId'], message: 'Choose a studio' });
};

const AddressField = z.string().trim().min(8, 'Give the full address').max(300, 'At most 300 characters').optional();
const StudioField = z.coerce.number().int().positive().optional();

/** POST /api/managed/items/{id}/intake: a pickup slot at her address, or a drop-off at a studio. */
export const IntakeInputSchema = z
  .object({
    method: z.enum(INTAKE_METHODS, { error: 'Choose a pickup or a studio drop-off' }),
    day: IsoDateSchema,
    address: AddressField,
    studioId: StudioField,
  })
  .superRefine((v, ctx) => addressOrStudio(v, ctx, 'pickup'));
export type IntakeInput = z.infer<typeof IntakeInputSchema>;

/** POST /api/managed/items/{id}/recall: back to her by parcel or at a studio, on the day she chooses. */
export const RecallInputSchema = z
  .object({
    method: z.enum(RECALL_METHODS, { error: 'Choose a parcel or a studio collection' }),
    day: IsoDateSchema,
    address: AddressField,
    studioId: StudioField,
  })
  .superRefine((v, ctx) => addressOrStudio(v, ctx, 'parcel'));
export type RecallInput = z.infer<typeof RecallInputSchema>;

/** The desk's check against her photos: accepted, or rejected (sent back to her) with the reason. */
export const IntakeCheckSchema = z.object({
  accept: z.boolean(),
  note: z.string().trim().min(3, 'Write what you found').max(1000),
});
export type IntakeCheck = z.infer<typeof IntakeCheckSchema>;

export const TravellingSchema = z.object({ until: IsoDateSchema.nullable() });
export type Travelling = z.infer<typeof TravellingSchema>;

export const CARE_STAGES = [
  'in_review',
  'book_intake',
  'intake_booked',
  'received',
  'checked',
  'live',
  'recall_waiting',
  'returned',
  'rejected',
] as const;
export type CareStage = (typeof CARE_STAGES)[number];

export const CARE_STAGE_LABELS: Record<CareStage, string> = {
  in_review: 'In review',
  book_intake: 'Approved: book a pickup or drop-off',
  intake_booked: 'Pickup booked',
  received: 'With us: being checked',
  checked: 'Checked: being cleaned',
  live: 'Live: renters book it at once',
  recall_waiting: 'Coming back to you',
  returned: 'Back with you',
  rejected: 'Not accepted: coming back to you',
};

const PlaceSchema = z.object({
  method: z.string(),
  day: z.string(),
  /** The address, or the studio's name and address. */
  place: z.string(),
  status: z.string(),
  /** 'pending', 'made' (tracking below) or 'none' (a studio): LABEL_STATUSES. */
  labelStatus: z.string(),
  /** Its parcel by carrier (null: a studio, or not sent yet). */
  parcel: ManagedParcelSchema.nullable(),
});

export const CareSchema = z.object({
  itemId: z.number().int(),
  itemName: z.string(),
  stage: z.enum(CARE_STAGES),
  stageLabel: z.string(),
  intake: PlaceSchema.extend({
    conditionNote: z.string().nullable(),
    rejectReason: z.string().nullable(),
    receivedAt: z.string().nullable(),
    checkedAt: z.string().nullable(),
    liveAt: z.string().nullable(),
  }).nullable(),
  recall: PlaceSchema.extend({
    reason: z.string(),
    sentAt: z.string().nullable(),
    waitsForReturn: z.boolean(),
    /** Asked back because its storage term ended (at no cost to her). */
    termEnd: z.boolean(),
  }).nullable(),
  /** The steps she sees, in order, with the day each was done. */
  steps: z.array(z.object({ label: z.string(), done: z.boolean(), at: z.string().nullable() })),
  /** The last day a booking already made holds it (a recall's day must be after it), or null. */
  bookedUntil: z.string().nullable(),
  /** Its storage term while in our care (decision 0070): the day it ends, and whether she can renew it now. */
  term: z.object({ endsOn: z.string(), renewFrom: z.string(), canRenew: z.boolean() }).nullable(),
});
export type Care = z.infer<typeof CareSchema>;

export const CareListSchema = z.object({
  pieces: z.array(CareSchema),
  terms: LendingTermsSchema,
  travellingUntil: z.string().nullable(),
});
export type CareList = z.infer<typeof CareListSchema>;

export const DeskIncomingSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  method: z.string(),
  day: z.string(),
  place: z.string(),
  status: z.enum(INTAKE_STATUSES),
  labelStatus: z.string(),
  /** The pickup's parcel and its tracking (null: a studio drop-off). */
  parcel: ManagedParcelSchema.nullable(),
  photos: z.array(z.string()),
  conditionNote: z.string().nullable(),
});
export type DeskIncoming = z.infer<typeof DeskIncomingSchema>;

export const DeskRecallSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  ownerName: z.string(),
  reason: z.string(),
  method: z.string(),
  day: z.string(),
  place: z.string(),
  /** Ready to send: no booking holds it any more and the day has come. */
  ready: z.boolean(),
  /** 'pending' until the desk sends it by parcel (its label is bought then); 'none' for a studio. */
  labelStatus: z.string(),
  /** Going back because its storage term ended. */
  termEnd: z.boolean(),
});

export const DeskStoredSchema = z.object({
  itemId: z.number().int(),
  itemName: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  liveSince: z.string().nullable(),
  storedUntil: z.string().nullable(),
});

export const DeskBoardSchema = z.object({
  incoming: z.array(DeskIncomingSchema),
  stored: z.array(DeskStoredSchema),
  recalls: z.array(DeskRecallSchema),
});
export type DeskBoard = z.infer<typeof DeskBoardSchema>;

export const MANAGED_MESSAGES = {
  notManaged: 'This piece is lent by its owner herself: it has no pickup or recall.',
  notReadyForIntake: 'This piece is not waiting for a pickup or drop-off.',
  intakeTaken: 'A pickup or drop-off is already booked for this piece.',
  dayPast: 'Choose a day from tomorrow on.',
  unknownStudio: 'Choose one of our studios.',
  notLive: 'Only a piece in our care can be asked back.',
  recallTaken: 'This piece is already on its way back to you.',
  bookedUntil: (day: string) =>
    `This piece is booked until ${day}: choose a day after that, and it comes back once that rental is over.`,
  recalled: 'This piece is going back to its owner and can no longer be booked.',
  wrongStep: (status: string) => `Not possible: this piece is ${status}.`,
  recallNotReady: 'This piece is not ready to go back yet: a booking still holds it, or its day has not come.',
  switchRented: 'This piece is rented right now: switch it once it is back.',
  alreadyManaged: 'This piece is already in our care.',
  renewNotLive: 'Only a piece in our care, not on its way back, can be renewed.',
  renewTooEarly: (day: string) =>
    `You can renew its storage from ${day}, ${STORAGE_REMINDER_DAYS} days before the term ends.`,
  renewed: (day: string) => `Renewed: we keep it until ${day}.`,
} as const;

/** What the desk found on a managed piece at check-in, in her e-mail's words (decision 0070). */
export const MANAGED_DAMAGE_WORDS = {
  wear: 'normal wear',
  small_stain: 'a small stain',
  minor_repair: 'damage that needs a minor repair',
  major_repair: 'damage that needs a major repair',
  missing_part: 'a missing part',
  loss: 'that it is beyond repair',
} as const;

/** Her share of a managed rental of `priceCents` at `percent` (rounded to the cent). */
export function managedShareCents(priceCents: number, percent: number): number {
  return Math.round((priceCents * percent) / 100);
}
