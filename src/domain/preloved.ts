import { z } from 'zod';
import { LENDER_SHARE_PERCENT } from './listings';
import { TRACKING_STATUSES } from './parcels';
import { formatCount } from './money';

/**
 * The pre-loved sale (docs/product.md "The pre-loved sale", decision 0066): retired pieces, and
 * members' pieces their lenders choose to sell, bought outright with the card on file.
 */

export const PRELOVED_STATUSES = ['listed', 'reserved', 'sold', 'withdrawn'] as const;
export type PreLovedStatus = (typeof PRELOVED_STATUSES)[number];

/** The lowest and highest price of a pre-loved piece, in cents. */
export const PRELOVED_MIN_CENTS = 500;
export const PRELOVED_MAX_CENTS = 2_000_000;

/** A member's share of her piece's sale price: the same share as Keep it and her rentals. */
export const PRELOVED_LENDER_SHARE_PERCENT = LENDER_SHARE_PERCENT;

export const PRELOVED_MESSAGES = {
  sold: 'Sorry, this piece has just sold.',
  notFound: 'This piece is not in the sale.',
  ownPiece: 'This is your own piece.',
  notYourPiece: 'Listing not found',
  notSellable: 'This piece cannot go to the sale now',
  bookedAhead:
    'This piece is booked by members for days ahead and no other unit can take their bookings: sell it after they are back.',
  alreadyListed: 'This piece is already in the sale.',
  keptPiece: 'This piece was kept by a member: it is hers, not for sale.',
  notKeptBack: 'This unit is not a kept piece waiting at the desk.',
  alreadySent: 'This piece has already been sent.',
  empty: 'Nothing in the sale today',
  emptyBody: 'Pieces retired from renting, and members’ pieces their owners sell, appear here. Come back soon.',
} as const;

const price = z.coerce
  .number({ error: 'Enter a price' })
  .int({ error: 'Enter a price in whole cents' })
  .min(PRELOVED_MIN_CENTS, { error: `At least $${PRELOVED_MIN_CENTS / 100}` })
  .max(PRELOVED_MAX_CENTS, { error: `At most $${formatCount(PRELOVED_MAX_CENTS / 100)}` });

/** Staff retire a unit to the sale: its price and a note on its condition (shown to buyers). */
export const RetireToSaleSchema = z.object({
  priceCents: price,
  conditionNote: z.string().trim().min(3, { error: 'Describe its condition' }).max(500),
});
export type RetireToSale = z.infer<typeof RetireToSaleSchema>;

/** A lender sells her own piece: the size's unit of her listing, its price and a condition note. */
export const LenderSaleSchema = z.object({
  itemId: z.number().int().positive(),
  size: z.string().min(1).max(20),
  priceCents: price,
  conditionNote: z.string().trim().min(3, { error: 'Describe its condition' }).max(500),
});
export type LenderSale = z.infer<typeof LenderSaleSchema>;

export const PreLovedPieceSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  brand: z.string(),
  size: z.string(),
  priceCents: z.number().int(),
  retailCents: z.number().int(),
  conditionNote: z.string(),
  /** The last grade the desk gave it at a check-in (as_new, good...), when there is one. */
  condition: z.string().nullable(),
  photos: z.array(z.string()),
  fromMember: z.boolean(),
  listedAt: z.string(),
});
export type PreLovedPiece = z.infer<typeof PreLovedPieceSchema>;

export const PreLovedListSchema = z.object({ pieces: z.array(PreLovedPieceSchema) });
export type PreLovedList = z.infer<typeof PreLovedListSchema>;

export const PurchaseSchema = z.object({
  /** Her order's number: the receipt. */
  orderNumber: z.string(),
  pieceId: z.number().int(),
  priceCents: z.number().int(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** What the desk knows of a unit's sale and of a kept piece back at the desk (the unit panel). */
export const UnitSaleStateSchema = z.object({
  unitCode: z.string(),
  /** Its live offer in the sale; null: none. */
  piece: z
    .object({
      id: z.number().int(),
      status: z.enum(PRELOVED_STATUSES),
      priceCents: z.number().int(),
      conditionNote: z.string(),
    })
    .nullable(),
  /** May staff retire it to the sale now (on the shelf, cleaning, in repair or retired, not kept, not on sale). */
  canList: z.boolean(),
  /** A kept piece that came back to the desk: who kept it, and whether it was sent to her. */
  kept: z
    .object({ member: z.string(), email: z.string(), rentalId: z.number().int(), sentAt: z.string().nullable() })
    .nullable(),
});
export type UnitSaleState = z.infer<typeof UnitSaleStateSchema>;

/** A piece leaving for good that the desk packs and sends (a pre-loved sale, a kept piece). */
export const SendoffSchema = z.object({
  id: z.number().int(),
  reason: z.enum(['preloved', 'kept']),
  unitCode: z.string(),
  itemName: z.string(),
  brand: z.string(),
  size: z.string(),
  member: z.object({ name: z.string(), email: z.string() }),
  /** Her address (lines joined by newlines), when the order recorded one. */
  address: z.string().nullable(),
  /** The lender who holds a member's piece (she hands it to the desk first); null: a house piece. */
  lender: z.string().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  dispatchedAt: z.string().nullable(),
  /** Its outbound parcel (decision 0061), once dispatched: the carrier's tracking, or ready at the studio. */
  parcel: z
    .object({
      id: z.number().int(),
      handoff: z.enum(['carrier', 'studio']),
      carrier: z.string().nullable(),
      /** null: the carrier has not made the label yet (dispatching again asks for it). */
      trackingNumber: z.string().nullable(),
      trackingStatus: z.enum(TRACKING_STATUSES).nullable(),
      deliveredAt: z.string().nullable(),
    })
    .nullable(),
});
export type Sendoff = z.infer<typeof SendoffSchema>;
export const SendoffListSchema = z.object({ sendoffs: z.array(SendoffSchema) });
export type SendoffList = z.infer<typeof SendoffListSchema>;
