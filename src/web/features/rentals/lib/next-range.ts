import { addDays } from '@domain/catalogue.rules';
import { daysBetween } from '@domain/rentals.rules';

/** A booking's dates: she has the piece from `from` and sends it back on `to`. */
export interface PickedRange {
  from: string;
  to: string;
}

/** The dates being chosen in the booking calendar, and what her next click on a day will set. */
export interface RangeDraft {
  range: PickedRange;
  /** True right after she picked a start: a click on a later day is the return date. */
  awaitingEnd: boolean;
}

/**
 * What a click on `day` does to the booking calendar's dates (docs/product.md "Renting"). A click
 * picks the START, whatever range is shown (the default week, dates from the URL, her last choice):
 * the new range starts that day and keeps the length shown (the default week unless she chose
 * another), so one click is a whole booking. Right after a start, a click on a later day is the
 * return date (at most `maxDays` after the start); a click on the start or an earlier day starts
 * again there. Nothing is booked by a click: the panel shows the dates and their total, and she
 * confirms them.
 */
export function nextRange(
  current: RangeDraft | null,
  day: string,
  opts: { defaultDays: number; maxDays: number },
): RangeDraft {
  if (current?.awaitingEnd && day > current.range.from) {
    const to = daysBetween(current.range.from, day) > opts.maxDays ? addDays(current.range.from, opts.maxDays) : day;
    return { range: { from: current.range.from, to }, awaitingEnd: false };
  }
  const shown = current ? daysBetween(current.range.from, current.range.to) : opts.defaultDays;
  const days = Math.min(Math.max(shown, 1), opts.maxDays);
  return { range: { from: day, to: addDays(day, days) }, awaitingEnd: true };
}
