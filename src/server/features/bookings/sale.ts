import type { Kysely } from 'kysely';
import { DomainError } from '../../../domain/errors';
import { PRELOVED_MESSAGES } from '../../../domain/preloved';
import { UNIT_TRANSITIONS } from '../../../domain/unit-life';
import type { DB } from '../../db/schema';
import * as holds from './holds.repository';
import type { UnitRow } from './unit-reads';

type Db = Kysely<DB>;

const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

/** The note a unit kept by its renter carries (keep.ts): such a unit is hers, never for sale. */
export const KEPT_NOTE = 'Kept by the member';

/**
 * The pre-loved sale (decision 0066), the core's part. `offer` takes a unit out of the rentable
 * stock for the sale: retired, held with no end from `day` (its own hold, or a new one), and the
 * reservations it can no longer serve moved to another free unit; with one left stranded it
 * refuses (the transaction rolls back). A unit already retired (not kept) is offered as it is.
 * `sell` marks the retired unit sold, once. The caller has locked the item and the unit (`lock`).
 */
export function saleMovesOf(deps: {
  rehome: (trx: Db, unitId: number, from: string, to: string) => Promise<{ moved: number[]; stranded: number[] }>;
}) {
  return {
    async offer(trx: Db, unit: UnitRow, v: { day: string; at: string; note: string }): Promise<{ moved: number[] }> {
      const state = unit.state ?? 'available';
      if (state === 'retired') {
        if (unit.note === KEPT_NOTE) throw conflict(PRELOVED_MESSAGES.keptPiece);
        await holds.moveUnit(trx, unit.id, ['retired'], 'retired', v.at, { note: v.note });
        return { moved: [] };
      }
      const from = UNIT_TRANSITIONS.retire.from;
      if (!(from as readonly string[]).includes(state))
        throw conflict(`${PRELOVED_MESSAGES.notSellable}: the unit is ${state.replace('_', ' ')}.`, {
          unitState: state,
        });
      await holds.ensureState(trx, unit.id, v.at);
      const hold =
        unit.hold_booking_id ??
        (await holds.hold(trx, {
          unit_id: unit.id,
          item_id: unit.item_id,
          start_date: v.day,
          end_date: holds.OPEN_END,
          created_at: v.at,
        }));
      if (unit.hold_booking_id !== null) await holds.setHeldUntil(trx, hold, holds.OPEN_END);
      const set = { hold_booking_id: hold, note: v.note };
      if (!(await holds.moveUnit(trx, unit.id, from, 'retired', v.at, set)))
        throw conflict(PRELOVED_MESSAGES.notSellable);
      const { moved, stranded } = await deps.rehome(trx, unit.id, v.day, holds.OPEN_END);
      if (stranded.length > 0) throw conflict(PRELOVED_MESSAGES.bookedAhead, { stranded });
      return { moved };
    },

    /** The piece is sold: the retired unit says to whom; false when it is no longer retired. */
    async sell(trx: Db, unitId: number, at: string, note: string): Promise<boolean> {
      return holds.moveUnit(trx, unitId, ['retired'], 'retired', at, { note });
    },
  };
}
