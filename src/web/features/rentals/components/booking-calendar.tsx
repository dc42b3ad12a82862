import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import '../../../components/ui/calendar.css';

/**
 * The booking's range calendar (loaded when its popover first opens): days before `first` or
 * after `last` cannot be picked, nor days `isTaken` (no free unit of the size that day). It shows
 * `selected`; what a click on a day does is the caller's (`onDayClick`: the booking panel's
 * nextRange), not react-day-picker's range rule, which made a click after the range its end.
 */
export default function BookingCalendar({
  months,
  selected,
  first,
  last,
  isTaken,
  onDayClick,
  onMonthChange,
}: {
  months: number;
  selected: DateRange | undefined;
  first: Date;
  last: Date;
  isTaken: (day: Date) => boolean;
  onDayClick: (day: Date) => void;
  onMonthChange: (month: Date) => void;
}) {
  return (
    <DayPicker
      mode="range"
      numberOfMonths={months}
      disabled={[{ before: first }, { after: last }, isTaken]}
      // "Today" is the business's (the first day that can be picked), not the browser's own date.
      today={first}
      startMonth={first}
      endMonth={last}
      selected={selected}
      defaultMonth={selected?.from ?? first}
      onSelect={(_range, day) => onDayClick(day)}
      onMonthChange={onMonthChange}
      excludeDisabled
      className="rentique-calendar"
    />
  );
}
