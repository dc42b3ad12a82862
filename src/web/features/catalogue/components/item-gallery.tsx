import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Maximize2 } from 'lucide-react';
import { Suspense, lazy, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ItemPicture } from '@domain/catalogue';
import { cn } from '../../../lib/cn';
import { onIntent } from '../../../lib/intent';

const loadZoom = () => import('./picture-zoom');
/** The zoom dialog and its pinch-zoom library load only when a visitor asks for it. */
const PictureZoom = lazy(loadZoom);

/**
 * An item's pictures: a swipeable viewer (embla), thumbnails, previous/next, and a zoom dialog
 * opened by clicking or tapping the picture. Arrow keys move between pictures when focus is in
 * the gallery. The first picture is the one the server rendered (no layout shift).
 */
export function ItemGallery({ images, name, className }: { images: ItemPicture[]; name: string; className?: string }) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(false);
  const [viewportRef, embla] = useEmblaCarousel({ loop: false, duration: 24 });
  const zoomButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const count = images.length;
  const current = images[Math.min(index, count - 1)]!;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const goTo = useCallback(
    (i: number) => {
      const next = Math.max(0, Math.min(count - 1, i));
      setIndex(next);
      embla?.scrollTo(next);
    },
    [embla, count],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowRight') goTo(index + 1);
    else if (e.key === 'ArrowLeft') goTo(index - 1);
    else return;
    e.preventDefault();
  };

  const closeZoom = useCallback(
    (last: number) => {
      setZoom(false);
      goTo(last);
      // Focus goes back to the picture that opened the zoom (now the one last looked at).
      requestAnimationFrame(() => zoomButtons.current[last]?.focus());
    },
    [goTo],
  );

  return (
    <section aria-label={`Pictures of ${name}`} className={cn('min-w-0', className)} onKeyDown={onKeyDown}>
      <div className="relative">
        <div ref={viewportRef} className="overflow-hidden rounded-md bg-sand">
          <div className="flex touch-pan-y">
            {images.map((img, i) => (
              <div
                key={img.url}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}: ${img.label}`}
                aria-hidden={i === index ? undefined : true}
                inert={i === index ? undefined : true}
                className="relative aspect-square min-w-0 shrink-0 grow-0 basis-full"
              >
                <button
                  ref={(el) => {
                    zoomButtons.current[i] = el;
                  }}
                  type="button"
                  className="group absolute inset-0 block size-full cursor-zoom-in focus-visible:outline-offset-[-4px]"
                  aria-label={`Zoom in on ${img.label.toLowerCase()}`}
                  onClick={() => setZoom(true)}
                  {...onIntent(loadZoom)}
                >
                  <img
                    src={img.url}
                    alt={img.alt}
                    width={img.width}
                    height={img.height}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                    decoding="async"
                    draggable={false}
                    className={cn(
                      'absolute inset-0 size-full select-none',
                      img.kind === 'photo' ? 'object-contain' : 'object-cover',
                    )}
                  />
                  <span className="pointer-events-none absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-ivory/85 px-3 py-1.5 text-xs font-medium text-ink shadow-soft backdrop-blur-sm transition-opacity group-hover:opacity-100 sm:opacity-0 sm:group-focus-visible:opacity-100">
                    <Maximize2 className="size-3.5" aria-hidden="true" />
                    Zoom
                  </span>
                </button>
              </div>
            ))}
          </div>
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              aria-label="Previous picture"
              disabled={index === 0}
              onClick={() => goTo(index - 1)}
              className="absolute top-1/2 left-3 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-ivory/85 text-ink shadow-soft backdrop-blur-sm hover:bg-ivory disabled:opacity-0"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label="Next picture"
              disabled={index === count - 1}
              onClick={() => goTo(index + 1)}
              className="absolute top-1/2 right-3 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-ivory/85 text-ink shadow-soft backdrop-blur-sm hover:bg-ivory disabled:opacity-0"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="mt-3 flex gap-2.5" aria-label="Choose a picture">
          {images.map((img, i) => (
            <li key={img.url}>
              <button
                type="button"
                aria-label={`Show ${img.label.toLowerCase()}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => goTo(i)}
                className={cn(
                  'relative block size-16 overflow-hidden rounded-sm bg-sand ring-offset-2 ring-offset-paper transition sm:size-20',
                  i === index ? 'ring-2 ring-ink' : 'opacity-75 ring-1 ring-linen hover:opacity-100',
                )}
              >
                <img
                  src={img.url}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className={cn('size-full', img.kind === 'photo' ? 'object-cover' : 'object-cover')}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {current.label}
      </p>
      {zoom && (
        <Suspense fallback={null}>
          <PictureZoom images={images} start={index} name={name} onClose={closeZoom} />
        </Suspense>
      )}
    </section>
  );
}
