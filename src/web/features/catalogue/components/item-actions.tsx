import { Minus, Plus, Share2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { CatalogueItem } from '@domain/catalogue';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { WishlistButton } from '../../match';
import { AddToCartButton } from '../../rentals';

/** Shares the page: the Web Share API where there is one, else the link goes to the clipboard. */
export async function shareItem(item: Pick<CatalogueItem, 'name' | 'brand'>, url: string = window.location.href): Promise<void> {
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
 * The item page's actions: size, quantity (minimum 1), Add to Cart, Add to Wishlist and Share.
 * Kept simple on purpose: the rentals feature wires Add to Cart (it gets the size, quantity and
 * the dates from /browse), the favourites feature wires Add to Wishlist.
 */
export function ItemActions({ item, from, to }: { item: CatalogueItem; from?: string | undefined; to?: string | undefined }) {
  const [size, setSize] = useState<string | null>(item.sizes.length === 1 ? item.sizes[0]! : null);
  const [quantity, setQuantity] = useState(1);

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-2.5 text-[0.8rem] font-medium tracking-wide text-taupe">Size</legend>
        <div className="flex flex-wrap gap-2">
          {item.sizes.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={size === s}
              onClick={() => setSize(s)}
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

      <div>
        <p id="quantity-label" className="mb-2.5 text-[0.8rem] font-medium tracking-wide text-taupe">
          Quantity
        </p>
        <div className="inline-flex items-center rounded-sm border border-linen bg-ivory" role="group" aria-labelledby="quantity-label">
          <Button variant="ghost" size="icon" className="rounded-none" aria-label="Decrease quantity" disabled={quantity <= 1} onClick={() => setQuantity((q) => Math.max(1, q - 1))}>
            <Minus aria-hidden="true" />
          </Button>
          <output className="w-10 text-center text-sm font-medium" aria-live="polite" aria-label="Quantity">
            {quantity}
          </output>
          <Button variant="ghost" size="icon" className="rounded-none" aria-label="Increase quantity" onClick={() => setQuantity((q) => q + 1)}>
            <Plus aria-hidden="true" />
          </Button>
        </div>
      </div>

      {/* flex-1 only in the row: in the phone's column a zero flex-basis squeezed the buttons to their text (23 px). */}
      <div className="flex flex-col gap-3 sm:flex-row">
        <AddToCartButton itemId={item.id} selectedSize={size} startDate={from} endDate={to} className="shrink-0 sm:flex-1" />
        <WishlistButton itemId={item.id} itemName={item.name} size="lg" className="shrink-0 sm:flex-1" />
        <Button size="lg" variant="subtle" onClick={() => void shareItem(item)}>
          <Share2 aria-hidden="true" />
          Share
        </Button>
      </div>
    </div>
  );
}
