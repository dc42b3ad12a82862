/** Cents as dollars: money's one owner is src/domain/money.ts (issue 32). */
export { formatCents, formatCount } from '@domain/money';

/** "2026-11-29" -> "Nov 29, 2026", read as a calendar date (no time-zone shift); the calendar owns it. */
import { formatDay } from '@domain/calendar';

export { formatDay as formatDate };

/**
 * An instant (a timestamp) as a time of day in `timeZone`: "Nov 29, 2026, 9:00 PM" ("Nov 29, 9:00 PM"
 * without the year). The zone is the one useTimeZone() gives (lib/time-zone.ts): the server and the
 * browser format with the same one, so the page hydrates without a mismatch (decision 0047).
 */
export function formatDateTime(iso: string, timeZone: string, opts: { year?: boolean } = {}): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(opts.year === false ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
}

/** The day an instant falls on in `timeZone`, "Nov 28, 2026" (formatDate is for dates without a time). */
export function formatInstantDate(iso: string, timeZone: string): string {
  if (iso.length <= 10) return formatDay(iso);
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
}
