import { addDays } from './calendar';

/**
 * Availability: the one definition of the days a rental holds its unit (docs/product.md
 * "Catalogue and availability", decision 0031). The browse date filter, the facet counts with
 * dates, the item page's calendar, booking and extension all ask here; the database then only
 * checks that two held intervals do not overlap.
 *
 * A rental of [start, end) (the member's dates: she has the piece from `start`, sends it back on
 * `end`) holds its unit for [start - shipping day, end + cleaning window):
 *  - the shipping day: a delivered piece leaves the day before it starts (never before today);
 *    a piece picked up at the studio needs none;
 *  - the cleaning window (CLEANING_DAYS, 2 by default): after the return date the piece is
 *    cleaned before it goes out again.
 * Check-in moves the end to the day it came back + the cleaning window; 'cleaning done' frees the
 * unit at once; while a rental is not checked in, its unit stays held (each day the end is pushed
 * to at least today + the window).
 *
 * Zod-free: the item page's calendar (web) uses it too.
 */

/** Days before its start a delivered rental's piece is sent. */
export const SHIPPING_DAYS = 1;
/** The cleaning window after each return, when the setting (CLEANING_DAYS) is not given. */
export const DEFAULT_CLEANING_DAYS = 2;
/** The setting's bounds. */
export const MAX_CLEANING_DAYS = 14;

/** How a rental reaches the member: sent by courier, or collected at the studio. */
export const HANDOFFS = ['delivery', 'pickup'] as const;
export type Handoff = (typeof HANDOFFS)[number];

export const HANDOFF_LABELS: Record<Handoff, string> = {
  delivery: 'Delivery',
  pickup: 'Studio pickup',
};

/**
 * How a rental reaches the member, from her pickup choice: 'in-store' is a studio pickup;
 * 'online', or no choice made, is a delivery (the case that holds the unit longest).
 */
export function handoffOf(pickupOption: string | null | undefined): Handoff {
  return pickupOption === 'in-store' ? 'pickup' : 'delivery';
}

/** The settings availability depends on (from the environment: CLEANING_DAYS). */
export interface AvailabilityRules {
  cleaningDays: number;
}

/** Days a unit is held: [start, end), end exclusive, 'YYYY-MM-DD'. */
export interface Occupancy {
  start: string;
  end: string;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The days a rental of [startDate, endDate) holds its unit: from the shipping day before its start
 * when delivered (but not before today: a piece going out today is sent today) to the end of the
 * cleaning window after its return date.
 */
export function occupancyOf(
  range: { startDate: string; endDate: string },
  handoff: Handoff,
  rules: AvailabilityRules,
  today: string,
): Occupancy {
  const shipped = handoff === 'delivery' ? addDays(range.startDate, -SHIPPING_DAYS) : range.startDate;
  return {
    start: later(shipped, earlier(today, range.startDate)),
    end: addDays(range.endDate, rules.cleaningDays),
  };
}

/** A unit checked in (or repaired) on `day` is held until its cleaning window has passed. */
export function heldUntilAfterCleaning(day: string, rules: AvailabilityRules): string {
  return addDays(day, rules.cleaningDays);
}

/** True when two held intervals share a day. */
export function overlaps(a: Occupancy, b: Occupancy): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * The first start date from `from` on (up to `until`) for which a rental of `days` days fits
 * between the unit's held intervals, or null. The rental's own occupancy (shipping day, cleaning
 * window) must fit, not only its dates.
 */
export function firstFreeStart(
  held: readonly Occupancy[],
  opts: { from: string; days: number; handoff: Handoff; rules: AvailabilityRules; today: string; until: string },
): string | null {
  const sorted = [...held].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  let start = opts.from;
  while (start <= opts.until) {
    const occupancy = occupancyOf(
      { startDate: start, endDate: addDays(start, opts.days) },
      opts.handoff,
      opts.rules,
      opts.today,
    );
    const clash = sorted.find((h) => overlaps(h, occupancy));
    if (!clash) return start;
    // The earliest start whose own occupancy begins when the clashing one ends.
    const next = opts.handoff === 'delivery' ? addDays(clash.end, SHIPPING_DAYS) : clash.end;
    start = next > start ? next : addDays(start, 1);
  }
  return null;
}
