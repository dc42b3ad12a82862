import { DayPicker, labelDayButton, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import '../../../components/ui/calendar.css';

/** What a sold-out day says to a screen reader, after its date. */
export const SOLD_OUT_DAY_LABEL = 'sold out, join the waitlist';

/**
 * The booking's range calendar (loaded when its popover first opens): days before `first` or
 * after `last` cannot be picked. Days `isTaken` (no free unit of the size from that day) are
 * marked sold out, unlike past days: with `soldOutPickable` she may choose them, and the booking
 * panel offers 'Join the waitlist' for those dates; without it (a member's piece, which has no
 * waitlist) they cannot be picked. It shows `selected`; what a click on a day does is the
 * caller's (`onDayClick`: the booking panel's nextRange), not react-day-picker's range rule,
 * which made a click after the range its end.
 */
export default function BookingCalendar({
  months,
  selected,
  first,
  last,
  isTaken,
  soldOutPickable = false,
  onDayClick,
  onMonthChange,
}: {
  months: number;
  selected: DateRange | undefined;
  first: Date;
  last: Date;
  isTaken: (day: Date) => boolean;
  soldOutPickable?: boolean;
  onDayClick: (day: Date) => void;
  onMonthChange: (month: Date) => void;
}) {
  return (
    <>
      <DayPicker
        mode="range"
        numberOfMonths={months}
        disabled={
          soldOutPickable ? [{ before: first }, { after: last }] : [{ before: first }, { after: last }, isTaken]
        }
        modifiers={{ soldOut: (day) => day >= first && day <= last && isTaken(day) }}
        modifiersClassNames={{ soldOut: 'rdp-sold_out' }}
        labels={{
          labelDayButton: (date, modifiers, options, dateLib) =>
            `${labelDayButton(date, modifiers, options, dateLib)}${modifiers.soldOut ? `, ${SOLD_OUT_DAY_LABEL}` : ''}`,
        }}
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
      {soldOutPickable && (
        <p className="mt-2 flex items-center gap-2 text-xs text-taupe" data-testid="sold-out-legend">
          <span aria-hidden="true" className="rentique-sold-out-swatch" />
          Sold out: choose these days to join the waitlist
        </p>
      )}
    </>
  );
}
