import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner';
import { Footer } from '../features/shell/components/footer';
import { Navbar } from '../features/shell/components/navbar';
import { ReadyMarker } from './ready-marker';

/**
 * While a navigation's client loaders fetch the next page's data (decision 0054), a thin bar along
 * the top edge says so; the page stays as it is until the next one can be drawn whole.
 */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-clay"
    />
  );
}

/** The shared frame: skip link, navigation bar, the page, the footer. */
export function AppFrame() {
  return (
    <div className="flex min-h-dvh flex-col">
      <NavigationProgress />
      <a
        href="#main"
        className="sr-only z-50 bg-ink px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
          <ReadyMarker />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
