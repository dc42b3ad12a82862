import { QueryClientProvider, useMutation, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MATCH_MESSAGES } from '@domain/match.rules';
import type { ErrorCode } from '@domain/errors';
import { useFavorites } from '../features/match/api/get-favorites';
import { useSwipe } from '../features/match/api/swipe';
import { createApi, type Transport } from './api-client';
import { createQueryClient } from './query-client';

/** Where this test's API client sends its requests (answerWith sets it). */
let transport: Transport = (request) => fetch(request);

/** The API answers every request with this error, in the one error shape (a real Response). */
function answerWith(status: number, code: ErrorCode, message: string) {
  const requests: string[] = [];
  transport = async (request) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    return Response.json({ error: { code, message } }, { status });
  };
  return requests;
}

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = createQueryClient(createApi((request) => transport(request), 'http://localhost'));
});
afterEach(() => {
  toast.dismiss(); // sonner's list of toasts outlives a test
  cleanup();
  queryClient.clear();
  transport = (request) => fetch(request);
});

function renderWithToasts(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** The toasts on screen (sonner renders each as an li[data-sonner-toast]). */
const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent);

/** Lets queries settle and sonner (loaded on demand) draw. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 150)));

function Favorites({ label }: { label: string }) {
  const favorites = useFavorites(true, { errorToast: MATCH_MESSAGES.loadFavoritesFailed });
  return <p>{favorites.isError ? `${label}: failed` : `${label}: loading`}</p>;
}

function Swipe() {
  const swipe = useSwipe();
  return <button onClick={() => swipe.mutate({ itemId: 1, action: 'like' })}>Like</button>;
}

function Quiet() {
  const m = useMutation({ mutationFn: () => Promise.reject(new Error('refused')), meta: { errorToast: false } });
  return <button onClick={() => m.mutate()}>Quiet</button>;
}

describe('errors handled once (the query client)', () => {
  it('a failing query shows one toast with its wording, however many components read it', async () => {
    const requests = answerWith(404, 'NOT_FOUND', 'No such member');
    renderWithToasts(
      <>
        <Favorites label="page" />
        <Favorites label="badge" />
      </>,
    );
    expect(await screen.findByText('page: failed')).toBeInTheDocument();
    expect(screen.getByText('badge: failed')).toBeInTheDocument();
    await settle();
    expect(requests).toEqual(['GET /api/favorites']);
    expect(toasts()).toEqual([`Error${MATCH_MESSAGES.loadFavoritesFailed}`]);
  });

  it('a failing mutation shows the toast of its code (the daily limit has its own)', async () => {
    answerWith(429, 'DAILY_LIMIT_REACHED', 'Daily limit reached');
    renderWithToasts(<Swipe />);
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText(MATCH_MESSAGES.dailyLimit)).toBeInTheDocument();
    await settle();
    expect(toasts()).toEqual([`${MATCH_MESSAGES.dailyLimitTitle}${MATCH_MESSAGES.dailyLimit}`]);
  });

  it('a mutation whose page shows its own error (meta.errorToast false) shows no toast', async () => {
    renderWithToasts(<Quiet />);
    fireEvent.click(screen.getByRole('button', { name: 'Quiet' }));
    await settle();
    expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error');
    expect(toasts()).toEqual([]);
  });
});
