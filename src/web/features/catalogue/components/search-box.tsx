import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { useSuggestions } from '../api/get-suggestions';

/** Where a suggestion leads. */
type Option = { key: string; label: string; detail?: string; href: string; kind: 'item' | 'brand' | 'search' };

/** The text after the last keystroke has rested for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const browseHref = (q: string) => `/browse?q=${encodeURIComponent(q)}`;

/**
 * The search field: a combobox (WAI-ARIA 1.2, list autocomplete) suggesting items and brands as
 * she types. Arrow keys move through the suggestions, Enter opens the chosen one or searches for
 * the text, Escape closes the list (and clears the field when the list is already closed).
 */
export function SearchBox({
  initial = '',
  label = 'Search',
  className,
  onSearch,
  autoFocus,
}: {
  initial?: string;
  label?: string;
  className?: string | undefined;
  onSearch?: (q: string) => void;
  /** Take the focus when mounted (the navigation's field, loaded while she was typing in its plain stand-in). */
  autoFocus?: boolean;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  // Mounted under her typing (the navigation's plain field swapped for this one): the list opens.
  const [open, setOpen] = useState(Boolean(autoFocus && initial.trim()));
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const settled = useSettled(text.trim(), 120);
  const suggestions = useSuggestions(settled);

  const data = settled.length >= 2 ? suggestions.data : undefined;
  const options: Option[] = [];
  if (text.trim())
    options.push({
      key: 'search',
      kind: 'search',
      label: `Search for "${text.trim()}"`,
      href: browseHref(text.trim()),
    });
  for (const brand of data?.brands ?? [])
    options.push({
      key: `b-${brand}`,
      kind: 'brand',
      label: brand,
      detail: 'Brand',
      href: `/browse?brand=${encodeURIComponent(brand)}`,
    });
  for (const item of data?.items ?? [])
    options.push({
      key: `i-${item.id}`,
      kind: 'item',
      label: item.name,
      detail: `${item.brand} · ${formatCents(item.rentalPriceCents)}/week`,
      href: `/item/${item.id}`,
    });
  const expanded = open && options.length > 0;

  const go = (option: Option | undefined) => {
    const q = text.trim();
    setOpen(false);
    setActive(-1);
    if (!option || option.kind === 'search') {
      if (!q) return;
      if (onSearch) onSearch(q);
      else void navigate(browseHref(q));
      return;
    }
    void navigate(option.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (options.length ? (a + 1) % options.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (options.length ? (a <= 0 ? options.length - 1 : a - 1) : -1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(expanded && active >= 0 ? options[active] : undefined);
    } else if (e.key === 'Escape') {
      if (expanded) setOpen(false);
      else setText('');
      setActive(-1);
    }
  };

  return (
    <div role="search" className={cn('relative', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        placeholder="Search pieces, brands, colours"
        value={text}
        maxLength={80}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-11 w-full rounded-full border border-linen bg-ivory pr-4 pl-9 text-sm text-ink placeholder:text-stone focus:border-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-ink/30"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Suggestions for ${text.trim() || 'your search'}`}
        className={cn(
          'absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-auto rounded-lg border border-linen bg-paper py-1 shadow-lg',
          !expanded && 'hidden',
        )}
      >
        {data?.corrected && expanded && (
          <li role="presentation" className="px-3 py-1.5 text-xs text-stone">
            Showing results for <span className="font-medium text-ink">{data.corrected}</span>
          </li>
        )}
        {options.map((o, i) => (
          <li
            key={o.key}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              go(o);
            }}
            onMouseEnter={() => setActive(i)}
            className={cn(
              'flex cursor-pointer flex-col px-3 py-2 text-sm',
              i === active ? 'bg-sand text-ink' : 'text-ink',
            )}
          >
            <span className={cn(o.kind === 'search' && 'font-medium')}>{o.label}</span>
            {o.detail && <span className="text-xs text-taupe">{o.detail}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
