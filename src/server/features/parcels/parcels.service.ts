import type { Kysely } from 'kysely';
import { handoffOf } from '../../../domain/availability';
import { DomainError, notFound } from '../../../domain/errors';
import { OPS_MESSAGES } from '../../../domain/ops';
import { PARCEL_MESSAGES, type Parcel, type ParcelList, type ReturnParcelInput } from '../../../domain/parcels';
import { unitCode } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import { createAuditRepository, staffActor } from '../audit';
import type { BookingsCore, DeskRow } from '../bookings';
import type { NotificationsService } from '../notifications';
import type { Carrier, CarrierAddress } from './carrier';
import { toParcels } from './parcel-views';
import { createParcelsRepository } from './parcels.repository';
import { createParcelTracking } from './parcel-tracking';
import { createManagedParcels } from './managed-parcels';

type Db = Kysely<DB>;

/** Where members' parcels come back to, and outbound parcels leave from. */
export const HOUSE_ADDRESS: CarrierAddress = {
  name: 'Rentique Returns',
  line1: '500 Atelier Way',
  city: 'Brooklyn',
  state: 'NY',
  zip: '11201',
  country: 'US',
};

const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

/** The member's address (or studio) as the order recorded it, and the key that groups pieces going there. */
export function destinationOf(r: DeskRow): { key: string; address: CarrierAddress; handoff: 'carrier' | 'studio' } {
  if (handoffOf(r.pickup_option) === 'pickup') {
    const studio = r.studio_name ?? 'Studio';
    return {
      key: `studio:${studio.toLowerCase()}`,
      handoff: 'studio',
      address: { name: studio, line1: r.studio_address ?? '', city: '', state: '', zip: '', country: 'US' },
    };
  }
  const address: CarrierAddress = {
    name: r.recipient_name ?? r.member_name,
    line1: r.address_line1 ?? '',
    line2: r.address_line2,
    city: r.address_city ?? '',
    state: r.address_state ?? '',
    zip: r.address_zip ?? '',
    country: 'US',
  };
  const key = [address.line1, address.line2, address.city, address.state, address.zip]
    .map((p) => (p ?? '').trim().toLowerCase().replace(/\s+/g, ' '))
    .join('|');
  return { key: `addr:${key}`, handoff: 'carrier', address };
}

/**
 * Parcels (docs/product.md "Parcels", decision 0061): the pieces leaving for one member, to one
 * address or studio, on one day travel in one outbound parcel; staff pack it (no piece joins
 * after) and dispatch it once, and the carrier's label is bought then; she sends pieces back
 * together in one return parcel with a label she prints or shows as a QR code. The pieces' moves
 * are the bookings core's; the carrier is behind `Carrier` (carrier.ts).
 */
export function createParcelsService(
  ctx: AppContext,
  deps: { core: BookingsCore; carrier: Carrier; notifications: NotificationsService },
) {
  const { db } = ctx.database;
  const repo = createParcelsRepository(db);
  const audit = createAuditRepository(db);
  const { core, carrier, notifications } = deps;
  const log = ctx.logger.child({ feature: 'parcels' });
  const nowIso = () => ctx.clock().toISOString();
  const tracking = createParcelTracking(ctx, { repo, core, carrier });

  async function one(id: number): Promise<Parcel> {
    const row = await repo.find(id);
    const [p] = row ? await toParcels(repo, [row]) : [];
    if (!p) throw notFound('Parcel not found');
    return p;
  }

  /** Puts a rental due out into its open parcel, in `trx` (a packed one is not joined: a new one opens). */
  async function assignIn(trx: Db, rentalId: number, at: string): Promise<number | null> {
    const r = await core.rental(rentalId, trx);
    if (!r || r.dispatched_at || r.returned_at) return null;
    const place = await repo.placeOf(trx, rentalId);
    if (place.lenderHandover) return null;
    if (place.outboundParcelId !== null) return place.outboundParcelId;
    const dest = destinationOf(r);
    const draft = {
      userId: r.user_id,
      kind: 'outbound' as const,
      destinationKey: dest.key,
      shipDay: r.held_from,
      handoff: dest.handoff,
      to: dest.address,
      from: HOUSE_ADDRESS,
      at,
    };
    // The open parcel's row is locked and checked still open: a pack at the same moment either
    // waits for this piece to join or makes this one open the next parcel.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const id = await repo.lockOpenParcel(trx, draft);
      if (id !== null) {
        await repo.addPiece(trx, id, rentalId, 'outbound', at);
        return id;
      }
    }
    throw conflict(PARCEL_MESSAGES.notOpen);
  }

  /** Buys the parcel's label when it has none (idempotent by the parcel: a retry gets the same label). */
  async function ensureLabel(parcelId: number): Promise<void> {
    const row = await repo.find(parcelId);
    if (!row || row.handoff !== 'carrier' || row.tracking_number) return;
    const pieces = await repo.piecesOf([parcelId]);
    const label = await carrier.createLabel({
      idempotencyKey: `parcel:${parcelId}:label`,
      kind: row.kind as Parcel['kind'],
      from: JSON.parse(row.from_json ?? 'null') as CarrierAddress,
      to: JSON.parse(row.to_json ?? 'null') as CarrierAddress,
      reference: `P-${parcelId}`,
      pieces: (row.sendoff_id ?? row.intake_id ?? row.recall_id) !== null ? 1 : pieces.length,
    });
    await repo.setLabel(parcelId, label);
  }

  async function labelAfterCommit(parcelId: number): Promise<void> {
    try {
      await ensureLabel(parcelId);
    } catch (err) {
      log.warn({ err, parcelId }, 'carrier label not made: asked again on the next dispatch or label request');
    }
  }

  return {
    /** Puts a just-booked rental into its open parcel (after its booking committed). Never throws. */
    async assign(rentalId: number): Promise<void> {
      try {
        await db.transaction().execute((trx) => assignIn(trx, rentalId, nowIso()));
      } catch (err) {
        log.warn({ err, rentalId }, 'rental not put in a parcel: the desk gathers it');
      }
    },

    /** The desk's parcels to send: rentals due out gathered into their parcels first. */
    async toDispatch(): Promise<ParcelList> {
      const today = ctx.today();
      for (const rentalId of await repo.rentalsWithoutParcel(today))
        await db.transaction().execute((trx) => assignIn(trx, rentalId, nowIso()));
      const [open, sent] = await Promise.all([repo.toDispatch(today), repo.dispatchedSince(ctx.dayStartsAt(today))]);
      return { parcels: await toParcels(repo, [...open, ...sent]) };
    },

    parcel: one,

    /** Staff close a parcel: no piece joins it after (one booked later opens the next). Once; audited. */
    async pack(staff: SessionUser, parcelId: number, requestId: string | null): Promise<Parcel> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const row = await repo.find(parcelId, trx);
        if (!row || row.kind !== 'outbound') throw notFound('Parcel not found');
        if (!(await repo.move(trx, parcelId, ['open'], 'packed', staff.id, at)))
          throw conflict(PARCEL_MESSAGES.notOpen, { status: row.status });
        await audit.record(trx, {
          actor: staffActor(staff),
          action: 'parcel.pack',
          subjectType: 'parcel',
          subjectId: parcelId,
          before: { status: 'open' },
          after: { status: 'packed' },
          requestId,
          at,
        });
      });
      return one(parcelId);
    },

    /**
     * Staff dispatch a parcel once: every piece in it still due goes out (the core's dispatch, as
     * one piece's), the member is told, and the carrier's label is bought after the commit. A
     * parcel dispatched whose label failed gets it on a second dispatch.
     */
    async dispatch(staff: SessionUser, parcelId: number, requestId: string | null): Promise<Parcel> {
      const at = nowIso();
      const before = await repo.find(parcelId);
      if (!before || before.kind !== 'outbound') throw notFound('Parcel not found');
      if (before.status === 'dispatched') {
        if (before.handoff === 'carrier' && !before.tracking_number) {
          await ensureLabel(parcelId);
          return one(parcelId);
        }
        throw conflict(PARCEL_MESSAGES.alreadyDispatched);
      }
      await db.transaction().execute(async (trx) => {
        if (!(await repo.move(trx, parcelId, ['open', 'packed'], 'dispatched', staff.id, at)))
          throw conflict(PARCEL_MESSAGES.alreadyDispatched);
        const sent: number[] = [];
        for (const p of await repo.piecesOf([parcelId], trx)) {
          const r = await core.rental(p.rental_id, trx);
          if (!r || r.dispatched_at || r.returned_at) continue;
          core.assertDispatchable(r);
          await core.dispatch(trx, r, staff.id, at, 'dispatched', async () =>
            conflict(OPS_MESSAGES.unitNotOnShelf, { unitCode: unitCode(r.unit_id), itemName: r.item_name }),
          );
          sent.push(r.rental_id);
          await notifications.notify(trx, {
            kind: 'rental_dispatched',
            subjectType: 'rental',
            subjectId: String(r.rental_id),
            userId: r.user_id,
            data: {
              itemName: r.item_name,
              size: r.size,
              startDate: r.start_date,
              returnDate: r.end_date,
              handoff: handoffOf(r.pickup_option),
            },
          });
        }
        if (sent.length === 0) throw conflict(PARCEL_MESSAGES.nothingToSend);
        await audit.record(trx, {
          actor: staffActor(staff),
          action: 'parcel.dispatch',
          subjectType: 'parcel',
          subjectId: parcelId,
          before: { status: before.status },
          after: { status: 'dispatched', rentals: sent, handoff: before.handoff },
          requestId,
          at,
        });
      });
      log.info({ parcelId, staffId: staff.id, requestId }, 'parcel dispatched');
      await labelAfterCommit(parcelId);
      return one(parcelId);
    },

    /**
     * She sends pieces back together: one return parcel for them, its label bought at once. Each
     * piece must be hers, out with her by courier and not sent back; a piece has one return
     * label (the unique piece per kind: asked twice at once, one parcel is made).
     */
    async createReturn(userId: string, input: ReturnParcelInput): Promise<Parcel> {
      const at = nowIso();
      const ids = [...new Set(input.rentalIds)].sort((a, b) => a - b);
      const parcelId = await db.transaction().execute(async (trx) => {
        const rows: DeskRow[] = [];
        for (const id of ids) {
          const r = await core.rental(id, trx);
          if (!r || r.user_id !== userId) throw notFound('Rental not found');
          if (
            !r.dispatched_at ||
            r.returned_at ||
            r.checked_in_at ||
            r.kept_at ||
            handoffOf(r.pickup_option) !== 'delivery'
          )
            throw conflict(PARCEL_MESSAGES.notReturnable, { rentalId: id });
          rows.push(r);
        }
        const dest = destinationOf(rows[0]!);
        const pid = await repo.newDispatched(trx, {
          userId,
          kind: 'return',
          destinationKey: `return:${ids.join(',')}`,
          shipDay: ctx.today(),
          handoff: 'carrier',
          from: dest.address,
          to: HOUSE_ADDRESS,
          at,
        });
        for (const id of ids)
          if (!(await repo.addPiece(trx, pid, id, 'return', at)))
            throw conflict(PARCEL_MESSAGES.alreadyInReturn, { rentalId: id });
        return pid;
      });
      await labelAfterCommit(parcelId);
      return one(parcelId);
    },

    /**
     * Her parcels holding a rental, or her order's rentals (outbound and return, with tracking),
     * and those carrying a piece leaving for good to her: bought on the order, or kept.
     */
    async mine(userId: string, q: { rentalId?: number; orderNumber?: string }): Promise<ParcelList> {
      const ids = q.orderNumber !== undefined ? await repo.rentalIdsOfOrder(userId, q.orderNumber) : [];
      if (q.rentalId !== undefined) ids.push(q.rentalId);
      const [rentals, sendoffs] = await Promise.all([
        repo.forRentals(userId, ids),
        repo.forOrderSendoffs(userId, q.orderNumber ?? null, ids),
      ]);
      return { parcels: await toParcels(repo, [...rentals, ...sendoffs]) };
    },

    /**
     * A piece leaving for good (a sold pre-loved piece, a kept piece sent to her; decision 0066)
     * goes out in its own outbound parcel, made dispatched in the desk's transaction `trx`: one per
     * sendoff, whoever asks at once. Its label is bought after the commit (`label`).
     */
    async sendoffParcel(
      trx: Db,
      s: {
        sendoffId: number;
        userId: string;
        to: CarrierAddress;
        handoff: 'carrier' | 'studio';
        by: string;
        at: string;
      },
    ): Promise<number> {
      return repo.sendoffParcel(trx, {
        userId: s.userId,
        kind: 'outbound',
        destinationKey: `sendoff:${s.sendoffId}`,
        shipDay: ctx.today(),
        handoff: s.handoff,
        to: s.to,
        from: HOUSE_ADDRESS,
        at: s.at,
        sendoffId: s.sendoffId,
        by: s.by,
      });
    },

    /** Buys a parcel's label when it has none (after the commit); never throws, a retry asks again. */
    label: labelAfterCommit,

    /** A managed piece's pickup and return-to-her parcels (managed-parcels.ts, decision 0062). */
    managed: createManagedParcels({ repo, house: HOUSE_ADDRESS, today: () => ctx.today(), label: labelAfterCommit }),

    /** The parcels of these sendoffs, by sendoff (the desk's list shows their tracking). */
    async ofSendoffs(sendoffIds: number[]): Promise<Map<number, Parcel>> {
      const rows = await repo.ofSendoffs(sendoffIds);
      const parcels = await toParcels(repo, rows);
      return new Map(rows.map((r, i) => [r.sendoff_id!, parcels[i]!]));
    },

    /** Her return parcel's label code (for the QR code), its label bought now if it failed before. */
    async returnLabel(userId: string, parcelId: number): Promise<{ code: string; trackingNumber: string }> {
      let row = await repo.find(parcelId);
      if (!row || row.user_id !== userId || row.kind !== 'return') throw notFound('Parcel not found');
      if (!row.label_code) {
        await ensureLabel(parcelId);
        row = await repo.find(parcelId);
      }
      if (!row?.label_code || !row.tracking_number)
        throw conflict('The carrier has not made the label yet: try again.');
      return { code: row.label_code, trackingNumber: row.tracking_number };
    },

    /** The carrier's webhook (parcel-tracking.ts). */
    receiveWebhook: tracking.receive,
  };
}

export type ParcelsService = ReturnType<typeof createParcelsService>;
