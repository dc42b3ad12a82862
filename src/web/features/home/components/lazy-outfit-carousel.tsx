import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';

const OutfitCarousel = lazy(() => import('./outfit-carousel'));

/**
 * The carousel's code (and Embla) loads only when the section comes near the viewport, so the
 * home page's first load stays small. Without IntersectionObserver it loads at once.
 */
const noSubscription = () => () => {};

export function LazyOutfitCarousel() {
  const ref = useRef<HTMLDivElement>(null);
  // The server's render (and so the hydrating one) assumes an observer: the placeholder.
  const canObserve = useSyncExternalStore(
    noSubscription,
    () => typeof IntersectionObserver !== 'undefined',
    () => true,
  );
  const [seen, setNear] = useState(false);
  const near = seen || !canObserve;

  useEffect(() => {
    if (near || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = <Skeleton className="h-[54rem] w-full sm:h-[32rem]" />;
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{<OutfitCarousel />}</Suspense> : placeholder}</div>;
}
