import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';

// The toast area (sonner) loads after the page is live: no toast can be due before then, and it
// keeps the first load small.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));
const noSubscription = () => () => {};

function Toasts() {
  // False on the server and while hydrating (so the markup matches), true once live.
  const live = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!live) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        // Below the sticky navigation, never over it: 80 px from lg; below lg its search row makes
        // it about 120 px.
        offset={{ top: 128 }}
        mobileOffset={{ top: 128 }}
        toastOptions={{
          classNames: {
            toast: '!rounded-sm !border-linen !bg-ivory !font-sans !text-ink !shadow-lift',
            title: '!font-semibold',
            description: '!text-taupe',
            error: '!border-danger/40',
          },
        }}
      />
    </Suspense>
  );
}

/** What every page is rendered inside, in the browser and on the server: data cache and toasts. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
