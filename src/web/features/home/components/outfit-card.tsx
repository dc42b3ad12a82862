import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { outfitItemSummary, type Outfit } from '../content/outfits';

/** One outfit of the carousel: the look, who styled it, its first two pieces, and a way to rent it. */
export function OutfitCard({ outfit }: { outfit: Outfit }) {
  const { shown, more } = outfitItemSummary(outfit.items);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-md border border-linen/80 bg-ivory sm:flex-row">
      <div className="aspect-[4/5] shrink-0 bg-sand sm:aspect-auto sm:w-[46%]">
        <img src={outfit.image} alt="" width={400} height={500} loading="lazy" className="h-full w-full object-cover" />
      </div>
      <div className="flex flex-1 flex-col p-6 lg:p-8">
        <div className="flex items-center justify-between gap-3">
          <p className="eyebrow">{outfit.category}</p>
          <p className="inline-flex items-center gap-1.5 text-sm text-taupe">
            <Heart className="size-4 fill-clay text-clay" aria-hidden="true" />
            <span>
              {outfit.likes}
              <span className="sr-only"> likes</span>
            </span>
          </p>
        </div>
        <h3 className="mt-4 font-display text-[1.9rem] leading-tight">{outfit.name}</h3>
        <p className="mt-1 text-sm text-taupe">Styled by {outfit.creator}</p>
        <p className="mt-5 max-w-md font-display text-lg leading-snug text-taupe italic">{outfit.note}</p>
        <ul className="mt-6 space-y-2 border-t border-linen pt-5 text-[0.92rem]">
          {shown.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1 shrink-0 rounded-full bg-gold" />
              {item}
            </li>
          ))}
          {more > 0 && <li className="pl-3 text-sm text-taupe">+{more} more</li>}
        </ul>
        <div className="mt-auto pt-8">
          <Button asChild className="w-full sm:w-auto">
            <Link to={paths.browse} aria-label={`Rent This Outfit: ${outfit.name}`}>
              Rent This Outfit
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}
