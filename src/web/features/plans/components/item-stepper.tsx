import { Minus, Plus } from 'lucide-react';
import { MONTHLY_MAX_ITEMS, MONTHLY_MIN_ITEMS } from '@domain/plans.rules';
import { Button } from '../../../components/ui/button';

/**
 * The Monthly plan's item count: minus and plus buttons (disabled at 3 and 9) around the count,
 * which is announced as it changes.
 */
export function ItemStepper({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (n: number) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center gap-3" role="group" aria-label="Items per month">
      <Button
        variant="subtle"
        size="icon"
        aria-label="Fewer items"
        disabled={disabled || value <= MONTHLY_MIN_ITEMS}
        onClick={() => onChange(Math.max(MONTHLY_MIN_ITEMS, value - 1))}
      >
        <Minus aria-hidden="true" />
      </Button>
      <output aria-live="polite" className="flex min-w-[6.5rem] flex-col items-center gap-1 text-center">
        <span className="font-display text-3xl leading-none text-ink" data-testid="item-count">
          {value}
        </span>
        <span className="text-[0.66rem] tracking-[0.14em] text-taupe uppercase">items / month</span>
      </output>
      <Button
        variant="subtle"
        size="icon"
        aria-label="More items"
        disabled={disabled || value >= MONTHLY_MAX_ITEMS}
        onClick={() => onChange(Math.min(MONTHLY_MAX_ITEMS, value + 1))}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
