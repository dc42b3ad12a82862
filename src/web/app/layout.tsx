import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullScreenSpinner } from '../components/ui/spinner';
import { Footer } from '../features/shell/components/footer';
import { Navbar } from '../features/shell/components/navbar';
import { ReadyMarker } from './ready-marker';

/** The shared frame: skip link, navigation bar, the page, the footer. */
export function AppFrame() {
  return (
    <div className="flex min-h-dvh flex-col">
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
