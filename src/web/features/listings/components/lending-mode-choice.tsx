import type { UseFormRegisterReturn } from 'react-hook-form';
import { LENDING_MODES, lendingModeCopy, type LendingTerms } from '@domain/managed-lending';

/**
 * The two ways to lend a piece (decision 0062), each saying plainly who ships, who cleans, what
 * the commission pays for and how it is stored. Chosen when she lists; a listing's way is not
 * changed by editing (a self-lent piece switches to managed from its card, through intake).
 */
export function LendingModeChoice({
  field,
  editing,
  terms,
}: {
  field: UseFormRegisterReturn<'lendingMode'>;
  editing: boolean;
  terms: LendingTerms;
}) {
  return (
    <fieldset disabled={editing}>
      <legend className="mb-1.5 block text-[0.8rem] font-medium tracking-wide text-taupe">
        How would you like to lend it?
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {LENDING_MODES.map((m) => {
          const copy = lendingModeCopy(m, terms);
          return (
            <label
              key={m}
              className="flex cursor-pointer gap-3 rounded-sm border border-linen bg-ivory px-4 py-3 text-sm has-[:checked]:border-ink"
            >
              <input type="radio" value={m} className="mt-1 accent-ink" {...field} />
              <span>
                <span className="block font-medium text-ink">{copy.title}</span>
                <span className="mt-1 block text-taupe">{copy.ships}</span>
                <span className="mt-1 block text-taupe">{copy.cleans}</span>
                <span className="mt-1 block text-taupe">{copy.booking}</span>
                <span className="mt-1 block text-stone">{copy.storage}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
