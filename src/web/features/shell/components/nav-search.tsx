import { Search } from 'lucide-react';
import { Suspense, lazy, startTransition, useId, useRef, useState, type RefObject } from 'react';
import { cn } from '../../../lib/cn';

type Draft = { text: string; focused: boolean };

/**
 * The catalogue's search field with suggestions, loaded when she reaches for the field (points
 * at it, touches or focuses it): it brings the catalogue's search code, which no page needs to
 * load or hydrate (decision 0078). It mounts with what was typed into the plain field meanwhile,
 * and keeps the focus.
 */
const SearchWithSuggestions = lazy(async () => {
  const { SearchBox } = await import('../../catalogue');
  function Loaded({ className, draft }: { className?: string; draft: RefObject<Draft> }) {
    return <SearchBox className={className} initial={draft.current.text} autoFocus={draft.current.focused} />;
  }
  return { default: Loaded };
});

/**
 * The navigation's search field. Until she reaches for it and the suggestions have loaded (and
 * without JavaScript) it is a plain search form that opens /browse?q=..., drawn like the full
 * field. The swap is a transition inside a boundary that is already showing the plain form, so
 * the plain form stays (with her text and the focus) until the full field is ready.
 */
export function NavSearch({ className }: { className?: string }) {
  const draft = useRef<Draft>({ text: '', focused: false });
  const [wanted, setWanted] = useState(false);
  const want = () => {
    if (!wanted) startTransition(() => setWanted(true));
  };
  const plain = (
    <PlainSearch
      className={className}
      onIntent={want}
      onText={(text) => (draft.current.text = text)}
      onFocusChange={(focused) => (draft.current.focused = focused)}
    />
  );
  return (
    <Suspense fallback={plain}>
      {wanted ? <SearchWithSuggestions className={className} draft={draft} /> : plain}
    </Suspense>
  );
}

function PlainSearch({
  className,
  onIntent,
  onText,
  onFocusChange,
}: {
  className?: string | undefined;
  onIntent: () => void;
  onText: (text: string) => void;
  onFocusChange: (focused: boolean) => void;
}) {
  const id = useId();
  return (
    <form
      role="search"
      action="/browse"
      method="get"
      className={cn('relative', className)}
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone"
        aria-hidden="true"
      />
      <input
        id={`${id}-input`}
        type="search"
        name="q"
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search pieces, brands, colours"
        maxLength={80}
        onInput={(e) => onText(e.currentTarget.value)}
        onFocus={() => {
          onFocusChange(true);
          onIntent();
        }}
        onBlur={() => onFocusChange(false)}
        className="h-11 w-full rounded-full border border-linen bg-ivory pr-4 pl-9 text-sm text-ink placeholder:text-stone focus:border-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-ink/30"
      />
    </form>
  );
}
