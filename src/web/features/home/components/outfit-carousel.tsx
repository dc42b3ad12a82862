import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { cn } from '../../../lib/cn';
import { OUTFITS, type Outfit } from '../content/outfits';
import { CAROUSEL_INTERVAL_MS } from '../lib/timings';
import { OutfitCard } from './outfit-card';
import { useAutoAdvance } from './use-auto-advance';

/**
 * 'Discovery Our Products': the outfit cards on a looping carousel that advances every 5 s and
 * holds still while the pointer is over it or keyboard focus is inside it. Previous/next
 * buttons and one dot per outfit; the current outfit is announced only while paused.
 */
export function OutfitCarousel({
  outfits = OUTFITS,
  intervalMs = CAROUSEL_INTERVAL_MS,
}: {
  outfits?: Outfit[];
  intervalMs?: number;
}) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start', duration: 32 });
  const [selected, setSelected] = useState(0);
  // Mirrors `selected` for timer callbacks that may run several times between renders.
  const selectedRef = useRef(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const count = outfits.length;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      selectedRef.current = embla.selectedScrollSnap();
      setSelected(selectedRef.current);
    };
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  // Our own index is the truth (embla follows it), so the order is the same with or without layout.
  const goTo = useCallback(
    (index: number) => {
      const next = ((index % count) + count) % count;
      selectedRef.current = next;
      setSelected(next);
      embla?.scrollTo(next);
    },
    [embla, count],
  );
  const next = () => goTo(selectedRef.current + 1);
  const previous = () => goTo(selectedRef.current - 1);
  useAutoAdvance(next, intervalMs, paused);

  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Outfits by our members"
      data-paused={paused ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="overflow-hidden" ref={viewportRef}>
        <div className="-ml-5 flex touch-pan-y" aria-live={paused ? 'polite' : 'off'}>
          {outfits.map((outfit, i) => (
            <div
              key={outfit.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${outfit.name}`}
              aria-hidden={i === selected ? undefined : true}
              inert={i === selected ? undefined : true}
              data-selected={i === selected ? 'true' : undefined}
              className="min-w-0 shrink-0 grow-0 basis-full pl-5 lg:basis-[82%]"
            >
              <OutfitCard outfit={outfit} />
            </div>
          ))}
        </div>
      </div>
      <div className="mt-8 flex items-center justify-between gap-6">
        <div className="flex items-center gap-1" role="group" aria-label="Choose an outfit">
          {outfits.map((outfit, i) => (
            <button
              key={outfit.id}
              type="button"
              aria-label={`Show outfit ${i + 1}: ${outfit.name}`}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => goTo(i)}
              className="group flex size-8 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-0.5 rounded-full transition-all duration-300',
                  i === selected ? 'w-7 bg-ink' : 'w-3.5 bg-linen group-hover:bg-stone',
                )}
              />
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            aria-label="Previous outfit"
            onClick={previous}
            className="inline-flex size-11 items-center justify-center rounded-full border border-ink/30 text-ink transition-colors hover:bg-ink hover:text-ivory"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            aria-label="Next outfit"
            onClick={next}
            className="inline-flex size-11 items-center justify-center rounded-full border border-ink/30 text-ink transition-colors hover:bg-ink hover:text-ivory"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </div>
  );
}

export default OutfitCarousel;
