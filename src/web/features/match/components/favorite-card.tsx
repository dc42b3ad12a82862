import { X } from 'lucide-react';
import { Link } from 'react-router';
import type { Favorite } from '@domain/match';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/format';
import { ItemImage } from './item-image';

/**
 * A liked item: picture, brand, name and price, linking to the item. The remove button shows on
 * hover and on keyboard focus, and always on touch screens (no hover there).
 */
export function FavoriteCard({ favorite, onRemove, removing }: { favorite: Favorite; onRemove: () => void; removing: boolean }) {
  const { item } = favorite;
  return (
    <li className="group relative" data-testid="favorite-card">
      <Link to={paths.item(item.id)} className="block rounded-md focus-visible:outline-offset-4">
        <ItemImage src={item.imageUrl} name={item.name} alt={item.imageAlt} brand={item.brand} className="rounded-md transition-transform duration-500 group-hover:scale-[1.01]" />
        <div className="mt-3 space-y-1">
          <p className="eyebrow">{item.brand}</p>
          <h2 className="font-display text-xl leading-snug">{item.name}</h2>
          <p className="text-sm text-taupe">
            <span className="font-semibold text-ink">{formatCents(item.rentalPriceCents)}</span> / week
            <span className="text-stone"> · Retail {formatCents(item.retailPriceCents)}</span>
          </p>
        </div>
      </Link>
      <button
        type="button"
        aria-label={`Remove ${item.name} from favorites`}
        disabled={removing}
        onClick={onRemove}
        data-testid="remove-favorite"
        className="absolute top-3 right-3 flex size-10 cursor-pointer items-center justify-center rounded-full bg-ivory/95 text-ink opacity-0 shadow-soft transition-opacity duration-200 group-hover:opacity-100 group-focus-within:opacity-100 hover:bg-ink hover:text-ivory focus-visible:opacity-100 disabled:opacity-50 [@media(hover:none)]:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
