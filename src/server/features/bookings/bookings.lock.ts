import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** What a move needs held until its transaction ends. */
export interface LockTargets {
  /** The item's row (FOR NO KEY UPDATE): a booking, a hold, a listing's edit or removal, a retirement. */
  itemId?: number | undefined;
  /** Units' rows (FOR UPDATE), taken in ascending id order: the unit whose held days the move reads and changes. */
  unitIds?: readonly number[] | undefined;
  /** The rental's row (FOR UPDATE): what changes the rental (an extension's settlement, a check-in photo upload). */
  rentalId?: number | undefined;
}

/**
 * The one entry for the row locks of the bookings core (decision 0053). Whatever a caller asks
 * for, the locks are taken in one order, item, then units (by id), then rental, so two moves
 * of the same piece never wait on each other in a cycle (no deadlock on PostgreSQL). A caller
 * that needs more than one of them passes them in one call; one that learns of a unit only
 * after reading may call again for it, never for an item after a unit.
 *
 * The clauses are Kysely's own (`forNoKeyUpdate`, `forUpdate`): the SQLite plugin drops them
 * there (src/server/db/row-locks.ts, decision 0050), where one connection serialises writes.
 */
export async function lock(trx: Db, t: LockTargets): Promise<void> {
  if (t.itemId !== undefined)
    await trx.selectFrom('items').select('id').where('id', '=', t.itemId).forNoKeyUpdate().execute();
  for (const unitId of [...new Set(t.unitIds ?? [])].sort((a, b) => a - b))
    await trx.selectFrom('item_units').select('id').where('id', '=', unitId).forUpdate().execute();
  if (t.rentalId !== undefined)
    await trx.selectFrom('rentals').select('id').where('id', '=', t.rentalId).forUpdate().execute();
}

/** What a booking checks of the piece: its owner, status, price and sizes (the quote reads the same). */
export const BOOKABLE_ITEM = ['id', 'owner_id', 'status', 'rental_price_cents', 'sizes'] as const;

/**
 * The item's row locked as `lock(trx, { itemId })` takes it, and read in the same statement
 * (BOOKABLE_ITEM). The first lock of a booking.
 */
export function lockItemForBooking(trx: Db, itemId: number) {
  return trx.selectFrom('items').select(BOOKABLE_ITEM).where('id', '=', itemId).forNoKeyUpdate().executeTakeFirst();
}
