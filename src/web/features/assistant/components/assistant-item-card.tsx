import type { AssistantItem } from '@domain/assistant';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/format';

/** A compact catalogue card inside the conversation, linking to the item's page. */
export function AssistantItemCard({ item }: { item: AssistantItem }) {
  return (
    <li>
      <Link
        to={paths.item(item.id)}
        className="group flex items-center gap-3 rounded-sm border border-linen bg-ivory p-2 pr-3 transition-colors hover:border-ink/50"
      >
        <img
          src={item.imageUrl}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 shrink-0 rounded-xs bg-sand object-cover"
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[0.7rem] font-medium tracking-[0.14em] text-taupe uppercase">
            {item.brand}
          </span>
          <span className="block truncate text-sm text-ink group-hover:underline group-hover:underline-offset-2">
            {item.name}
          </span>
          <span className="block text-xs text-taupe">{formatCents(item.rentalPriceCents)} / week</span>
        </span>
      </Link>
    </li>
  );
}
