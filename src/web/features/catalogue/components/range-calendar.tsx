import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import './calendar.css';

/** The range calendar of the rental-dates popover: past days disabled, from this month on. */
export default function RangeCalendar({ months, selected, onSelect }: { months: number; selected: DateRange | undefined; onSelect: (range: DateRange | undefined) => void }) {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return (
    <DayPicker
      mode="range"
      numberOfMonths={months}
      disabled={{ before: today }}
      startMonth={today}
      selected={selected}
      defaultMonth={selected?.from ?? today}
      onSelect={onSelect}
      className="rentique-calendar"
    />
  );
}
