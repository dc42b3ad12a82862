import type { Kysely } from 'kysely';
import type { UnitState } from '../../../domain/unit-life';
import type { DB } from '../../db/schema';
import { deskQuery, unitQuery } from '../bookings';

type Db = Kysely<DB>;

/**
 * The desk's reads of units (their lists, next reservation, backup, hold) and of check-in photos;
 * the moves themselves are the bookings core's (decision 0053). Retiring a unit's last one of a
 * size withdraws the size from the item.
 */
export function createUnitLifeRepository(db: Db) {
  const units = unitQuery;

  return {
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
