import { z } from 'zod';

/**
 * Parcels (docs/product.md "Parcels", decision 0061): the pieces that travel together for one
 * member, to one address or studio, on one day; the carrier's label and tracking; the return
 * parcel she sends back with a label.
 */

/** To the member, back from her, collected from a lender's address, sent back to a lender. */
export const PARCEL_KINDS = ['outbound', 'return', 'inbound_pickup', 'back_to_lender'] as const;
export type ParcelKind = (typeof PARCEL_KINDS)[number];

/** The desk's side: pieces may join while open; packed closes it; dispatched once. */
export const PARCEL_STATUSES = ['open', 'packed', 'dispatched'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/**
 * The carrier's tracking statuses, in the order a parcel goes through them: a status is only
 * replaced by one further down this list (an earlier event arriving late changes nothing).
 */
export const TRACKING_STATUSES = [
  'label_created',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'exception',
  'delivered',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const trackingRank = (s: TrackingStatus): number => TRACKING_STATUSES.indexOf(s);

/** A scan by the carrier: any event after the label was made. */
export const isCarrierScan = (s: TrackingStatus): boolean => s !== 'label_created';

export const TRACKING_LABELS: Record<TrackingStatus, string> = {
  label_created: 'Label created',
  picked_up: 'Picked up by the carrier',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  exception: 'Delayed: the carrier reported a problem',
  delivered: 'Delivered',
};

export const ParcelPieceSchema = z.object({
  /** The rental travelling (null: a piece leaving for good, `sendoffId`). */
  rentalId: z.number().int().nullable(),
  /** A sold pre-loved piece or a kept piece sent to her (decision 0066); null for a rental. */
  sendoffId: z.number().int().nullable(),
  itemId: z.number().int(),
  itemName: z.string(),
  brand: z.string(),
  size: z.string(),
  unitCode: z.string(),
  /** Sent out with this parcel (false: still to go, or sent on its own). */
  dispatched: z.boolean(),
});
export type ParcelPiece = z.infer<typeof ParcelPieceSchema>;

export const TrackingEventSchema = z.object({
  status: z.enum(TRACKING_STATUSES),
  occurredAt: z.string(),
  description: z.string().nullable(),
});
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;

export const ParcelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PARCEL_KINDS),
  status: z.enum(PARCEL_STATUSES),
  /** By the carrier, or ready at the studio (no label). */
  handoff: z.enum(['carrier', 'studio']),
  shipDay: z.string(),
  /** Where it goes, in a line. */
  destination: z.string(),
  member: z.object({ name: z.string(), email: z.string() }),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingStatus: z.enum(TRACKING_STATUSES).nullable(),
  /** The carrier's first scan (the late-fee clock of a return stops there). */
  firstScanAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  pieces: z.array(ParcelPieceSchema),
  events: z.array(TrackingEventSchema),
});
export type Parcel = z.infer<typeof ParcelSchema>;

export const ParcelListSchema = z.object({ parcels: z.array(ParcelSchema) });
export type ParcelList = z.infer<typeof ParcelListSchema>;

/** Pieces she sends back together in one return parcel (each hers, with her, not sent back yet). */
export const ReturnParcelInputSchema = z.object({
  rentalIds: z.array(z.number().int().positive()).min(1).max(20),
});
export type ReturnParcelInput = z.infer<typeof ReturnParcelInputSchema>;

export const PARCEL_MESSAGES = {
  notOpen: 'This parcel is already packed.',
  alreadyDispatched: 'This parcel has already been dispatched.',
  nothingToSend: 'Nothing in this parcel can go out: its pieces were sent or cancelled.',
  notReturnable: 'Only pieces you have with you, not yet sent back, can go in a return parcel.',
  alreadyInReturn: 'This piece already has a return label.',
  badSignature: 'The webhook signature does not match.',
  unknownParcel: 'No parcel has this tracking number.',
} as const;
