import type { Kysely } from 'kysely';
import { UNIT_TRANSITIONS } from '../../../domain/unit-life';
import type { DB } from '../../db/schema';
import * as holds from './holds.repository';
import * as rentalRows from './rental-rows';

type Db = Kysely<DB>;

/**
 * What the carrier's tracking does to a piece (decision 0061), the core's part. Each move is a
 * conditional update that does nothing when it has already happened (or cannot happen any more),
 * so a replayed or late webhook changes nothing twice. The unit's row first, then the rental's
 * (the order every move takes).
 */
export function carrierMovesOf() {
  return {
    /** An outbound parcel delivered: the piece is with her (as her own 'Received'). True when it moved. */
    async delivered(trx: Db, r: { rentalId: number; unitId: number }, at: string): Promise<boolean> {
      await holds.moveUnit(trx, r.unitId, UNIT_TRANSITIONS.receive.from, 'with_member', at, {}, r.rentalId);
      return rentalRows.markReceived(trx, r.rentalId, at);
    },

    /**
     * A return parcel scanned by the carrier at `at`: the piece is on its way back (sent back, if
     * she had not said so), and the late-fee clock stops at the earliest scan: a scan that arrives
     * after a later one lowers it, one after check-in changes nothing.
     */
    async returnScanned(trx: Db, r: { rentalId: number; unitId: number }, at: string): Promise<void> {
      await holds.moveUnit(trx, r.unitId, UNIT_TRANSITIONS.send_back.from, 'returned', at, {}, r.rentalId);
      await rentalRows.markSentBack(trx, r.rentalId, at);
      await trx
        .updateTable('rentals')
        .set({ return_scanned_at: at })
        .where('id', '=', r.rentalId)
        .where('checked_in_at', 'is', null)
        .where((eb) => eb.or([eb('return_scanned_at', 'is', null), eb('return_scanned_at', '>', at)]))
        .execute();
    },
  };
}
