import { ItemCard, itemGridClass } from '../../../components/item/item-card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useSimilar } from '../api/get-similar';

/**
 * "You may also like" under an item (decision 0065): drawn on the server with the page (its
 * loader prefetches it); nothing at all when the index has no piece like it.
 */
export function SimilarPieces({ itemId }: { itemId: number }) {
  const similar = useSimilar(itemId);
  if (similar.isPending)
    return (
      <div role="status" aria-label="Loading similar pieces" className="mt-20 grid grid-cols-2 gap-6 md:grid-cols-4">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="aspect-[3/4] w-full" />
        ))}
      </div>
    );
  const items = similar.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="similar-heading"
      className="mt-20 border-t border-linen pt-12"
      data-testid="similar-pieces"
    >
      <p className="eyebrow">Curated for you</p>
      <h2 id="similar-heading" className="mt-2 font-display text-3xl">
        You may also like
      </h2>
      <ul className={`mt-8 ${itemGridClass}`}>
        {items.map((item) => (
          <li key={item.id}>
            <ItemCard item={item} href={paths.item(item.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
