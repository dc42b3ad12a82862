import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { addDays, isIsoDate, RENTAL_DAYS } from '@domain/catalogue.rules';
import type { PickupOption } from '@domain/plans.rules';
import { daysBetween, latestStartDate, MAX_RENTAL_DAYS, RENTAL_MESSAGES } from '@domain/rentals.rules';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { DeliveryChoice, useDeliveryAddress, useStudios } from '../../delivery';
import { usePickupOption } from '../../plans';
import { useItemCalendar } from '../api/get-calendar';
import { useQuote } from '../api/get-quote';
import { nextRange, type RangeDraft } from '../lib/next-range';
import { AddToCartButton } from './add-to-cart';
import { BookingTotal } from './booking-total';
import { DatesSummary } from './dates-summary';
import { JoinWaitlistButton } from '../../waitlist';
import { useBusinessToday } from '../../../lib/time-zone';
import { dayOfPicker, pickerDate } from '../../../lib/calendar-day';

// The calendar (react-day-picker) loads when first needed.
const loadCalendar = () => import('./booking-calendar');
const BookingCalendar = lazy(loadCalendar);

interface Range {
  from: string;
  to: string;
}

interface BookingPanelProps {
  itemId: number;
  /** The size chosen above the panel (the calendar and the total need one). */
  size: string | null;
  /** Dates carried in the URL (?from=&to=, from /browse or back from /credit-card). */
  urlFrom?: string | null | undefined;
  urlTo?: string | null | undefined;
  /** 'Add to Cart' on /item/{id}, 'Rent Now' on the static pages. */
  label?: string;
  buttonClassName?: string;
  rowClassName?: string;
  /** Further actions in the button's row (wishlist, share). */
  children?: ReactNode;
  /** The piece's sizes: with more than one, a second may be held as a backup at no charge (decision 0034). */
  sizes?: readonly string[] | undefined;
  /**
   * Another button in Add to Cart's place, given the booking chosen here (a member's piece is
   * requested instead: the lending feature's 'Request to book', decision 0035).
   */
  action?: (booking: ChosenBooking) => ReactNode;
}

/** What the panel has chosen, for a button that books it another way. */
export interface ChosenBooking {
  size: string | null;
  startDate: string | undefined;
  endDate: string | undefined;
  delivery: PickupOption;
  studioId: number | undefined;
  addCardHref: string | null;
}

/**
 * The item page's booking (docs/product.md, Renting; decision 0030): the dates (7 days from the
 * first free day, or those from the URL; a calendar that greys out days with no free unit of the
 * size), delivery to her address or pickup at a studio, the total for those dates ("Included in
 * your plan" within a plan) and Add to Cart, which reads 'Add a card to rent' without a card.
 */
export function BookingPanel({
  itemId,
  size,
  urlFrom,
  urlTo,
  label,
  buttonClassName,
  rowClassName,
  children,
  action,
  sizes,
}: BookingPanelProps) {
  const { data: session } = useSession();
  const pickup = usePickupOption({ enabled: !!session });
  const [chosenDelivery, setDelivery] = useState<PickupOption | null>(null);
  const delivery: PickupOption = chosenDelivery ?? pickup.data?.option ?? 'online';
  const studios = useStudios(delivery === 'in-store');
  const [chosenStudio, setStudio] = useState<number | null>(null);
  const studioId = chosenStudio ?? pickup.data?.studioId ?? studios.data?.studios[0]?.id ?? null;
  const [chosen, setChosen] = useState<Range | null>(null);
  const [chosenBackup, setBackup] = useState<string>('');
  const backupOptions = (sizes ?? []).filter((s) => s !== size);
  const backupSize = chosenBackup && chosenBackup !== size ? chosenBackup : null;

  const fromUrl: Range | null =
    urlFrom && urlTo && isIsoDate(urlFrom) && isIsoDate(urlTo) && urlTo > urlFrom ? { from: urlFrom, to: urlTo } : null;
  const days = chosen
    ? daysBetween(chosen.from, chosen.to)
    : fromUrl
      ? daysBetween(fromUrl.from, fromUrl.to)
      : RENTAL_DAYS;
  const calendar = useItemCalendar(
    size
      ? {
          itemId,
          size,
          delivery,
          days: Math.min(Math.max(days, 1), MAX_RENTAL_DAYS),
        }
      : null,
  );
  const businessToday = useBusinessToday();
  const today = calendar.data?.today ?? businessToday;
  const latest = calendar.data?.latestStartDate ?? latestStartDate(today);
  // Dates in the URL that have passed (or lie beyond the booking window) are dropped, with a note.
  const urlUsable = fromUrl && fromUrl.from >= today && fromUrl.from <= latest ? fromUrl : null;
  const urlDropped =
    fromUrl && !urlUsable ? (fromUrl.from < today ? RENTAL_MESSAGES.pastDates : RENTAL_MESSAGES.beyondHorizon) : null;
  const first = calendar.data?.firstFreeStart;
  const range: Range | null = chosen ?? urlUsable ?? (first ? { from: first, to: addDays(first, RENTAL_DAYS) } : null);

  const quote = useQuote(size && range ? { itemId, size, startDate: range.from, endDate: range.to, delivery } : null);
  const q = quote.data;
  // Back from /credit-card to this piece with its dates and size.
  const returnTo =
    range && size
      ? `${paths.item(itemId)}?from=${range.from}&to=${range.to}&size=${encodeURIComponent(size)}`
      : paths.item(itemId);
  const addCardHref = q?.refusal?.code === 'CARD_REQUIRED' ? paths.creditCardManageFrom(returnTo) : null;
  const address = useDeliveryAddress(!!session && delivery === 'online');
  // Sold out for her dates (or for weeks): she may wait for a unit of the size for those dates.
  const soldOutRange = !size
    ? null
    : q?.refusal?.code === 'SOLD_OUT' && range
      ? range
      : calendar.data && !first && !range
        ? (urlUsable ?? { from: today, to: addDays(today, RENTAL_DAYS) })
        : null;

  return (
    <div className="space-y-6">
      <section
        aria-label="Your booking"
        className="divide-y divide-linen rounded-md border border-linen bg-ivory shadow-soft"
      >
        <div className="p-5">
          <p className="eyebrow mb-2">Rental dates</p>
          {!size ? (
            <p className="text-sm text-taupe">Choose your size to see the free dates and the total.</p>
          ) : calendar.isPending && !range ? (
            <Skeleton className="h-11 w-64" />
          ) : (
            <DatesPicker
              waitlist={!action}
              range={range}
              today={today}
              latest={latest}
              itemId={itemId}
              size={size}
              delivery={delivery}
              days={days}
              takenIn={calendar.data?.dates}
              onChange={setChosen}
            />
          )}
          {urlDropped && !chosen && (
            <p role="status" className="mt-3 text-sm text-clay">
              {urlDropped}
            </p>
          )}
          {size && calendar.data && !first && !range && (
            <p className="mt-3 text-sm text-danger">{RENTAL_MESSAGES.soldOut} in the coming weeks.</p>
          )}
        </div>

        <DeliveryChoice
          delivery={delivery}
          onDelivery={setDelivery}
          signedIn={!!session}
          address={address.data?.address ?? null}
          addressLoading={address.isPending && !!session && delivery === 'online'}
          studios={studios.data?.studios}
          studioId={studioId}
          onStudio={setStudio}
        />

        {backupOptions.length > 0 && size && (
          <BackupSizeChoice options={backupOptions} value={backupSize ?? ''} onChange={setBackup} />
        )}

        <div className="p-5" aria-live="polite">
          <BookingTotal
            quote={q}
            loading={!!size && !!range && quote.isPending}
            failed={quote.isError ? quote.error.message : null}
            requested={!!action}
          />
        </div>
      </section>

      <div className={cn('flex flex-col gap-3 sm:flex-row', rowClassName)}>
        {action ? (
          action({
            size,
            startDate: range?.from,
            endDate: range?.to,
            delivery,
            studioId: studioId ?? undefined,
            addCardHref,
          })
        ) : soldOutRange && session && size ? (
          <JoinWaitlistButton
            itemId={itemId}
            itemSize={size as never}
            startDate={soldOutRange.from}
            endDate={soldOutRange.to}
            className={buttonClassName ?? 'shrink-0 sm:flex-1'}
          />
        ) : (
          <AddToCartButton
            itemId={itemId}
            selectedSize={size}
            startDate={range?.from}
            endDate={range?.to}
            delivery={delivery}
            studioId={studioId ?? undefined}
            addCardHref={addCardHref}
            className={buttonClassName ?? 'shrink-0 sm:flex-1'}
            {...(label ? { label } : {})}
            backupSize={backupSize}
          />
        )}
        {children}
      </div>
    </div>
  );
}

/** A second size held with hers at no charge: it ships with it and both come back together (decision 0034). */
function BackupSizeChoice({
  options,
  value,
  onChange,
}: {
  options: readonly string[];
  value: string;
  onChange: (size: string) => void;
}) {
  const id = useId();
  return (
    <div className="p-5">
      <label htmlFor={id} className="eyebrow mb-2 block">
        Backup size
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="select-chevron h-11 w-full max-w-64 appearance-none rounded-sm border border-linen bg-ivory bg-[length:12px] bg-[right_0.9rem_center] bg-no-repeat px-3.5 pr-9 text-[0.95rem] text-ink focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none"
        aria-describedby={`${id}-hint`}
      >
        <option value="">No backup size</option>
        {options.map((s) => (
          <option key={s} value={s}>
            Size {s}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-2 text-xs text-stone">
        Not sure of the fit? We hold a second size for the same dates at no charge; it ships with the first and both
        come back together.
      </p>
    </div>
  );
}

function DatesPicker({
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
            onPointerEnter={() => void loadCalendar()}
            onFocus={() => void loadCalendar()}
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
