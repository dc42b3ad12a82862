import { DomainError } from '../../../domain/errors';
import { PARCEL_MESSAGES, isCarrierScan, trackingRank } from '../../../domain/parcels';
import type { AppContext } from '../../context';
import type { BookingsCore } from '../bookings';
import { CarrierSignatureError, type Carrier } from './carrier';
import type { ParcelsRepository } from './parcels.repository';

export interface WebhookOutcome {
  /** false: a replay of an event already recorded (nothing changed). */
  recorded: boolean;
  /** The parcel's status moved forward (an earlier status arriving late does not). */
  advanced: boolean;
}

/**
 * The carrier's tracking webhooks (decision 0061). Verified first (a forged or stale signature
 * is refused with 401 before anything is read); then, in one transaction with the parcel's row
 * locked: the event is recorded by the carrier's id (a replay records nothing and changes
 * nothing), the parcel's status moves only forward (by rank), its first scan only earlier; and
 * the pieces move through the bookings core's conditional moves: delivered to her marks an
 * outbound piece received, a scan of a return parcel stops its late-fee clock at the scan.
 */
export function createParcelTracking(
  ctx: AppContext,
  deps: { repo: ParcelsRepository; core: BookingsCore; carrier: Carrier },
) {
  const { db } = ctx.database;
  const { repo, core, carrier } = deps;
  const log = ctx.logger.child({ feature: 'parcels' });

  return {
    async receive(rawBody: string, headers: { get(name: string): string | null | undefined }): Promise<WebhookOutcome> {
      let event;
      try {
        event = carrier.parseWebhook(rawBody, headers);
      } catch (err) {
        if (err instanceof CarrierSignatureError) {
          log.warn({ reason: err.message }, 'carrier webhook refused');
          throw new DomainError('UNAUTHENTICATED', PARCEL_MESSAGES.badSignature);
        }
        throw err;
      }
      const at = ctx.clock().toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        const parcel = await repo.byTracking(trx, event.trackingNumber);
        if (!parcel) throw new DomainError('NOT_FOUND', PARCEL_MESSAGES.unknownParcel);
        const recorded = await repo.addEvent(trx, { ...event, parcelId: parcel.id }, at);
        if (!recorded) return { recorded: false, advanced: false };
        const advanced = await repo.advance(trx, parcel.id, event.status, trackingRank(event.status), event.occurredAt);
        const pieces = (await repo.piecesOf([parcel.id], trx)).filter((p) => p.cancelled_at === null);
        if (pieces.length) await core.lock(trx, { unitIds: pieces.map((p) => p.unit_id) });
        if (isCarrierScan(event.status)) {
          await repo.lowerFirstScan(trx, parcel.id, event.occurredAt);
          if (parcel.kind === 'return')
            for (const p of pieces)
              await core.carrierMoves.returnScanned(
                trx,
                { rentalId: p.rental_id, unitId: p.unit_id },
                event.occurredAt,
              );
        }
        if (event.status === 'delivered') {
          await repo.setDelivered(trx, parcel.id, event.occurredAt);
          if (parcel.kind === 'outbound')
            for (const p of pieces)
              await core.carrierMoves.delivered(trx, { rentalId: p.rental_id, unitId: p.unit_id }, event.occurredAt);
        }
        return { recorded: true, advanced };
      });
      log.info({ trackingNumber: event.trackingNumber, status: event.status, ...outcome }, 'carrier event');
      return outcome;
    },
  };
}
