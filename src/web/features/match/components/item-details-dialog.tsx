import { Heart, X } from 'lucide-react';
import type { MatchItem } from '@domain/match';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { CatalogueRatingsNote, RatingSummary } from '../../../components/ui/stars';
import { formatCents } from '../../../lib/format';
import { ItemImage } from '../../../components/item/item-image';

/** The card's details: rating, sizes, materials, care, and the two decisions. */
export function ItemDetailsDialog({
  item,
  open,
  onOpenChange,
  onSkip,
  onLove,
  disabled,
}: {
  item: MatchItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSkip: () => void;
  onLove: () => void;
  disabled?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={item.name} className="max-w-2xl">
        <div className="mt-5 grid gap-6 sm:grid-cols-[0.8fr_1.2fr]">
          <ItemImage
            src={item.imageUrl}
            alt={item.imageAlt}
            className="hidden aspect-[4/5] self-start rounded-md sm:block"
          />
          <div className="space-y-5">
            <div>
              <p className="eyebrow">{item.brand}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-taupe">
                <RatingSummary rating={item.rating} reviewCount={item.reviewCount} />
                {item.isNew && <Badge tone="ink">New</Badge>}
              </div>
              <CatalogueRatingsNote item={item} className="mt-1" />
              <p className="mt-3 text-sm">
                <span className="font-semibold">{formatCents(item.rentalPriceCents)}</span> / week
                <span className="text-taupe"> · Retail value {formatCents(item.retailPriceCents)}</span>
              </p>
            </div>
            {item.description && <p className="text-sm leading-relaxed text-taupe">{item.description}</p>}
            <dl className="space-y-4 text-sm">
              <div>
                <dt className="eyebrow mb-2">Sizes</dt>
                <dd className="flex flex-wrap gap-1.5">
                  {item.sizes.map((s) => (
                    <span key={s} className="rounded-xs border border-linen px-2.5 py-1 text-xs">
                      {s}
                    </span>
                  ))}
                </dd>
              </div>
              <div>
                <dt className="eyebrow mb-1.5">Materials</dt>
                <dd className="text-taupe">{item.materials ?? 'Details on request'}</dd>
              </div>
              <div>
                <dt className="eyebrow mb-1.5">Care instructions</dt>
                <dd className="text-taupe">
                  {item.careInstructions ?? 'Professionally cleaned by Rentique between rentals'}
                </dd>
              </div>
            </dl>
            <div className="flex flex-col gap-2.5 pt-2 sm:flex-row">
              <Button variant="outline" className="flex-1" onClick={onSkip} disabled={disabled}>
                <X aria-hidden="true" /> Skip This Item
              </Button>
              <Button variant="accent" className="flex-1" onClick={onLove} disabled={disabled}>
                <Heart aria-hidden="true" /> Love This Item
              </Button>
            </div>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
