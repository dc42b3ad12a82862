import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { addDays, RENTAL_DAYS } from '@domain/catalogue.rules';
import type { PickupOption } from '@domain/plans.rules';
import { daysBetween, MAX_RENTAL_DAYS } from '@domain/rentals.rules';
import { Button } from '../../../components/ui/button';
import { dayOfPicker, formatDate, pickerDate } from '../../../lib/calendar-day';
import { useItemCalendar } from '../api/get-calendar';
import { nextRange, type RangeDraft } from '../lib/next-range';
import { DatesSummary } from './dates-summary';
import { onIntent } from '../../../lib/intent';

// The calendar (react-day-picker) loads when first needed.
const loadCalendar = () => import('./booking-calendar');
const BookingCalendar = lazy(loadCalendar);

/** A booking's dates: the first day and the day it goes back (end exclusive). */
export interface Range {
  from: string;
  to: string;
}

/**
 * The booking panel's dates: a button showing them, and a calendar in a popover where a click
 * picks the start (and a second the end), days with no free unit of the size greyed out.
 */
export function DatesPicker({
  waitlist,
  range,
  today,
  latest,
  itemId,
  size,
  delivery,
  days,
  takenIn,
  onChange,
}: {
  /** Sold-out days can be chosen, to join the waitlist for them. */
  waitlist: boolean;
  range: Range | null;
  today: string;
  latest: string;
  itemId: number;
  size: string;
  delivery: PickupOption;
  days: number;
  takenIn: { date: string; free: boolean }[] | undefined;
  onChange: (r: Range) => void;
}) {
  const [open, setOpen] = useState(false);
  // Her clicks in the open calendar (nextRange: a click picks the start); applied by "Use these dates".
  const [draft, setDraft] = useState<RangeDraft | null>(null);
  // The calendar's later months ask for their own window of days (62 at a time).
  const [windowFrom, setWindowFrom] = useState<string | null>(null);
  const later = useItemCalendar(
    windowFrom
      ? {
          itemId,
          size,
          delivery,
          days: Math.min(Math.max(days, 1), MAX_RENTAL_DAYS),
          from: windowFrom,
        }
      : null,
  );
  const taken = new Set([...(takenIn ?? []), ...(later.data?.dates ?? [])].filter((d) => !d.free).map((d) => d.date));
  const shown = draft?.range ?? range;
  const selected = shown ? { from: pickerDate(shown.from), to: pickerDate(shown.to) } : undefined;
  const last = pickerDate(addDays(latest, RENTAL_DAYS));

  return (
    <div>
      <Popover.Root
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setDraft(null);
        }}
      >
        <Popover.Trigger asChild>
          <Button
            variant="subtle"
            className="h-auto min-h-11 justify-start gap-3 px-4 py-2 text-left"
            {...onIntent(loadCalendar)}
          >
            <CalendarDays aria-hidden="true" />
            <span className="text-sm" data-testid="booking-dates">
              {range ? (
                <>
                  <time dateTime={range.from}>{formatDate(range.from)}</time> –{' '}
                  <time dateTime={range.to}>{formatDate(range.to)}</time>
                  <span className="text-stone"> · {daysBetween(range.from, range.to)} days</span>
                </>
              ) : (
                'Choose dates'
              )}
            </span>
          </Button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 max-h-(--radix-popover-content-available-height) max-w-[calc(100vw-1rem)] overflow-y-auto overscroll-contain rounded-md border border-linen bg-ivory p-4 shadow-lift"
          >
            <Suspense
              fallback={
                <div className="grid h-72 w-64 place-items-center" role="status" aria-label="Loading the calendar" />
              }
            >
              <BookingCalendar
                months={1}
                selected={selected}
                first={pickerDate(today)}
                last={last}
                isTaken={(d) => taken.has(dayOfPicker(d))}
                soldOutPickable={waitlist}
                onMonthChange={(month) => {
                  const start = dayOfPicker(month);
                  setWindowFrom(start > today ? start : null);
                }}
                onDayClick={(day) => {
                  const next = nextRange(draft ?? (range ? { range, awaitingEnd: false } : null), dayOfPicker(day), {
                    defaultDays: RENTAL_DAYS,
                    maxDays: MAX_RENTAL_DAYS,
                  });
                  if (next.range.from <= latest) setDraft(next);
                }}
              />
            </Suspense>
            {draft && (
              <DatesSummary
                draft={draft}
                itemId={itemId}
                size={size}
                delivery={delivery}
                onConfirm={() => {
                  onChange(draft.range);
                  setOpen(false);
                  setDraft(null);
                }}
              />
            )}
            <p className="mt-2 max-w-72 text-xs text-stone">
              {draft ? '' : 'Pick the day it starts (and then, if you like, the day it goes back). '}
              {waitlist ? '' : `Greyed-out days have no ${size} free. `}A rental starts within{' '}
              {daysBetween(today, latest)} days.
            </p>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
