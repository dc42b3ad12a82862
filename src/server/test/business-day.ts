import { addDays } from '../../domain/calendar';
import { businessDay, DEFAULT_BUSINESS_TIME_ZONE } from '../../domain/business-day';

/**
 * The business's day `days` from today, as the test apps count it (they run with the default
 * BUSINESS_TIME_ZONE, America/New_York: decision 0047), never the UTC date of the test's clock,
 * which is the next day every evening from 7 or 8 pm in New York.
 */
export function businessDayFromToday(days = 0, now: number = Date.now()): string {
  return addDays(businessDay(now, DEFAULT_BUSINESS_TIME_ZONE), days);
}
