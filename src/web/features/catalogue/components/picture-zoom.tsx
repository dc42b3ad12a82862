import { ChevronLeft, ChevronRight, Minus, Plus, RotateCcw, X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { useRef, useState, type KeyboardEvent } from 'react';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchContentRef } from 'react-zoom-pan-pinch';
import type { ItemPicture } from '@domain/catalogue';

const MAX_SCALE = 6;
const STEP = 0.6;

/**
 * A picture full size: pinch, scroll or double-click to zoom, drag to move, + and - (buttons or
 * keys) to zoom, 0 to reset, arrow keys or the buttons for the other pictures. Escape or the
 * close button shut it; the gallery then puts focus back on the picture. Loaded on demand.
 */
export default function PictureZoom({
  images,
  start,
  name,
  onClose,
}: {
  images: ItemPicture[];
  start: number;
  name: string;
  onClose: (last: number) => void;
}) {
  const [index, setIndex] = useState(start);
  const [scale, setScale] = useState(1);
  const zoom = useRef<ReactZoomPanPinchContentRef>(null);
  const image = images[index]!;
  const count = images.length;

  const show = (i: number) => {
    setIndex((i + count) % count);
    setScale(1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const z = zoom.current;
    if (e.key === '+' || e.key === '=') z?.zoomIn(STEP);
    else if (e.key === '-' || e.key === '_') z?.zoomOut(STEP);
    else if (e.key === '0') z?.resetTransform();
    else if (e.key === 'ArrowRight' && count > 1 && scale <= 1.01) show(index + 1);
    else if (e.key === 'ArrowLeft' && count > 1 && scale <= 1.01) show(index - 1);
    else return;
    e.preventDefault();
  };
  const tool =
    'grid size-10 place-items-center rounded-full text-ink hover:bg-sand disabled:opacity-40 disabled:hover:bg-transparent';

  return (
    <D.Root open onOpenChange={(open) => !open && onClose(index)}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-ink/60 backdrop-blur-[2px]" />
        <D.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(e) => e.preventDefault()}
          className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-md bg-ivory shadow-lift focus:outline-none sm:inset-6 lg:inset-x-[max(1.5rem,calc(50vw-34rem))]"
        >
          <div className="flex items-center gap-3 border-b border-linen px-4 py-2.5">
            <D.Title className="min-w-0 flex-1 truncate font-display text-xl font-medium">
              {name} <span className="font-sans text-sm text-taupe">· {image.label}</span>
            </D.Title>
            {count > 1 && (
              <span className="text-xs text-stone tabular-nums" aria-hidden="true">
                {index + 1} / {count}
              </span>
            )}
            <D.Close aria-label="Close" className={tool}>
              <X className="size-5" aria-hidden="true" />
            </D.Close>
          </div>
          <div className="relative min-h-0 flex-1 bg-sand">
            <TransformWrapper
              key={image.url}
              ref={zoom}
              minScale={1}
              maxScale={MAX_SCALE}
              centerOnInit
              doubleClick={{ mode: 'toggle', step: 1.2 }}
              wheel={{ step: 0.15 }}
              onTransform={(_, state) => setScale(state.scale)}
            >
              <TransformComponent wrapperClass="!size-full" contentClass="!size-full">
                <img
                  src={image.url}
                  alt={image.alt}
                  draggable={false}
                  className="size-full object-contain select-none"
                  data-testid="zoomed-picture"
                />
              </TransformComponent>
            </TransformWrapper>
            {count > 1 && (
              <>
                <button
                  type="button"
                  aria-label="Previous picture"
                  onClick={() => show(index - 1)}
                  className="absolute top-1/2 left-3 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-ivory/90 text-ink shadow-soft hover:bg-ivory"
                >
                  <ChevronLeft className="size-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label="Next picture"
                  onClick={() => show(index + 1)}
                  className="absolute top-1/2 right-3 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-ivory/90 text-ink shadow-soft hover:bg-ivory"
                >
                  <ChevronRight className="size-5" aria-hidden="true" />
                </button>
              </>
            )}
          </div>
          <div
            className="flex items-center justify-center gap-2 border-t border-linen px-4 py-2"
            role="group"
            aria-label="Zoom"
          >
            <button
              type="button"
              className={tool}
              aria-label="Zoom out"
              disabled={scale <= 1.01}
              onClick={() => zoom.current?.zoomOut(STEP)}
            >
              <Minus className="size-5" aria-hidden="true" />
            </button>
            <output
              className="w-14 text-center text-sm tabular-nums text-taupe"
              aria-live="polite"
              aria-label="Zoom level"
              data-testid="zoom-level"
            >
              {Math.round(scale * 100)}%
            </output>
            <button
              type="button"
              className={tool}
              aria-label="Zoom in"
              disabled={scale >= MAX_SCALE - 0.01}
              onClick={() => zoom.current?.zoomIn(STEP)}
            >
              <Plus className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={tool}
              aria-label="Reset zoom"
              disabled={scale <= 1.01}
              onClick={() => zoom.current?.resetTransform()}
            >
              <RotateCcw className="size-4" aria-hidden="true" />
            </button>
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
