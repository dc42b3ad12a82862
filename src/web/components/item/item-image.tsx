import { cn } from '../../lib/cn';

/**
 * An item's picture in a square frame: the space is reserved before the image loads (no layout
 * shift), and the image fills it. `priority` loads at once and first (the item page's hero, a grid's first row); the rest lazily.
 */
export function ItemImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  return (
    <div className={cn('relative aspect-square w-full overflow-hidden rounded-sm bg-sand', className)}>
      <img
        src={src}
        alt={alt}
        width={400}
        height={400}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
      />
    </div>
  );
}
