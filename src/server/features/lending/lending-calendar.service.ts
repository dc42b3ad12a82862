import { DomainError, notFound } from '../../../domain/errors';
import { LENDING_MESSAGES, type BlockDatesInput, type LenderBlock, type LenderCalendar } from '../../../domain/lending';
import { startDateProblem } from '../../../domain/rentals';
import type { AppContext } from '../../context';
import type { BookingsCore } from '../bookings';
import { createLendingRepository } from './lending.repository';

const conflict = (message: string) => new DomainError('CONFLICT', message);
const invalidStart = (message: string) =>
  new DomainError('VALIDATION_FAILED', `Invalid body: startDate ${message}`, {
    issues: [{ path: 'startDate', message }],
  });

/**
 * The lender's calendar of her piece (docs/product.md "Lending", decision 0035): the days held by
 * rentals and requests, and the days she blocks, held for every unit through the bookings core.
 */
export function createLendingCalendarService(ctx: AppContext, deps: { core: BookingsCore }) {
  const { db } = ctx.database;
  const repo = createLendingRepository(db);
  const { core } = deps;
  const today = () => ctx.today();
  const nowIso = () => ctx.clock().toISOString();

  return {
    async calendar(lenderId: string, itemId: number): Promise<LenderCalendar> {
      const item = await repo.ownedItem(itemId);
      if (!item || item.owner_id !== lenderId) throw notFound('Item not found');
      const from = today();
      const [blocks, held] = await Promise.all([repo.blocks(itemId, from), repo.rentalsHolding(itemId, from)]);
      return {
        itemId,
        itemName: item.name,
        blocks: blocks.map((b): LenderBlock => ({
          id: b.id,
          itemId: b.item_id,
          startDate: b.start_date,
          endDate: b.end_date,
          createdAt: b.created_at,
        })),
        booked: held.map((h) => ({ startDate: h.held_from, endDate: h.held_until, status: 'booked' })),
      };
    },

    /**
     * Blocks days of her piece: every unit of it is held for [start, end) by a booking without a
     * rental (the held days browse, the calendar and booking already respect). Days already held
     * by a rental or request cannot be blocked (409); two blocks at once over the same days: one.
     */
    async block(lenderId: string, itemId: number, input: BlockDatesInput): Promise<LenderBlock> {
      // The booking horizon of requests and rentals: a block far ahead would hold the piece for years.
      const problem = startDateProblem(input.startDate, today());
      if (problem) throw invalidStart(problem);
      const at = nowIso();
      const id = await db.transaction().execute(async (trx) => {
        const item = await repo.ownedItem(itemId, trx);
        if (!item || item.owner_id !== lenderId || item.status === 'removed') throw notFound('Item not found');
        // The units' locks, then a look at their held days (the order a booking takes).
        const unitIds = (await repo.units(trx, itemId)).map((u) => u.id);
        await core.lock(trx, { unitIds });
        for (const unitId of unitIds) {
          if (await repo.unitBusy(trx, unitId, input.startDate, input.endDate))
            throw conflict(LENDING_MESSAGES.blockOverlapsBooking);
        }
        const blockId = await repo.insertBlock(trx, {
          item_id: itemId,
          lender_id: lenderId,
          start_date: input.startDate,
          end_date: input.endDate,
          created_at: at,
        });
        for (const unitId of unitIds) {
          const bookingId = await core.hold(trx, {
            unit_id: unitId,
            item_id: itemId,
            start_date: input.startDate,
            end_date: input.endDate,
            created_at: at,
          });
          await repo.linkBlockBooking(trx, blockId, bookingId);
        }
        return blockId;
      });
      return { id, itemId, startDate: input.startDate, endDate: input.endDate, createdAt: at };
    },

    /** Frees blocked days again. */
    async unblock(lenderId: string, itemId: number, blockId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const block = await repo.block(blockId, trx);
        if (!block || block.lender_id !== lenderId || block.item_id !== itemId || block.removed_at)
          throw notFound(LENDING_MESSAGES.blockNotFound);
        const at = nowIso();
        const held = await repo.removeBlock(trx, blockId, at);
        if (held) await core.release(trx, held, at);
      });
    },
  };
}

export type LendingCalendarService = ReturnType<typeof createLendingCalendarService>;
