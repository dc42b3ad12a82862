import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { CatalogueItem } from '@domain/catalogue';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { FavoriteButton } from '../../match';
import { RequestToBookButton } from '../../lending';
import { BookingPanel } from '../../rentals';
import { BookingTermsNote, useInstantBookOffer } from '../../protection';

/** Shares the page: the Web Share API where there is one, else the link goes to the clipboard. */
export async function shareItem(
  item: Pick<CatalogueItem, 'name' | 'brand'>,
  url: string = window.location.href,
): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: item.name, text: `${item.name} by ${item.brand} on Rentique`, url });
      return;
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return; // the member closed the sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied', { description: 'Paste it anywhere to share this piece.' });
  } catch {
    toast.error('Error', { description: 'Could not copy the link. Copy it from the address bar instead.' });
  }
}

/**
 * The item page's actions: size, then the booking (dates, delivery, total, Add to Cart; the
 * rentals feature), Add to Wishlist and Share. One rental is one piece: there is no quantity
 * (decision 0037). The size may come from the URL (?size=, back from adding a card).
 */
export function ItemActions({
  item,
  from,
  to,
  initialSize,
}: {
  item: CatalogueItem;
  from?: string | null | undefined;
  to?: string | null | undefined;
  initialSize?: string | null | undefined;
}) {
  // Decision 0068: 'Book instantly' when the lender offers it and she meets its rule.
  const instant = useInstantBookOffer(item.id);
  const [size, setSize] = useState<string | null>(
    item.sizes.length === 1
      ? item.sizes[0]!
      : initialSize && (item.sizes as string[]).includes(initialSize)
        ? initialSize
        : null,
  );

  return (
    <div className="space-y-6">
      {/* Before the app runs a size button loads this page with ?size= (a GET form keeping the dates): Add to Cart's form then sends it. */}
      <form method="get">
        {from && <input type="hidden" name="from" value={from} />}
        {to && <input type="hidden" name="to" value={to} />}
        <fieldset>
          <legend className="mb-2.5 text-[0.8rem] font-medium tracking-wide text-taupe">Size</legend>
          <div className="flex flex-wrap gap-2">
            {item.sizes.map((s) => (
              <button
                key={s}
                type="submit"
                name="size"
                value={s}
                aria-pressed={size === s}
                onClick={(event) => {
                  event.preventDefault();
                  setSize(s);
                }}
                className={cn(
                  'h-11 min-w-12 cursor-pointer rounded-sm border px-3 text-sm transition-colors',
                  size === s ? 'border-ink bg-ink text-ivory' : 'border-linen bg-ivory text-ink hover:border-ink',
                )}
              >
                {s}
              </button>
            ))}
          </div>
        </fieldset>
      </form>

      {/* flex-1 only in the row: in the phone's column a zero flex-basis squeezed the buttons to their text (23 px). */}
      <BookingPanel
        itemId={item.id}
        size={size}
        urlFrom={from}
        urlTo={to}
        sizes={item.sizes}
        // A member's piece she lends herself is requested (the lender accepts within 48 hours); one
        // Rentique looks after (the 'managed' tag, decision 0062) is booked at once like a house piece.
        {...(item.fromMember && !item.tags.includes('managed')
          ? {
              action: (booking) => (
                <RequestToBookButton
                  itemId={item.id}
                  itemName={item.name}
                  booking={booking}
                  className="shrink-0 sm:flex-1"
                  instant={instant}
                >
                  <BookingTermsNote itemId={item.id} />
                </RequestToBookButton>
              ),
            }
          : {})}
      >
        <FavoriteButton itemId={item.id} itemName={item.name} size="lg" className="shrink-0 sm:flex-1" />
        <Button size="lg" variant="subtle" onClick={() => void shareItem(item)}>
          <Share2 aria-hidden="true" />
          Share
        </Button>
      </BookingPanel>
    </div>
  );
}
