/**
 * The web's date adapter (issue 32; decision 0047). A day is the business's 'YYYY-MM-DD': "today"
 * is the day in its zone (BUSINESS_TIME_ZONE, src/domain/business-day.ts: useBusinessToday, the
 * same on the server and in any browser), and days are counted and added as calendar days
 * (@domain/calendar), never through the browser's clock. A date picker (react-day-picker) draws
 * days as Dates at the browser's local midnight: these two are the only crossing between the two,
 * for the booking panel, the browse dates and the styling appointment. A day is shown with
 * formatDate ('Nov 29, 2026'), read as a calendar date whatever her zone.
 */

/** The picker's Date for a day: its local midnight ('2026-11-29' -> Nov 29 00:00 here). */
export function pickerDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** The day a picker's Date stands for (its local calendar date, whatever the time). */
export function dayOfPicker(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export { useBusinessToday } from './time-zone';
export { formatDate } from './format';
