import { useState } from 'react';
import { cn } from '../../../lib/cn';

/**
 * An item's picture (served by the catalogue at /api/items/{id}/image.svg), with a quiet
 * monogram panel if it cannot be loaded.
 */
export function ItemImage({
  src,
  name,
  alt,
  brand,
  className,
  eager,
}: {
  src: string;
  name: string;
  alt?: string | undefined;
  brand: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={cn('relative aspect-[4/5] overflow-hidden bg-sand', className)}>
      {failed ? (
        <div role="img" aria-label={name} className="flex size-full flex-col items-center justify-center gap-2 text-taupe">
          <span aria-hidden="true" className="font-display text-6xl">
            {brand.slice(0, 1)}
          </span>
          <span aria-hidden="true" className="eyebrow">
            {brand}
          </span>
        </div>
      ) : (
        <img
          src={src}
          alt={alt ?? name}
          draggable={false}
          loading={eager ? 'eager' : 'lazy'}
          onError={() => setFailed(true)}
          className="size-full object-cover select-none"
        />
      )}
    </div>
  );
}
