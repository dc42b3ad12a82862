import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/**
 * The passport's reads (decision 0059): units, their states and the rentals that went out on them.
 * Read-only: the bookings core owns these tables (decision 0053) and writes them.
 */
export function createPassportRepository(db: Db) {
  const units = () =>
    db
      .selectFrom('item_units')
      .innerJoin('items', 'items.id', 'item_units.item_id')
      .leftJoin('unit_states', 'unit_states.unit_id', 'item_units.id')
      .select([
        'item_units.id',
        'item_units.item_id',
        'item_units.size',
        'item_units.unit_no',
        'items.name as item_name',
        'unit_states.state',
      ]);

  return {
    /** True for an item the catalogue shows (not removed). */
    async isListed(itemId: number): Promise<boolean> {
      const row = await db
        .selectFrom('items')
        .select('id')
        .where('id', '=', itemId)
        .where('status', '!=', 'removed')
        .executeTakeFirst();
      return !!row;
    },

    /** The item's units, by size and number. */
    unitsOfItem: (itemId: number) =>
      units()
        .where('item_units.item_id', '=', itemId)
        .orderBy('item_units.size')
        .orderBy('item_units.unit_no')
        .execute(),

    unit: (unitId: number) => units().where('item_units.id', '=', unitId).executeTakeFirst(),

    /** Rentals that went out on these units (cancelled bookings never did), oldest first. */
    rentalsOf(unitIds: number[]) {
      if (unitIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('rentals')
        .innerJoin('user', 'user.id', 'rentals.user_id')
        .select([
          'rentals.id',
          'rentals.unit_id',
          'rentals.start_date',
          'rentals.end_date',
          'rentals.dispatched_at',
          'rentals.checked_in_at',
          'rentals.condition',
          'rentals.condition_note',
          'rentals.kept_at',
          'user.name as member_name',
        ])
        .where('rentals.unit_id', 'in', unitIds)
        .where('rentals.dispatched_at', 'is not', null)
        .orderBy('rentals.id')
        .execute();
    },
  };
}

export type PassportRepository = ReturnType<typeof createPassportRepository>;
export type PassportRentalRow = Awaited<ReturnType<PassportRepository['rentalsOf']>>[number];
