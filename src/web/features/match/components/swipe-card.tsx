import {
  LazyMotion,
  m,
  useMotionValue,
  useMotionValueEvent,
  useReducedMotion,
  useTransform,
  type MotionValue,
  type PanInfo,
  type ValueAnimationTransition,
} from 'motion/react';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { MatchItem } from '@domain/match';
import { swipeDecision, swipeLabel, type SwipeAction } from '@domain/match.rules';
import { Badge } from '../../../components/ui/badge';
import { formatCents } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { ItemImage } from '../../../components/item/item-image';

/** How far a pointer may move and still count as a tap (opens the details). */
const TAP_SLOP_PX = 6;

export interface SwipeCardHandle {
  /** Sends the card off to the right (like) or left (skip) and reports the decision. */
  fling(action: SwipeAction): void;
}

const FLING_PX = 640;

/**
 * Motion's gestures (drag) and its animation engine load after the page: the card is drawn (on
 * the server too) without them, and can be dragged once they are here, a moment after hydration.
 * The match page's first load then does not evaluate them (about 35 KB gzip).
 */
const loadMotion = () => import('./motion-features');
const loadFeatures = () => loadMotion().then((mod) => mod.default);
const animateTo = (value: MotionValue<number>, to: number, transition: ValueAnimationTransition<number>) =>
  void loadMotion().then((mod) => mod.animate(value, to, transition));

/**
 * The top card of the deck. Drag it: from 50 px a LIKE / NOPE label shows, and a release past
 * 100 px decides. A tap (no drag) opens the details. With reduced motion the card does not tilt
 * or fly away; it is simply replaced.
 */
export function SwipeCard({
  item,
  onDecide,
  onOpen,
  disabled,
  ref,
}: {
  item: MatchItem;
  onDecide: (action: SwipeAction) => void;
  onOpen: () => void;
  disabled?: boolean;
  ref?: Ref<SwipeCardHandle>;
}) {
  const reduce = useReducedMotion() ?? false;
  const x = useMotionValue(0);
  const rotate = useTransform(x, [-300, 0, 300], reduce ? [0, 0, 0] : [-14, 0, 14]);
  const [label, setLabel] = useState<'like' | 'nope' | null>(null);
  const decided = useRef(false);
  // A drag is not a tap, even one that ends where it began.
  const dragged = useRef(false);
  const tapStart = useRef<{ x: number; y: number } | null>(null);
  useMotionValueEvent(x, 'change', (v) => setLabel(decided.current ? (v > 0 ? 'like' : 'nope') : swipeLabel(v)));

  const fling = (action: SwipeAction) => {
    if (decided.current || disabled) return;
    decided.current = true;
    setLabel(action === 'like' ? 'like' : 'nope');
    onDecide(action);
    if (!reduce) animateTo(x, action === 'like' ? FLING_PX : -FLING_PX, { duration: 0.28, ease: 'easeIn' });
  };
  useImperativeHandle(ref, () => ({ fling }));

  const onDragEnd = (_e: PointerEvent | MouseEvent | TouchEvent, info: PanInfo) => {
    const action = swipeDecision(info.offset.x);
    if (action && !disabled) fling(action);
    else animateTo(x, 0, reduce ? { duration: 0 } : { type: 'spring', stiffness: 420, damping: 32 });
  };

  return (
    <LazyMotion features={loadFeatures} strict>
      <m.article
        aria-label={`${item.name} by ${item.brand}`}
        data-testid="swipe-card"
        style={{ x, rotate, touchAction: 'pan-y' }}
        drag={disabled ? false : 'x'}
        dragMomentum={false}
        dragElastic={1}
        dragConstraints={{ left: 0, right: 0 }}
        // The tap is the browser's own click, not Motion's gesture: it opens the details as soon as
        // the page is live, before Motion's features have loaded (a busy phone takes a moment).
        onPointerDown={(e) => {
          dragged.current = false;
          tapStart.current = { x: e.clientX, y: e.clientY };
        }}
        onDragStart={() => {
          dragged.current = true;
        }}
        onDragEnd={onDragEnd}
        onClick={(e) => {
          // A pointer that travelled is a drag even if the drag events arrive late (busy main thread).
          const start = tapStart.current;
          const travelled = start ? Math.hypot(e.clientX - start.x, e.clientY - start.y) : 0;
          if (!decided.current && !dragged.current && travelled <= TAP_SLOP_PX) onOpen();
        }}
        className="relative w-full cursor-grab touch-pan-y overflow-hidden rounded-lg border border-linen bg-ivory shadow-lift select-none active:cursor-grabbing"
      >
        <ItemImage
          src={item.imageUrl}
          alt={item.imageAlt}
          className="aspect-[5/6] rounded-none [&_img]:pointer-events-none [&_img]:select-none"
          priority
        />
        {label && (
          <span
            aria-hidden="true"
            className={cn(
              'pointer-events-none absolute top-6 rounded-sm border-2 px-3 py-1 font-display text-3xl font-semibold tracking-[0.18em] uppercase',
              label === 'like'
                ? 'left-6 -rotate-12 border-sage bg-ivory/80 text-sage'
                : 'right-6 rotate-12 border-clay bg-ivory/80 text-clay',
            )}
          >
            {label === 'like' ? 'Like' : 'Nope'}
          </span>
        )}
        {item.isNew && (
          <Badge tone="ink" className="absolute top-4 right-4">
            New
          </Badge>
        )}
        <div className="space-y-1 px-5 pt-4 pb-5">
          <p className="eyebrow">{item.brand}</p>
          <h2 className="font-display text-2xl leading-tight">{item.name}</h2>
          <p className="text-sm text-taupe">
            <span className="font-semibold text-ink">{formatCents(item.rentalPriceCents)}</span> / week ·{' '}
            {item.category}
          </p>
        </div>
      </m.article>
    </LazyMotion>
  );
}
