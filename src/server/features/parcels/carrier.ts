import { createHmac, timingSafeEqual } from 'node:crypto';
import { TRACKING_STATUSES, type ParcelKind, type TrackingStatus } from '../../../domain/parcels';

/**
 * The carrier behind an interface (decision 0061). The rest of the app knows only this file: a
 * real carrier's adapter implements `Carrier` and replaces the simulator in services.ts
 * (docs/deploy.md "Carrier"). Every kind of trip goes through the same two calls: a label for a
 * parcel going out to a member, coming back from her, collected from a lender's address or sent
 * back to a lender; and its tracking events, POSTed to us as signed webhooks.
 */

export type { ParcelKind, TrackingStatus };

export interface CarrierAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface LabelRequest {
  /** The same key gives the same label (a retried request buys one label). */
  idempotencyKey: string;
  kind: ParcelKind;
  from: CarrierAddress;
  to: CarrierAddress;
  /** Our reference, printed on the label (the parcel's number). */
  reference: string;
  pieces: number;
}

export interface CarrierLabel {
  carrier: string;
  trackingNumber: string;
  /** What the label's QR code carries (the carrier's drop-off code; here the tracking number). */
  labelCode: string;
}

/** One tracking event as the carrier reports it (parsed from a verified webhook). */
export interface CarrierEvent {
  /** The carrier's id of the event: a replay carries the same id. */
  eventId: string;
  trackingNumber: string;
  status: TrackingStatus;
  occurredAt: string;
  description: string | null;
}

export interface Carrier {
  name: string;
  /** Buys a label for a parcel; idempotent by `idempotencyKey`. */
  createLabel(req: LabelRequest): Promise<CarrierLabel>;
  /** Verifies a webhook's signature and reads its event; throws `CarrierSignatureError` when forged. */
  parseWebhook(rawBody: string, headers: { get(name: string): string | null | undefined }): CarrierEvent;
}

export class CarrierSignatureError extends Error {}

/** The header our carriers sign with: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'x-carrier-signature';
/** A signature older (or newer) than this is refused: a captured webhook cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const mac = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The signature header for `body` at `now` (the simulator's side, and tests'). */
export function signWebhook(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

/** Checks a signature header against `body` (constant time); throws CarrierSignatureError. */
export function verifyWebhook(secret: string, body: string, header: string | null | undefined, now: Date): void {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
  if (!Number.isInteger(t) || given.length !== 32) throw new CarrierSignatureError('malformed signature');
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS)
    throw new CarrierSignatureError('signature too old');
  if (!timingSafeEqual(given, Buffer.from(mac(secret, t, body), 'hex')))
    throw new CarrierSignatureError('signature mismatch');
}

/** Reads a webhook body in our carriers' shape (the simulator's; an adapter maps its carrier's to this). */
export function parseEventBody(rawBody: string): CarrierEvent {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    throw new CarrierSignatureError('not JSON');
  }
  const status = String(v.status) as TrackingStatus;
  if (
    typeof v.eventId !== 'string' ||
    typeof v.trackingNumber !== 'string' ||
    typeof v.occurredAt !== 'string' ||
    !(TRACKING_STATUSES as readonly string[]).includes(status) ||
    Number.isNaN(Date.parse(v.occurredAt))
  )
    throw new CarrierSignatureError('not a tracking event');
  return {
    eventId: v.eventId,
    trackingNumber: v.trackingNumber,
    status,
    occurredAt: new Date(v.occurredAt).toISOString(),
    description: typeof v.description === 'string' ? v.description : null,
  };
}
