/**
 * An item's availability (decision 0031): the days a rental holds a unit come from the domain's one
 * definition (domain/availability.ts); the queries here only test held intervals for overlap. The
 * catalogue answers with it (availability, calendar) and the bookings take their unit through it.
 */
import type { Kysely } from 'kysely';
import { firstFreeStart, occupancyOf, type Handoff, type Occupancy } from '../../../domain/availability';
import { daysBetween } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { RENTAL_DAYS, addDays, type ItemAvailability, type Size } from '../../../domain/catalogue';
import type { Calendar } from '../../../domain/rentals';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { createCatalogueRepository } from './catalogue.repository';

/** How far ahead nextFreeDate looks. */
const HORIZON_DAYS = 365;

export function createItemAvailability(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = createCatalogueRepository(db);
  const rules = { cleaningDays: ctx.env.cleaningDays };
  const today = () => ctx.today();

  /** The days a rental of [startDate, endDate) holds its unit (delivered unless said otherwise). */
  function occupancy(startDate: string, endDate: string, handoff: Handoff = 'delivery'): Occupancy {
    return occupancyOf({ startDate, endDate }, handoff, rules, today());
  }

  /**
   * A list's or count's dates as the days a unit must be free: the delivered case, for visitors
   * and members alike (a piece shown is then bookable whichever way she receives it).
   */
  function heldDates<F extends { from?: string | undefined; to?: string | undefined }>(f: F): F {
    if (!(f.from && f.to)) return f;
    const held = occupancy(f.from, f.to);
    return { ...f, from: held.start, to: held.end };
  }

  /**
   * The units of the item's size with nothing held overlapping `held`, in unit order: a read,
   * without a lock. A booking takes one through the bookings core (`core.freeUnitFor`), which
   * locks a candidate and asks `unitFree` again before it holds it.
   */
  async function freeUnits(q: Kysely<DB>, itemId: number, size: string, held: Occupancy): Promise<number[]> {
    return (await repo.freeUnits(q, itemId, size, held.start, held.end)).map((u) => u.id);
  }

  /** True when the unit has nothing held overlapping `held`. */
  async function unitFree(q: Kysely<DB>, unitId: number, held: Occupancy): Promise<boolean> {
    return !(await repo.unitBusy(q, unitId, held.start, held.end));
  }

  /** The first unit of the item's size free for a rental of [startDate, endDate) received by `handoff`, or null (a read). */
  async function findFreeUnit(
    q: Kysely<DB>,
    itemId: number,
    size: string,
    startDate: string,
    endDate: string,
    handoff: Handoff = 'delivery',
  ): Promise<number | null> {
    const [first] = await freeUnits(q, itemId, size, occupancy(startDate, endDate, handoff));
    return first ?? null;
  }

  /** True when a unit of the size has nothing held overlapping `held`: the booking's test, without a lock (for reads). */
  async function hasFreeUnit(itemId: number, size: string, held: Occupancy): Promise<boolean> {
    return (await repo.freeUnits(db, itemId, size, held.start, held.end)).length > 0;
  }

  async function nextFreeDate(
    trx: Kysely<DB>,
    itemId: number,
    size: string,
    fromDate: string,
    days: number = RENTAL_DAYS,
    handoff: Handoff = 'delivery',
  ): Promise<string | null> {
    const units = (await repo.units(itemId, trx)).filter((u) => u.size === size);
    if (units.length === 0) return null;
    const bookings = await repo.bookingsFrom(
      trx,
      itemId,
      size,
      occupancy(fromDate, addDays(fromDate, days), handoff).start,
    );
    const until = addDays(fromDate, HORIZON_DAYS);
    let best: string | null = null;
    for (const unit of units) {
      const held = bookings.filter((b) => b.unit_id === unit.id).map((b) => ({ start: b.start_date, end: b.end_date }));
      const start = firstFreeStart(held, { from: fromDate, days, handoff, rules, today: today(), until });
      if (start !== null && (best === null || start < best)) best = start;
    }
    return best;
  }

  return {
    /** Per-size availability of an item offered in these sizes for [from, to), with the next free date of each size. */
    async sizes(id: number, offered: readonly Size[], from: string, to: string): Promise<ItemAvailability> {
      const units = await repo.units(id);
      const days = daysBetween(from, to);
      const sizes = [];
      for (const size of offered) {
        const count = units.filter((u) => u.size === size).length;
        const free = count ? await findFreeUnit(db, id, size, from, to) : null;
        sizes.push({
          size,
          units: count,
          available: free !== null,
          nextFreeDate: free !== null ? from : await nextFreeDate(db, id, size, from, days),
        });
      }
      return { from, to, sizes };
    },

    /** For one size of an item offered in these sizes: the days of [from, to) free, and those that can start a rental. */
    async calendar(
      id: number,
      offered: readonly Size[],
      size: string,
      q: { from: string; to: string; days: number; handoff: Handoff; today: string; latestStart: string },
    ): Promise<Calendar> {
      if (!(offered as readonly string[]).includes(size)) {
        throw new DomainError(
          'VALIDATION_FAILED',
          `Invalid query parameter: size ${size} is not offered for this item`,
          {
            issues: [{ path: 'size', message: `must be one of ${offered.join(', ')}` }],
          },
        );
      }
      const dates: Calendar['dates'] = [];
      for (let d = q.from; d < q.to; d = addDays(d, 1)) {
        const free = await hasFreeUnit(id, size, { start: d, end: addDays(d, 1) });
        const canStart =
          d >= q.today &&
          d <= q.latestStart &&
          (await hasFreeUnit(id, size, occupancy(d, addDays(d, q.days), q.handoff)));
        dates.push({ date: d, free, canStart });
      }
      return {
        itemId: id,
        size,
        handoff: q.handoff,
        from: q.from,
        to: q.to,
        days: q.days,
        today: q.today,
        latestStartDate: q.latestStart,
        firstFreeStart: dates.find((x) => x.canStart)?.date ?? null,
        dates,
      };
    },

    findFreeUnit,
    freeUnits,
    unitFree,
    nextFreeDate,
    occupancy,
    heldDates,
    rules,
    hasFreeUnit,
  };
}

export type ItemAvailabilityService = ReturnType<typeof createItemAvailability>;
