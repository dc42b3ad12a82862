import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { SignOutButton } from '../../../components/sign-out-button';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { Logo } from './logo';

/** Whether a path is one of the operations desk's pages (/ops and below). */
export const isDeskPath = (pathname: string) => pathname === paths.ops || pathname.startsWith(`${paths.ops}/`);

/**
 * The header of the operations desk for staff: the desk, the way back to the shop and Sign Out,
 * instead of the shop's links (Match, Favorites, search, the member's bell). The desk's own
 * sections are its side menu (its tab bar on a phone).
 */
export function StaffNavbar() {
  return (
    <header className="sticky top-0 z-40 border-b border-linen/70 bg-paper/92 backdrop-blur">
      <nav aria-label="Staff" className="container-page flex h-16 items-center justify-between gap-3 lg:h-20">
        <div className="flex min-w-0 items-center gap-3 sm:gap-5">
          <Logo />
          <Link
            to={paths.ops}
            className="flex items-center gap-1.5 text-[0.82rem] font-medium tracking-wide whitespace-nowrap text-ink hover:text-clay"
          >
            <ClipboardList className="size-4" aria-hidden="true" /> Ops desk
          </Link>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button variant="ghost" size="sm" asChild>
            {/* One of the two words is shown, and it is the link's name. */}
            <Link to={paths.home}>
              <span className="sm:hidden">Shop</span>
              <span className="max-sm:hidden">Back to the shop</span>
            </Link>
          </Button>
          <SignOutButton variant="outline" size="sm">
            Sign Out
          </SignOutButton>
        </div>
      </nav>
    </header>
  );
}
