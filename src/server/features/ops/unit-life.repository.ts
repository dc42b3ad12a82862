import type { Kysely } from 'kysely';
import type { UnitState } from '../../../domain/unit-life';
import type { DB } from '../../db/schema';
import { deskQuery } from './ops.repository';

type Db = Kysely<DB>;

/** The end of a hold with no end (a unit in repair, or retired). */
export const OPEN_END = '9999-12-31';

const UNIT_COLUMNS = [
  'item_units.id',
  'item_units.item_id',
  'item_units.size',
  'item_units.unit_no',
  'items.name as item_name',
  'items.brand',
  'items.owner_id',
  'unit_states.state',
  'unit_states.condition',
  'unit_states.note',
  'unit_states.rental_id',
  'unit_states.hold_booking_id',
  'unit_states.changed_at',
] as const;

/**
 * The unit's life in the database (decision 0031): every move of a unit is one conditional update
 * of its unit_states row from the states the move allows, so of two moves at once one changes the
 * row and the other finds nothing to change; the rental's marks are conditional in the same way.
 */
export function createUnitLifeRepository(db: Db) {
  const units = (q: Db) =>
    q
      .selectFrom('item_units')
      .innerJoin('items', 'items.id', 'item_units.item_id')
      .leftJoin('unit_states', 'unit_states.unit_id', 'item_units.id')
      .select(UNIT_COLUMNS);

  return {
    /** A unit with its item and state (no state row: available). */
    unit(unitId: number, q: Db = db) {
      return units(q).where('item_units.id', '=', unitId).executeTakeFirst();
    },

    /** Units in a state, longest there first (available: those that have been out at least once). */
    unitsInState(state: UnitState, limit = 500) {
      let q = units(db).where('unit_states.state', '=', state);
      // The house's cleaning list: a member's piece back with its lender is cleaned by her (decision 0035), never by us.
      if (state === 'cleaning') q = q.where('items.owner_id', 'is', null);
      return q.orderBy('unit_states.changed_at').orderBy('item_units.id').limit(limit).execute();
    },

    /** An item's units with their states. */
    unitsOfItem(itemId: number) {
      return units(db)
        .where('item_units.item_id', '=', itemId)
        .orderBy('item_units.size')
        .orderBy('item_units.unit_no')
        .execute();
    },

    /** A rental as the desk shows it (deskQuery); `q` may be a transaction. */
    deskRental(rentalId: number, q: Db = db) {
      return deskQuery(q).where('rentals.id', '=', rentalId).executeTakeFirst();
    },

    /** The next reservation of a unit that has not left yet. */
    nextReservation(unitId: number) {
      return deskQuery(db)
        .where('rentals.unit_id', '=', unitId)
        .where('rentals.dispatched_at', 'is', null)
        .where('rentals.returned_at', 'is', null)
        .orderBy('bookings.start_date')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Takes the unit's item_units row lock (PostgreSQL), the one a booking takes before it looks
     * at the unit's held days: a hold that grows (repair, retirement, a late return) and a booking
     * of the unit then run one after the other, and whichever comes second sees the first.
     */
    async lockUnitRow(trx: Db, unitId: number): Promise<void> {
      await trx.selectFrom('item_units').select('id').where('id', '=', unitId).forUpdate().execute();
    },

    /** Takes the item row's lock (PostgreSQL) that a booking of it takes first (FOR NO KEY UPDATE). */
    async lockItemRow(trx: Db, itemId: number): Promise<void> {
      await trx.selectFrom('items').select('id').where('id', '=', itemId).forNoKeyUpdate().execute();
    },

    /** Gives the unit its state row (available) if it has none, so a move can be a conditional update. */
    async ensureState(trx: Db, unitId: number, at: string): Promise<void> {
      await trx
        .insertInto('unit_states')
        .values({ unit_id: unitId, state: 'available', changed_at: at })
        .onConflict((oc) => oc.column('unit_id').doNothing())
        .execute();
    },

    /** Moves the unit to `to` only if it is in one of `from` now; false when it was not (someone else moved it). */
    async move(
      trx: Db,
      unitId: number,
      from: readonly UnitState[],
      to: UnitState,
      at: string,
      set: {
        rental_id?: number | null;
        condition?: string | null;
        note?: string | null;
        hold_booking_id?: number | null;
      } = {},
      /** Only while the unit is out on this rental. */
      onRental?: number,
    ): Promise<boolean> {
      let q = trx
        .updateTable('unit_states')
        .set({ state: to, changed_at: at, ...set })
        .where('unit_id', '=', unitId)
        .where('state', 'in', [...from]);
      if (onRental !== undefined) q = q.where('rental_id', '=', onRental);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The rental this unit is held for as its backup size (decision 0034: a booking that follows the rental's), soonest first. */
    backupOf(unitId: number) {
      return db
        .selectFrom('bookings')
        .innerJoin('rentals', 'rentals.booking_id', 'bookings.follows_booking_id')
        .innerJoin('user', 'user.id', 'rentals.user_id')
        .select(['rentals.id as rental_id', 'rentals.unit_id', 'rentals.end_date', 'user.name as member_name'])
        .where('bookings.unit_id', '=', unitId)
        .where('bookings.released_at', 'is', null)
        .orderBy('bookings.start_date')
        .limit(1)
        .executeTakeFirst();
    },

    booking(bookingId: number, q: Db = db) {
      return q
        .selectFrom('bookings')
        .select(['id', 'start_date', 'end_date', 'released_at'])
        .where('id', '=', bookingId)
        .executeTakeFirst();
    },

    async markDispatched(trx: Db, rentalId: number, by: string, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('rentals')
        .set({ dispatched_at: at, dispatched_by: by })
        .where('id', '=', rentalId)
        .where('dispatched_at', 'is', null)
        .where('returned_at', 'is', null)
        // Not while its booking's payment is with the provider: a declined one takes the rental back (decision 0030).
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('orders')
                .select('orders.id')
                .whereRef('orders.id', '=', 'rentals.order_id')
                .where('orders.status', '=', 'pending_payment'),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async markReceived(trx: Db, rentalId: number, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('rentals')
        .set({ received_at: at })
        .where('id', '=', rentalId)
        .where('dispatched_at', 'is not', null)
        .where('received_at', 'is', null)
        .where('returned_at', 'is', null)
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The member's 'Return' of a piece she has: sent back (the unit stays held until check-in). */
    async markSentBack(trx: Db, rentalId: number, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('rentals')
        .set({ returned_at: at })
        .where('id', '=', rentalId)
        .where('dispatched_at', 'is not', null)
        .where('returned_at', 'is', null)
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** The member's 'Return' before dispatch: the reservation is cancelled and its unit freed at once. */
    async cancelReservation(trx: Db, rentalId: number, bookingId: number, at: string): Promise<boolean> {
      const res = await trx
        .updateTable('rentals')
        .set({ returned_at: at })
        .where('id', '=', rentalId)
        .where('dispatched_at', 'is', null)
        .where('returned_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('bookings')
        .set({ released_at: at })
        .where('id', '=', bookingId)
        .where('released_at', 'is', null)
        .execute();
      return true;
    },

    /** Checks a rental in (once): graded, with its late fee; a piece never marked sent back is back now. */
    async markCheckedIn(
      trx: Db,
      rentalId: number,
      v: {
        at: string;
        by: string;
        condition: string;
        note: string | null;
        lateDays: number;
        feeCents: number;
        feeStatus: string | null;
      },
    ): Promise<boolean> {
      const res = await trx
        .updateTable('rentals')
        .set((eb) => ({
          checked_in_at: v.at,
          checked_in_by: v.by,
          condition: v.condition,
          condition_note: v.note,
          late_days: v.lateDays,
          late_fee_cents: v.feeCents,
          late_fee_status: v.feeStatus,
          returned_at: eb.fn.coalesce('returned_at', eb.val(v.at)),
        }))
        .where('id', '=', rentalId)
        .where('dispatched_at', 'is not', null)
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /* ------------------------------------------------------------ holds (bookings) */

    async setBookingEnd(trx: Db, bookingId: number, end: string): Promise<void> {
      await trx.updateTable('bookings').set({ end_date: end }).where('id', '=', bookingId).execute();
    },

    async releaseBooking(trx: Db, bookingId: number, at: string): Promise<void> {
      await trx
        .updateTable('bookings')
        .set({ released_at: at })
        .where('id', '=', bookingId)
        .where('released_at', 'is', null)
        .execute();
    },

    /** A hold of the unit with no rental, from `start` (repair, retired). */
    async insertHold(
      trx: Db,
      unit: { id: number; itemId: number },
      start: string,
      end: string,
      at: string,
    ): Promise<number> {
      const row = await trx
        .insertInto('bookings')
        .values({
          unit_id: unit.id,
          item_id: unit.itemId,
          start_date: start,
          end_date: end,
          released_at: null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Reservations of the unit (not dispatched, not cancelled) whose held days overlap [from, to). */
    reservationsOverlapping(trx: Db, unitId: number, from: string, to: string) {
      return trx
        .selectFrom('rentals')
        .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
        .select([
          'rentals.id',
          'rentals.booking_id',
          'rentals.item_id',
          'rentals.size',
          'bookings.start_date',
          'bookings.end_date',
        ])
        .where('rentals.unit_id', '=', unitId)
        .where('rentals.dispatched_at', 'is', null)
        .where('rentals.returned_at', 'is', null)
        .where('bookings.released_at', 'is', null)
        .where('bookings.end_date', '>', from)
        .where('bookings.start_date', '<', to)
        .orderBy('bookings.start_date')
        .execute();
    },

    /** Moves a reservation (its booking and rental) to another unit of the same item and size. */
    async moveReservation(trx: Db, rentalId: number, bookingId: number, toUnitId: number): Promise<void> {
      await trx.updateTable('bookings').set({ unit_id: toUnitId }).where('id', '=', bookingId).execute();
      await trx.updateTable('rentals').set({ unit_id: toUnitId }).where('id', '=', rentalId).execute();
    },

    /** Rentals out (dispatched, not checked in) whose unit is held for less than until `heldTill`. */
    holdsToPush(heldTill: string, limit = 500) {
      return db
        .selectFrom('rentals')
        .innerJoin('bookings', 'bookings.id', 'rentals.booking_id')
        .select(['rentals.id', 'rentals.booking_id', 'rentals.unit_id', 'bookings.end_date'])
        .where('rentals.dispatched_at', 'is not', null)
        .where('rentals.checked_in_at', 'is', null)
        .where('bookings.released_at', 'is', null)
        .where('bookings.end_date', '<', heldTill)
        .orderBy('rentals.id')
        .limit(limit)
        .execute();
    },

    /** Holds a booking to `end` if it ends earlier (conditional: a check-in meanwhile is left alone). */
    async pushHold(trx: Db, rentalId: number, bookingId: number, end: string): Promise<boolean> {
      const stillOut = await trx
        .selectFrom('rentals')
        .select('id')
        .where('id', '=', rentalId)
        .where('checked_in_at', 'is', null)
        .executeTakeFirst();
      if (!stillOut) return false;
      const res = await trx
        .updateTable('bookings')
        .set({ end_date: end })
        .where('id', '=', bookingId)
        .where('end_date', '<', end)
        .where('released_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * Takes a size off the item's sizes when none of its units of that size is left outside
     * retirement (the item page then no longer offers it; units added later bring it back).
     */
    async dropSizeIfAllRetired(trx: Db, itemId: number, size: string): Promise<boolean> {
      const left = await trx
        .selectFrom('item_units')
        .leftJoin('unit_states', 'unit_states.unit_id', 'item_units.id')
        .select('item_units.id')
        .where('item_units.item_id', '=', itemId)
        .where('item_units.size', '=', size)
        .where((eb) => eb.or([eb('unit_states.state', 'is', null), eb('unit_states.state', '!=', 'retired')]))
        .limit(1)
        .executeTakeFirst();
      if (left) return false;
      const item = await trx.selectFrom('items').select('sizes').where('id', '=', itemId).executeTakeFirst();
      if (!item) return false;
      const sizes = (JSON.parse(item.sizes) as string[]).filter((s) => s !== size);
      await trx
        .updateTable('items')
        .set({ sizes: JSON.stringify(sizes) })
        .where('id', '=', itemId)
        .execute();
      return true;
    },

    /* ------------------------------------------------------------ late fees */

    /** The late-fee columns of a rental, for the settler and the waiver. */
    lateFee(rentalId: number, q: Db = db) {
      return q
        .selectFrom('rentals')
        .select([
          'id',
          'user_id',
          'late_days',
          'late_fee_cents',
          'late_fee_status',
          'late_fee_entry_id',
          'late_fee_refund_entry_id',
          'late_fee_error',
          'checked_in_at',
        ])
        .where('id', '=', rentalId)
        .executeTakeFirst();
    },

    /** Records the fee's ledger entries and status (in the check-in's or the waiver's transaction). */
    async setFee(
      trx: Db,
      rentalId: number,
      set: {
        late_fee_status?: string;
        late_fee_entry_id?: number;
        late_fee_refund_entry_id?: number;
        late_fee_error?: string | null;
      },
    ): Promise<void> {
      await trx.updateTable('rentals').set(set).where('id', '=', rentalId).execute();
    },

    /** Moves the fee's status from `from` to `to` (once: the settler and a waiver may meet). */
    async moveFee(trx: Db, rentalId: number, from: string, to: string, error: string | null): Promise<boolean> {
      const res = await trx
        .updateTable('rentals')
        .set({ late_fee_status: to, late_fee_error: error })
        .where('id', '=', rentalId)
        .where('late_fee_status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Waives a fee that is due, failed or charged: once. */
    async waive(trx: Db, rentalId: number, from: string, at: string, by: string): Promise<boolean> {
      const res = await trx
        .updateTable('rentals')
        .set({ late_fee_status: 'waived', late_fee_waived_at: at, late_fee_waived_by: by })
        .where('id', '=', rentalId)
        .where('late_fee_status', '=', from)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /* ------------------------------------------------------------ condition photos */

    conditionPhotos(rentalIds: number[]) {
      if (rentalIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('condition_photos')
        .select(['rental_id', 'position', 'file_name', 'width', 'height', 'content_type'])
        .where('rental_id', 'in', rentalIds)
        .orderBy('rental_id')
        .orderBy('position')
        .execute();
    },

    async conditionPhotoCount(q: Db, rentalId: number): Promise<number> {
      const row = await q
        .selectFrom('condition_photos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('rental_id', '=', rentalId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertConditionPhotos(
      trx: Db,
      rows: {
        rental_id: number;
        position: number;
        file_name: string;
        content_type: string;
        width: number;
        height: number;
        bytes: number;
        created_at: string;
      }[],
    ): Promise<void> {
      if (rows.length) await trx.insertInto('condition_photos').values(rows).execute();
    },

    conditionPhotoAt(rentalId: number, position: number) {
      return db
        .selectFrom('condition_photos')
        .select(['file_name', 'content_type'])
        .where('rental_id', '=', rentalId)
        .where('position', '=', position)
        .executeTakeFirst();
    },
  };
}

export type UnitLifeRepository = ReturnType<typeof createUnitLifeRepository>;
export type UnitRow = NonNullable<Awaited<ReturnType<UnitLifeRepository['unit']>>>;
