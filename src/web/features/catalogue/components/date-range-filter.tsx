import { CalendarDays, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { RENTAL_DAYS } from '@domain/catalogue.rules';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { rangeFromPicker } from '../lib/browse-params';
import { useMediaQuery } from '../lib/use-media-query';
import { dayOfPicker, pickerDate } from '../../../lib/calendar-day';
import { onIntent } from '../../../lib/intent';

// The calendar (react-day-picker and its styles) loads when the popover first opens.
const loadCalendar = () => import('./range-calendar');
const RangeCalendar = lazy(loadCalendar);

/**
 * The rental dates: a calendar in a popover (past days disabled; one month on phones, two on
 * desktop). Choosing a range filters the list to pieces free for it.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from?: string | undefined;
  to?: string | undefined;
  onChange: (range: { from: string; to: string } | null) => void;
}) {
  const desktop = useMediaQuery('(min-width: 768px)');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRange | undefined>(undefined);
  const selected: DateRange | undefined =
    draft ?? (from && to ? { from: pickerDate(from), to: pickerDate(to) } : undefined);
  const label = from && to ? `${formatDate(from)} – ${formatDate(to)}` : 'Any dates';

  return (
    <div className="flex items-center gap-2">
      <Popover.Root
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setDraft(undefined);
        }}
      >
        <Popover.Trigger asChild>
          {/* Fetching starts on intent (hover or focus), so the calendar is usually there on click. */}
          <Button variant="subtle" className="justify-start gap-3 px-4" {...onIntent(loadCalendar)}>
            <CalendarDays aria-hidden="true" />
            <span className="text-left">
              <span className="block text-[0.65rem] tracking-[0.18em] text-stone uppercase">Rental dates</span>
              <span className="block text-sm">{label}</span>
            </span>
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={8}
            className="z-50 rounded-md border border-linen bg-ivory p-4 shadow-lift"
          >
            <Suspense
              fallback={
                <div className="grid h-72 w-64 place-items-center" role="status" aria-label="Loading the calendar" />
              }
            >
              <RangeCalendar
                months={desktop ? 2 : 1}
                selected={selected}
                onSelect={(range) => {
                  setDraft(range);
                  if (range?.from && range.to && range.to > range.from) {
                    onChange(rangeFromPicker(dayOfPicker(range.from), dayOfPicker(range.to), RENTAL_DAYS));
                    setOpen(false);
                    setDraft(undefined);
                  }
                }}
              />
            </Suspense>
            <p className="mt-2 max-w-72 text-xs text-stone">
              Pick the day it arrives and the day it goes back. One rental is {RENTAL_DAYS} days.
            </p>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {from && to && (
        <Button variant="ghost" size="icon" aria-label="Clear rental dates" onClick={() => onChange(null)}>
          <X aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
