import { DayPicker, type DateRange } from 'react-day-picker';
import { RENTAL_DAYS } from '@domain/catalogue.rules';
import { MAX_BOOKING_AHEAD_DAYS } from '@domain/rentals.rules';
import { pickerDate, useBusinessToday } from '../../../lib/calendar-day';
import 'react-day-picker/style.css';
import '../../../components/ui/calendar.css';

/**
 * The range calendar of the rental-dates popover: past days disabled, from this month on, and
 * nothing beyond a week-long rental starting on the last day a booking may start (90 days ahead).
 */
export default function RangeCalendar({
  months,
  selected,
  onSelect,
}: {
  months: number;
  selected: DateRange | undefined;
  onSelect: (range: DateRange | undefined) => void;
}) {
  // The business's today (decision 0047), as a local midnight like the calendar's days.
  const today = pickerDate(useBusinessToday());
  const last = new Date(today);
  last.setDate(last.getDate() + MAX_BOOKING_AHEAD_DAYS + RENTAL_DAYS);
  return (
    <DayPicker
      mode="range"
      numberOfMonths={months}
      disabled={[{ before: today }, { after: last }]}
      startMonth={today}
      endMonth={last}
      selected={selected}
      defaultMonth={selected?.from ?? today}
      onSelect={onSelect}
      className="rentique-calendar"
    />
  );
}
