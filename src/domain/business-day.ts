/**
 * The business's day (decision 0047): the shop runs on one time zone (the BUSINESS_TIME_ZONE
 * setting, America/New_York by default). "Today", due dates, late days, reminders, cleaning
 * windows and the booking horizon are calendar days in that zone, written 'YYYY-MM-DD' like every
 * other date (calendar.ts); an instant (a timestamp) becomes a day only here. Times of day are
 * shown to a member in her own zone (the web's format.ts).
 *
 * Zod-free and dependency-free (Intl): the web's calendar uses it too.
 */
import { addDays } from './calendar';

/** The zone the business counts its days in, when the setting does not name one. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'America/New_York';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    dayFormats.set(timeZone, f);
  }
  return f;
}

/** True for a time zone the runtime knows by its IANA name ('America/New_York', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    dayFormat(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar day, 'YYYY-MM-DD', that an instant falls on in `timeZone`: 2026-11-29T01:00:00Z is
 * still 2026-11-28 in New York (8 pm), and 2026-11-29 in UTC.
 */
export function businessDay(instant: Date | string | number, timeZone: string): string {
  const at = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  let y = '';
  let m = '';
  let d = '';
  for (const part of dayFormat(timeZone).formatToParts(at)) {
    if (part.type === 'year') y = part.value;
    else if (part.type === 'month') m = part.value;
    else if (part.type === 'day') d = part.value;
  }
  return `${y.padStart(4, '0')}-${m}-${d}`;
}

/**
 * `businessDay` for a run of instants that mostly fall on one day, as the clock's "now" does:
 * it keeps the last day's first and last instant in `timeZone` and answers within them without
 * formatting (every request asks what today is, often several times).
 */
export function dayCounter(timeZone: string): (instant: Date | number) => string {
  let from = 0;
  let to = 0;
  let day = '';
  return (instant) => {
    const t = instant instanceof Date ? instant.getTime() : instant;
    if (t >= from && t < to) return day;
    day = businessDay(t, timeZone);
    from = dayStart(day, timeZone).getTime();
    to = dayEnd(day, timeZone).getTime();
    return day;
  };
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at an instant, in ms (-5 h in New York in winter). */
function zoneOffsetMs(at: number, timeZone: string): number {
  let f = clockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    clockFormats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - (at - (at % 1000));
}

/** A zone's offsets from UTC through one year: noon UTC on the first of each month, in minutes with Date#getTimezoneOffset's sign. */
export interface ZoneOffsets {
  year: number;
  /** Twelve: 300 for New York in January, 240 in July; -330 for Kolkata all year. */
  minutes: number[];
}

const yearOffsets = new Map<string, ZoneOffsets>();

/**
 * `timeZone`'s offsets through `year` (ZoneOffsets). A browser whose own clock has the same
 * offsets at those instants shows times of day as that zone does, and need not load its zone data
 * to learn its zone's name (30 ms while a page hydrates, decision 0081).
 */
export function zoneOffsetsOfYear(timeZone: string, year: number): ZoneOffsets {
  const key = `${timeZone} ${year}`;
  let offsets = yearOffsets.get(key);
  if (!offsets) {
    // `0 -`, not a minus sign: UTC's offset is 0, as the browser says, not -0.
    const minutes = Array.from(
      { length: 12 },
      (_, month) => 0 - Math.round(zoneOffsetMs(Date.UTC(year, month, 1, 12), timeZone) / 60_000),
    );
    offsets = { year, minutes };
    yearOffsets.set(key, offsets);
  }
  return offsets;
}

/**
 * The first instant of a day ('YYYY-MM-DD') in `timeZone`: 2026-11-28 begins at 05:00 UTC in New
 * York (EST), 2026-07-04 at 04:00 UTC (EDT). What "returned today" and "checked in today" count from.
 */
export function dayStart(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) throw new RangeError(`not a day: ${day}`);
  // The zone's offset at its midnight; asked twice, as the first guess may sit across a DST change.
  const guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffsetMs(guess, timeZone));
}

/** The instant a day ('YYYY-MM-DD') is over in `timeZone`: the next day's first instant. */
export function dayEnd(day: string, timeZone: string): Date {
  return dayStart(addDays(day, 1), timeZone);
}

/**
 * The cookie a member's browser keeps its IANA zone in (the web's lib/time-zone.ts writes it), so
 * the server renders times of day in her zone, as her browser will.
 */
export const TIME_ZONE_COOKIE = 'tz';

/** The zone named by a request's Cookie header, if it is a real one. */
export function timeZoneFromCookie(cookieHeader: string | null | undefined): string | null {
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '');
  if (!match) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isTimeZone(zone) ? zone : null;
}
