import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './app';
import { createRouter } from './router';
import { readServerState } from './server-state';

/** Starts the app: hydrates the page the server rendered, or renders it in an empty #root. */
export async function start() {
  const container = document.getElementById('root')!;
  const serverState = container.hasChildNodes() ? readServerState(document) : null;
  const queryClient = createQueryClient();
  if (serverState) hydrate(queryClient, serverState);
  const router = await createRouter(serverState !== null);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (serverState) {
    // The page is already painted; hydrating in a transition lets the browser answer input
    // between slices of the work instead of in one long task.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}

