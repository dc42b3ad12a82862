import { X } from 'lucide-react';
import type { Favorite } from '@domain/match';
import { ItemCard } from '../../../components/item/item-card';
import { paths } from '../../../config/paths';
import { ShortlistButton } from '../../shortlists';

/**
 * A liked item (the shared ItemCard: picture, brand, name, price, link to the item) with a remove
 * button that shows on hover and on keyboard focus, and always on touch screens (no hover there).
 */
export function FavoriteCard({
  favorite,
  onRemove,
  removing,
}: {
  favorite: Favorite;
  onRemove: () => void;
  removing: boolean;
}) {
  const { item } = favorite;
  return (
    <li data-testid="favorite-card">
      <ItemCard
        item={item}
        href={paths.item(item.id)}
        action={
          <div className="flex flex-col gap-2">
            <button
              type="button"
              aria-label={`Remove ${item.name} from favorites`}
              disabled={removing}
              onClick={onRemove}
              className="flex size-10 cursor-pointer items-center justify-center rounded-full bg-ivory/95 text-ink opacity-0 shadow-soft transition-opacity duration-200 group-hover:opacity-100 group-focus-within:opacity-100 hover:bg-ink hover:text-ivory focus-visible:opacity-100 disabled:opacity-50 [@media(hover:none)]:opacity-100"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
            <ShortlistButton
              itemId={item.id}
              itemName={item.name}
              iconOnly
              size="icon"
              className="border-0 bg-ivory/95 shadow-soft hover:bg-ink hover:text-ivory"
            />
          </div>
        }
      />
    </li>
  );
}
