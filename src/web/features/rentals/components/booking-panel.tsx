import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { addDays, isIsoDate, isSize, RENTAL_DAYS } from '@domain/catalogue.rules';
import type { PickupOption } from '@domain/plans.rules';
import { daysBetween, latestStartDate, MAX_RENTAL_DAYS, RENTAL_MESSAGES } from '@domain/rentals.rules';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { DeliveryChoice, useDeliveryAddress, useStudios } from '../../delivery';
import { usePickupOption } from '../../plans';
import { useItemCalendar } from '../api/get-calendar';
import { useQuote } from '../api/get-quote';
import { AddToCartButton } from './add-to-cart';
import { BackupSizeChoice } from './backup-size-choice';
import { DatesPicker, type Range } from './dates-picker';
import { BookingTotal } from './booking-total';
import { JoinWaitlistButton } from '../../waitlist';
import { isCodeRefusal, PromoCodeField, readCode } from '../../offers';
import { useBusinessToday } from '../../../lib/time-zone';

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
  /** Further actions in the button's row (Add to Wishlist, share). */
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
  // A promo code (decision 0056): applied here, or carried in the URL by the field's form before the app ran.
  const [searchParams] = useSearchParams();
  const urlCode = searchParams.get('code');
  const [chosenCode, setCode] = useState<string | null | undefined>(undefined);
  const fromUrlCode = urlCode ? readCode(urlCode) : null;
  const code = chosenCode !== undefined ? chosenCode : fromUrlCode && 'code' in fromUrlCode ? fromUrlCode.code : null;
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

  const quote = useQuote(
    size && range
      ? { itemId, size, startDate: range.from, endDate: range.to, delivery, code: code ?? undefined }
      : null,
  );
  const q = quote.data;
  // A code that cannot apply is said at its field; the total shows the price without it.
  const codeProblem = code && q?.refusal && isCodeRefusal(q.refusal.code) ? q.refusal.message : null;
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

        {/* A member's piece is requested, not booked here: no offer applies to it. */}
        {!action && session && (
          <div className="p-5">
            <PromoCodeField
              action={paths.item(itemId)}
              keep={{ size: size ?? undefined, from: range?.from, to: range?.to }}
              applied={code}
              problem={codeProblem}
              note={code ? (q?.discountNote ?? null) : null}
              onApply={setCode}
              onRemove={() => setCode(null)}
            />
          </div>
        )}
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
        ) : soldOutRange && session && size && isSize(size) ? (
          <JoinWaitlistButton
            itemId={itemId}
            itemSize={size}
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
            code={code}
          />
        )}
        {children}
      </div>
    </div>
  );
}
