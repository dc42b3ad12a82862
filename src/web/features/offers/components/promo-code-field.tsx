import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { readCode } from '../lib/code-input';

interface PromoCodeFieldProps {
  /** Where the form goes before the app runs (the item page): the code lands in its URL (?code=). */
  action: string;
  /** The booking's other choices kept in that URL (size, from, to). */
  keep: Record<string, string | undefined>;
  /** The code applied now, or null. */
  applied: string | null;
  /** Why the applied code cannot apply (the quote's refusal), or a note (the welcome offer saves more). */
  problem: string | null;
  note: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * The promo code at checkout (docs/product.md, "Offers"; decision 0056): she types a code (any
 * case) and applies it; the total above is the quote's with it. A GET form, so before the app
 * runs it reloads the item page with ?code= and Add to Cart sends it.
 */
export function PromoCodeField({ action, keep, applied, problem, note, onApply, onRemove }: PromoCodeFieldProps) {
  const id = useId();
  // The field is read from the form, not from state: what she typed before the app ran (the page
  // hydrating under her fingers) is what Apply sends, as the GET form would have.
  const input = useRef<HTMLInputElement>(null);
  const [formatError, setFormatError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readCode(String(new FormData(event.currentTarget).get('code') ?? ''));
    if ('error' in read) return setFormatError(read.error);
    setFormatError(null);
    if (input.current) input.current.value = read.code;
    onApply(read.code);
  };
  const message = formatError ?? problem;
  return (
    <form method="get" action={action} onSubmit={onSubmit} className="space-y-2" aria-label="Promo code">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <Label htmlFor={id}>Promo code</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          ref={input}
          name="code"
          defaultValue={applied ?? ''}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={message ? true : undefined}
          aria-describedby={message || note ? `${id}-message` : undefined}
          className="uppercase"
        />
        <Button type="submit" variant="subtle">
          Apply
        </Button>
        {applied && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              if (input.current) input.current.value = '';
              setFormatError(null);
              onRemove();
            }}
          >
            Remove
          </Button>
        )}
      </div>
      {(message || note) && (
        <p
          id={`${id}-message`}
          role={message ? 'alert' : 'status'}
          className={message ? 'text-sm text-danger' : 'text-sm text-taupe'}
          data-testid="promo-code-message"
        >
          {message ?? note}
        </p>
      )}
    </form>
  );
}
