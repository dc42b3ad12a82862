import { Zap } from 'lucide-react';
import { toast } from 'sonner';
import { usePieceTerms } from '../api/get-piece-terms';
import { useSetInstantBook } from '../api/instant-book';

/**
 * The lender's Instant Book control on her listing (decision 0068): on, verified renters with no
 * open report and a rating of 4 or more book the piece at once; others send a request as before.
 */
export function InstantBookControl({ itemId, itemName }: { itemId: number; itemName: string }) {
  const { data: terms } = usePieceTerms(itemId);
  const set = useSetInstantBook(itemId);
  if (!terms) return null;
  const on = terms.instantBook;
  return (
    <label className="mt-3 flex cursor-pointer items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-ink"
        checked={on}
        disabled={set.isPending}
        aria-describedby={`instant-book-${itemId}`}
        onChange={(e) =>
          void set.mutateAsync(e.target.checked).then(
            (t) =>
              toast.success(t.instantBook ? 'Instant Book is on' : 'Instant Book is off', {
                description: t.instantBook
                  ? `Eligible members now book ${itemName} at once.`
                  : `Members send a request for ${itemName}.`,
              }),
            () => undefined,
          )
        }
      />
      <span>
        <span className="inline-flex items-center gap-1 font-medium text-ink">
          <Zap className="size-3.5" aria-hidden="true" /> Instant Book
        </span>
        <span id={`instant-book-${itemId}`} className="block text-xs text-taupe">
          Verified members with no open problem report and a rating of 4 or more book at once; others request.
        </span>
      </span>
    </label>
  );
}
