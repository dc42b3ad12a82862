import { ItemCard, itemGridClass, type ItemCardItem } from '../../../components/item/item-card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useCompleteTheLook } from '../api/get-complete-the-look';
import { useSimilar } from '../api/get-similar';

/**
 * The shelves of pieces under an item (decisions 0065, 0071): "Complete the look" and "You may
 * also like", drawn on the server with the page (its loader prefetches them); nothing at all when
 * the index has no piece for a shelf.
 */
function PieceShelf({
  id,
  eyebrow,
  title,
  testId,
  query,
}: {
  id: string;
  eyebrow: string;
  title: string;
  testId: string;
  query: { isPending: boolean; data?: { items: (ItemCardItem & { id: number })[] } | undefined };
}) {
  if (query.isPending)
    return (
      <div
        role="status"
        aria-label={`Loading ${title.toLowerCase()}`}
        className="mt-20 grid grid-cols-2 gap-6 md:grid-cols-4"
      >
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="aspect-[3/4] w-full" />
        ))}
      </div>
    );
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-20 border-t border-linen pt-12" data-testid={testId}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-display text-3xl">
        {title}
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

/** "You may also like" (decision 0065). */
export function SimilarPieces({ itemId }: { itemId: number }) {
  const similar = useSimilar(itemId);
  return (
    <PieceShelf
      id="similar-heading"
      eyebrow="Curated for you"
      title="You may also like"
      testId="similar-pieces"
      query={similar}
    />
  );
}

/** "Complete the look" (decision 0071): pieces of other categories that go with this one. */
export function CompleteTheLook({ itemId }: { itemId: number }) {
  const look = useCompleteTheLook(itemId);
  return (
    <PieceShelf
      id="complete-look-heading"
      eyebrow="Wear it with"
      title="Complete the look"
      testId="complete-the-look"
      query={look}
    />
  );
}
