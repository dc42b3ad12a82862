import { ClipboardList, Heart, Menu, UserRound, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { SignOutButton } from '../../../components/sign-out-button';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { isStaff, useSession } from '../../../lib/session';
import { cn } from '../../../lib/cn';
import { NotificationBell } from '../../notifications';
import { Logo } from './logo';
import { NavSearch } from './nav-search';
import { StaffNavbar, isDeskPath } from './staff-navbar';

const LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.browse, label: 'Browse' },
  { to: paths.match, label: 'NEW: Match your Outfit', highlight: true },
  { to: paths.pricing, label: 'Pricing' },
  // On the desktop bar only where there is room (2xl); always in the phone menu and the footer.
  { to: paths.preLoved, label: 'Pre-loved', wide: true },
  { to: paths.howItWorks, label: 'How It Works' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap text-[0.82rem] tracking-wide transition-colors hover:text-ink',
    isActive ? 'text-ink' : 'text-taupe',
  );

/**
 * The navigation bar: links, and Sign In / Join Now or Favorites / Your Account / Sign Out. On
 * the operations desk, staff get the desk's own header instead (StaffNavbar).
 */
export function Navbar() {
  const { data: session } = useSession();
  const location = useLocation();
  if (isStaff(session) && isDeskPath(location.pathname)) return <StaffNavbar />;
  return <ShopNavbar />;
}

function ShopNavbar() {
  const { data: session } = useSession();
  const location = useLocation();
  // The phone menu is open for one page only: opening records the path, navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const setOpen = (fn: (v: boolean) => boolean) => setOpenOn(fn(open) ? location.pathname : null);

  const account = session ? (
    <>
      {isStaff(session) && (
        <Button variant="ghost" size="sm" asChild>
          {/* Staff have one link more: on narrower desktops it is its icon, named for screen readers. */}
          <Link to={paths.ops} title="Ops desk">
            <ClipboardList aria-hidden="true" /> <span className="lg:max-2xl:sr-only">Ops desk</span>
          </Link>
        </Button>
      )}
      <Button variant="ghost" size="sm" asChild>
        <Link to={paths.favorites}>
          <Heart aria-hidden="true" /> Favorites
        </Link>
      </Button>
      <Button variant="ghost" size="sm" asChild>
        <Link to={paths.dashboard}>
          <UserRound aria-hidden="true" /> Your Account
        </Link>
      </Button>
      <SignOutButton variant="outline" size="sm">
        Sign Out
      </SignOutButton>
    </>
  ) : (
    <>
      <Button variant="ghost" size="sm" asChild>
        <Link to={paths.login}>Sign In</Link>
      </Button>
      <Button size="sm" asChild>
        <Link to={paths.signup}>Join Now</Link>
      </Button>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-linen/70 bg-paper/92 backdrop-blur">
      <nav
        aria-label="Main"
        className="container-page flex h-16 items-center justify-between gap-6 lg:h-20 lg:gap-4 xl:gap-5"
      >
        <Logo />
        <ul className="hidden shrink-0 items-center gap-4 lg:flex xl:gap-5 2xl:gap-7">
          {LINKS.map((l) => (
            <li key={l.to} className={'wide' in l ? 'hidden 2xl:list-item' : undefined}>
              <NavLink to={l.to} end={'end' in l} className={linkClass}>
                {/* The name is the visible text, 'NEW: Match your Outfit' (axe label-content-name-mismatch). */}
                {'highlight' in l ? (
                  <span>
                    <span className="text-[0.7rem] font-semibold tracking-[0.14em] text-clay">NEW:</span> Match your
                    Outfit
                  </span>
                ) : (
                  l.label
                )}
              </NavLink>
            </li>
          ))}
        </ul>
        {/* The search field takes the room the links and the account leave (a staff member has one link more). */}
        <NavSearch className="hidden min-w-28 max-w-64 flex-1 lg:block" />
        <div className="hidden shrink-0 items-center gap-1 whitespace-nowrap lg:flex">
          {session && (
            <Suspense fallback={<span className="inline-block size-11" />}>
              <NotificationBell />
            </Suspense>
          )}
          {account}
        </div>
        {session && (
          <Suspense fallback={<span className="ml-auto inline-block size-11 lg:hidden" />}>
            <NotificationBell className="ml-auto lg:hidden" />
          </Suspense>
        )}
        <button
          type="button"
          className="-mr-2 rounded-full p-2 text-ink hover:bg-sand lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </nav>
      <div className="container-page pb-2.5 lg:hidden">
        <NavSearch />
      </div>
      {open && (
        <div id="mobile-menu" className="border-t border-linen bg-paper lg:hidden">
          <ul className="container-page flex flex-col py-3">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end={'end' in l}
                  className={({ isActive }) => cn('block py-3 text-base', isActive ? 'text-ink' : 'text-taupe')}
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="container-page flex flex-wrap gap-2 border-t border-linen py-4">{account}</div>
        </div>
      )}
    </header>
  );
}
