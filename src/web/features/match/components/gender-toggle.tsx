import { ITEM_GENDERS, type ItemGender } from '@domain/catalogue.rules';
import { cn } from '../../../lib/cn';

/** The Women / Men switch above the deck. */
export function GenderToggle({ value, onChange }: { value: ItemGender; onChange: (g: ItemGender) => void }) {
  return (
    <div role="group" aria-label="Show items for" className="inline-flex rounded-full border border-linen bg-ivory p-1">
      {ITEM_GENDERS.map((g) => (
        <button
          key={g}
          type="button"
          aria-pressed={value === g}
          onClick={() => onChange(g)}
          className={cn(
            'cursor-pointer rounded-full px-5 py-1.5 text-[0.82rem] font-medium tracking-wide transition-colors',
            value === g ? 'bg-ink text-ivory' : 'text-taupe hover:text-ink',
          )}
        >
          {g}
        </button>
      ))}
    </div>
  );
}
