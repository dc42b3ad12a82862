import type { Kysely } from 'kysely';
import { DomainError } from '../../../domain/errors';
import { KEEP_MESSAGES } from '../../../domain/keep-it.rules';
import { OUT_STATES } from '../../../domain/unit-life';
import type { DB } from '../../db/schema';
import * as holds from './holds.repository';
import * as rentalRows from './rental-rows';

type Db = Kysely<DB>;

const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

/** What the keep moves need of the rental (read by the caller under the core's locks). */
export interface KeptRental {
  rentalId: number;
  bookingId: number;
  unitId: number;
  /** Where its booking ends now (the cleaning window after its return date). */
  heldUntil: string;
}

/**
 * Keep it (decision 0059), the core's part: the unit's days from now on become hers. `claim`
 * takes the days after the rental's hold (reservations of the unit move to another free unit of
 * the same size; with none, or another hold on the unit, it refuses), and holds the unit with no
 * end while her card is charged; `unclaim` gives them back (a declined card); `keep` ends the
 * rental as bought and retires the unit (its booking, open-ended, is the retired unit's hold). The
 * caller has locked the item, the unit and the rental (`lock`), in that order.
 */
export function keepMovesOf(deps: {
  rehome: (trx: Db, unitId: number, from: string, to: string) => Promise<{ moved: number[]; stranded: number[] }>;
}) {
  return {
    async claim(trx: Db, r: KeptRental): Promise<void> {
      if (r.heldUntil === holds.OPEN_END) throw conflict(KEEP_MESSAGES.changed);
      const { stranded } = await deps.rehome(trx, r.unitId, r.heldUntil, holds.OPEN_END);
      const other = await holds.otherHoldOverlapping(trx, r.unitId, r.bookingId, r.heldUntil, holds.OPEN_END);
      if (stranded.length > 0 || other) throw conflict(KEEP_MESSAGES.bookedNext, { bookedFrom: other?.start_date });
      if (!(await holds.stretchHold(trx, r.bookingId, r.heldUntil, holds.OPEN_END)))
        throw conflict(KEEP_MESSAGES.changed);
    },

    async unclaim(trx: Db, bookingId: number, heldUntil: string): Promise<void> {
      await holds.unstretchHold(trx, bookingId, heldUntil, holds.OPEN_END);
    },

    /**
     * Her purchase went through: the rental ends as bought, then the unit retires on it. False when
     * the rental ended meanwhile (checked in: the caller refunds); the unit moves in step with the
     * rental's check-in, so one that is kept is out on it.
     */
    async keep(
      trx: Db,
      r: KeptRental & { userId: string },
      v: { at: string; priceCents: number; entryId: number; earningsCents: number | null },
    ): Promise<boolean> {
      if (!(await rentalRows.markKept(trx, r.rentalId, { ...v, by: r.userId }))) return false;
      const set = { rental_id: r.rentalId, note: 'Kept by the member', hold_booking_id: r.bookingId };
      if (!(await holds.moveUnit(trx, r.unitId, OUT_STATES, 'retired', v.at, set, r.rentalId)))
        throw new Error(`rental ${r.rentalId} kept while its unit ${r.unitId} is not out on it`);
      await holds.releaseFollowers(trx, r.bookingId, v.at);
      return true;
    },
  };
}
