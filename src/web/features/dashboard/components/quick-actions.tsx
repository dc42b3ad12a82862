import { ArrowUpRight, MapPin, PartyPopper, Search } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

const ACTIONS = [
  { to: paths.browse, title: 'Browse the collection', text: 'Designer pieces, rented by the week.', icon: Search },
  { to: paths.summerParty, title: 'Summer Party Edit', text: 'Dresses and sets for long evenings.', icon: PartyPopper },
  { to: paths.pickupLocation, title: 'Pickup location', text: 'Delivery or in-store pickup.', icon: MapPin },
] as const;

/** Shortcuts to browsing, the summer party theme and the pickup choice. */
export function QuickActions() {
  return (
    <nav aria-label="Quick actions" className="grid gap-3 sm:grid-cols-3">
      {ACTIONS.map(({ to, title, text, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="group flex items-center gap-4 rounded-md border border-linen/80 bg-paper px-5 py-4 transition-colors hover:border-ink hover:bg-ivory"
        >
          <Icon className="size-5 shrink-0 text-clay" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{title}</span>
            <span className="block truncate text-sm text-taupe">{text}</span>
          </span>
          <ArrowUpRight
            className="size-4 text-stone transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
            aria-hidden="true"
          />
        </Link>
      ))}
    </nav>
  );
}
