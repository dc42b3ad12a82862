import { Search } from 'lucide-react';
import { Suspense, lazy, useId, useRef, type RefObject } from 'react';
import { cn } from '../../../lib/cn';
import { useHydrated } from '../../../lib/use-hydrated';

type Draft = { text: string; focused: boolean };

/**
 * The catalogue's search field with suggestions, loaded once the page is live: it brings the
 * query code for suggestions, which no page needs for its first paint (the front-end budget).
 * It mounts with what was typed into the plain field meanwhile, and keeps the focus.
 */
const SearchWithSuggestions = lazy(async () => {
  const { SearchBox } = await import('../../catalogue');
  function Loaded({ className, draft }: { className?: string; draft: RefObject<Draft> }) {
    return <SearchBox className={className} initial={draft.current.text} autoFocus={draft.current.focused} />;
  }
  return { default: Loaded };
});

/**
 * The navigation's search field. Until the suggestions have loaded (and without JavaScript) it
 * is a plain search form that opens /browse?q=..., drawn like the full field.
 */
export function NavSearch({ className }: { className?: string }) {
  const draft = useRef<Draft>({ text: '', focused: false });
  const live = useHydrated();
  const plain = (
    <PlainSearch
      className={className}
      onText={(text) => (draft.current.text = text)}
      onFocusChange={(focused) => (draft.current.focused = focused)}
    />
  );
  if (!live) return plain;
  return (
    <Suspense fallback={plain}>
      <SearchWithSuggestions className={className} draft={draft} />
    </Suspense>
  );
}

function PlainSearch({
  className,
  onText,
  onFocusChange,
}: {
  className?: string | undefined;
  onText: (text: string) => void;
  onFocusChange: (focused: boolean) => void;
}) {
  const id = useId();
  return (
    <form role="search" action="/browse" method="get" className={cn('relative', className)}>
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
        onFocus={() => onFocusChange(true)}
        onBlur={() => onFocusChange(false)}
        className="h-11 w-full rounded-full border border-linen bg-ivory pr-4 pl-9 text-sm text-ink placeholder:text-stone focus:border-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-ink/30"
      />
    </form>
  );
}
