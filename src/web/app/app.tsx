import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';

// The toast area (sonner) loads after the page is live: no toast can be due before then, and it
// keeps the first load small.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function Toasts() {
  // False on the server and while hydrating (so the markup matches). Once live, the area mounts
  // in a transition: in slices the browser can interrupt, not in a render forced right after the
  // hydration's commit (decision 0078). Mounted once per document, at the app's root.
  const [live, setLive] = useState(false);
  useEffect(() => startTransition(() => setLive(true)), []);
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
