import type { ComponentProps } from 'react';
import type { detectCardBrand } from '@domain/card';
import { Input } from '../../../components/ui/input';
import { CardBrandMark } from '../../plans';

/** The card number box, the brand's mark at its end as it is recognised. */
export function CardNumberInput({
  brand,
  ...props
}: ComponentProps<'input'> & { brand: ReturnType<typeof detectCardBrand> }) {
  return (
    <div className="relative">
      <Input
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={19}
        placeholder="1234 5678 9012 3456"
        className="pr-36"
        {...props}
      />
      <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center" aria-live="polite">
        {brand !== 'unknown' && <CardBrandMark brand={brand} />}
      </span>
    </div>
  );
}
