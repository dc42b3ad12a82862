import { sql, type Kysely } from 'kysely';
import type { ParcelKind, TrackingStatus } from '../../../domain/parcels';
import type { DB } from '../../db/schema';
import { parcelCols } from './parcel-rows';
import { createSendoffParcelsRepository } from './sendoff-parcels.repository';
import { createManagedParcelsRepository } from './managed-parcels.repository';

import { dispatchedParcelRow, type NewParcel } from './parcel-rows';

type Db = Kysely<DB>;

/** The parcels' tables (parcels, parcel_pieces, parcel_events): the only code that touches them. */
export function createParcelsRepository(db: Db) {
  return {
    ...createSendoffParcelsRepository(db),
    ...createManagedParcelsRepository(db),

    /**
     * The open parcel for a member, kind, destination and day, its row locked: the one there is,
     * or a new one, in one statement. The partial unique index decides between two at once (the
     * second waits for the first to commit on PostgreSQL, then takes its row). Null when the
     * parcel stopped being open meanwhile (packed by the desk): the caller asks again.
     */
    async lockOpenParcel(trx: Db, p: NewParcel): Promise<number | null> {
      const row = await trx
        .insertInto('parcels')
        .values({
          user_id: p.userId,
          kind: p.kind,
          destination_key: p.destinationKey,
          ship_day: p.shipDay,
          status: 'open',
          handoff: p.handoff,
          to_json: JSON.stringify(p.to),
          from_json: JSON.stringify(p.from),
          created_at: p.at,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'kind', 'destination_key', 'ship_day'])
            // The partial index's own predicate, as a literal: PostgreSQL infers the index from it.
            .where('status', '=', sql.lit('open'))
            .doUpdateSet({ status: 'open' })
            .where('parcels.status', '=', 'open'),
        )
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** A parcel made closed at once (a return: she has the label as soon as she asks). */
    async newDispatched(trx: Db, p: NewParcel): Promise<number> {
      const row = await trx
        .insertInto('parcels')
        .values({
          ...dispatchedParcelRow(p, p.userId),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Puts a rental in a parcel; false when it already is in one of that kind. */
    async addPiece(trx: Db, parcelId: number, rentalId: number, kind: ParcelKind, at: string): Promise<boolean> {
      const res = await trx
        .insertInto('parcel_pieces')
        .values({ parcel_id: parcelId, rental_id: rentalId, kind, added_at: at })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    find: (id: number, q: Db = db) => parcelCols(q).where('parcels.id', '=', id).executeTakeFirst(),

    /** The parcel of a tracking number, its row locked (webhooks of one parcel take turns on PostgreSQL). */
    byTracking: (trx: Db, trackingNumber: string) =>
      trx
        .selectFrom('parcels')
        .selectAll()
        .where('tracking_number', '=', trackingNumber)
        .forUpdate()
        .executeTakeFirst(),

    /** Moves the desk's status from one of `from` to `to`, once. */
    async move(trx: Db, id: number, from: string[], to: 'packed' | 'dispatched', by: string, at: string) {
      const set = to === 'packed' ? { packed_at: at, packed_by: by } : { dispatched_at: at, dispatched_by: by };
      const res = await trx
        .updateTable('parcels')
        .set({ status: to, ...set })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The carrier's label, stored once (a second answer for the same key is the same label). */
    async setLabel(id: number, l: { carrier: string; trackingNumber: string; labelCode: string }) {
      await db
        .updateTable('parcels')
        .set({ carrier: l.carrier, tracking_number: l.trackingNumber, label_code: l.labelCode })
        .where('id', '=', id)
        .where('tracking_number', 'is', null)
        .execute();
    },

    /** Records a tracking event by the carrier's id; false when it was already recorded (a replay). */
    async addEvent(
      trx: Db,
      e: { eventId: string; parcelId: number; status: TrackingStatus; occurredAt: string; description: string | null },
      at: string,
    ): Promise<boolean> {
      const res = await trx
        .insertInto('parcel_events')
        .values({
          event_id: e.eventId,
          parcel_id: e.parcelId,
          status: e.status,
          occurred_at: e.occurredAt,
          description: e.description,
          received_at: at,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** The parcel's status moves only forward: a lower rank arriving late changes nothing. */
    async advance(trx: Db, id: number, status: TrackingStatus, rank: number, occurredAt: string): Promise<boolean> {
      const res = await trx
        .updateTable('parcels')
        .set({ tracking_status: status, tracking_rank: rank, tracking_at: occurredAt })
        .where('id', '=', id)
        .where('tracking_rank', '<', rank)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The earliest scan wins, whatever order the scans arrive in. */
    async lowerFirstScan(trx: Db, id: number, at: string): Promise<void> {
      await trx
        .updateTable('parcels')
        .set({ first_scan_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('first_scan_at', 'is', null), eb('first_scan_at', '>', at)]))
        .execute();
    },

    async setDelivered(trx: Db, id: number, at: string): Promise<void> {
      await trx
        .updateTable('parcels')
        .set({ delivered_at: at })
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .execute();
    },

    /** The pieces of parcels, with what the desk and the member see of them. */
    piecesOf(parcelIds: number[], q: Db = db) {
      if (parcelIds.length === 0) return Promise.resolve([]);
      return q
        .selectFrom('parcel_pieces')
        .innerJoin('rentals', 'rentals.id', 'parcel_pieces.rental_id')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .select([
          'parcel_pieces.parcel_id',
          'rentals.id as rental_id',
          'rentals.item_id',
          'rentals.unit_id',
          'rentals.size',
          'rentals.dispatched_at',
          'rentals.cancelled_at',
          'items.name as item_name',
          'items.brand',
        ])
        .where('parcel_pieces.parcel_id', 'in', parcelIds)
        .orderBy('rentals.id')
        .execute();
    },

    eventsOf(parcelIds: number[]) {
      if (parcelIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('parcel_events')
        .select(['parcel_id', 'status', 'occurred_at', 'description'])
        .where('parcel_id', 'in', parcelIds)
        .orderBy('occurred_at')
        .orderBy('event_id')
        .execute();
    },

    /** Outbound parcels still to go out whose day has come, with at least one piece not cancelled. */
    toDispatch: (today: string) =>
      parcelCols(db)
        .where('parcels.kind', '=', 'outbound')
        .where('parcels.status', 'in', ['open', 'packed'])
        .where('parcels.ship_day', '<=', today)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('parcel_pieces')
              .innerJoin('rentals', 'rentals.id', 'parcel_pieces.rental_id')
              .select('rentals.id')
              .whereRef('parcel_pieces.parcel_id', '=', 'parcels.id')
              .where('rentals.dispatched_at', 'is', null)
              .where('rentals.returned_at', 'is', null),
          ),
        )
        .orderBy('parcels.ship_day')
        .orderBy('parcels.id')
        .limit(300)
        .execute(),

    /** Parcels dispatched from `from` (an instant) on: the desk's 'Sent today'. */
    dispatchedSince: (from: string) =>
      parcelCols(db)
        .where('parcels.kind', '=', 'outbound')
        .where('parcels.status', '=', 'dispatched')
        .where('parcels.dispatched_at', '>=', from)
        .orderBy('parcels.dispatched_at', 'desc')
        .limit(300)
        .execute(),

    /** A member's parcels holding one of these rentals (her rental's or her order's). */
    forRentals: (userId: string, rentalIds: number[]) =>
      rentalIds.length === 0
        ? Promise.resolve([])
        : parcelCols(db)
            .where('parcels.user_id', '=', userId)
            .where((eb) =>
              eb.exists(
                eb
                  .selectFrom('parcel_pieces')
                  .select('parcel_pieces.rental_id')
                  .whereRef('parcel_pieces.parcel_id', '=', 'parcels.id')
                  .where('parcel_pieces.rental_id', 'in', rentalIds),
              ),
            )
            .orderBy('parcels.id')
            .execute(),

    rentalIdsOfOrder: async (userId: string, orderNumber: string) =>
      (
        await db
          .selectFrom('rentals')
          .innerJoin('orders', 'orders.id', 'rentals.order_id')
          .select('rentals.id')
          .where('orders.number', '=', orderNumber)
          .where('rentals.user_id', '=', userId)
          .execute()
      ).map((r) => r.id),

    /**
     * Rentals due out (held from `today` or before, not sent, not cancelled, not a member's piece
     * she hands over herself) that are in no outbound parcel: booked before parcels existed, or
     * whose joining failed after the booking committed.
     */
    rentalsWithoutParcel: async (today: string) =>
      (
        await db
          .selectFrom('rentals')
          .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
          .select('rentals.id')
          .where('rentals.dispatched_at', 'is', null)
          .where('rentals.returned_at', 'is', null)
          .where('bookings.start_date', '<=', today)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('booking_requests')
                  .select('booking_requests.id')
                  .whereRef('booking_requests.rental_id', '=', 'rentals.id'),
              ),
            ),
          )
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('parcel_pieces')
                  .select('parcel_pieces.rental_id')
                  .whereRef('parcel_pieces.rental_id', '=', 'rentals.id')
                  .where('parcel_pieces.kind', '=', 'outbound'),
              ),
            ),
          )
          .orderBy('rentals.id')
          .limit(500)
          .execute()
      ).map((r) => r.id),

    /**
     * Where a rental stands for the parcels, in one read: whether it is a lending request's
     * (handed over by its lender, never in a house parcel) and the outbound parcel it is in.
     */
    async placeOf(q: Db, rentalId: number): Promise<{ lenderHandover: boolean; outboundParcelId: number | null }> {
      const row = await q
        .selectNoFrom((eb) => [
          eb.selectFrom('booking_requests').select('id').where('rental_id', '=', rentalId).limit(1).as('request_id'),
          eb
            .selectFrom('parcel_pieces')
            .select('parcel_id')
            .where('rental_id', '=', rentalId)
            .where('kind', '=', 'outbound')
            .as('parcel_id'),
        ])
        .executeTakeFirstOrThrow();
      return { lenderHandover: row.request_id !== null, outboundParcelId: row.parcel_id ?? null };
    },
  };
}

export type ParcelsRepository = ReturnType<typeof createParcelsRepository>;
export type ParcelRow = NonNullable<Awaited<ReturnType<ParcelsRepository['find']>>>;
