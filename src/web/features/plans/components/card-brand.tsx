import { CARD_BRAND_LABELS, type CardBrand } from '@domain/card.rules';
import { cn } from '../../../lib/cn';

const isBrand = (b: string): b is CardBrand => b in CARD_BRAND_LABELS;

/** The card's brand as a small engraved mark ("Visa"); lucide has no brand logos, so it is set in type. */
export function CardBrandMark({ brand, className }: { brand: string; className?: string }) {
  const label = isBrand(brand) ? CARD_BRAND_LABELS[brand] : brand;
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center rounded-xs border border-ink/25 bg-ivory px-2 text-[0.62rem] font-semibold tracking-[0.16em] text-ink uppercase',
        brand === 'unknown' && 'text-stone',
        className,
      )}
    >
      {label}
    </span>
  );
}
