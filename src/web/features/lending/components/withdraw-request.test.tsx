import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingRequest } from '@domain/lending';
import { createApi, type Transport } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { RequestCard } from './request-card';

// The first render (the dialog, the card's actions) can pass 5 s on a shared machine, as other web tests allow.
vi.setConfig({ testTimeout: 30_000 });

const PENDING: BookingRequest = {
  id: 7,
  rentalId: 41,
  role: 'renter',
  status: 'pending',
  stage: 'requested',
  actions: ['withdraw'],
  item: { id: 3, name: 'Silk Tea Dress', brand: 'Rixo', imageUrl: '/api/items/3/image.svg' },
  size: 'M',
  startDate: '2026-12-01',
  returnDate: '2026-12-08',
  handoff: 'delivery',
  priceCents: 2_500,
  lenderShareCents: 1_750,
  renterName: 'Willa Renter',
  lenderName: 'Wren Lender',
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-28T10:00:00.000Z',
  decidedAt: null,
  unreadMessages: 0,
  dispatchedAt: null,
  receivedAt: null,
  returnedAt: null,
  checkedInAt: null,
  cancelledBy: null,
  photos: [],
};

let requests: string[] = [];
let transport: Transport = async () => new Response(null, { status: 500 });
let queryClient: QueryClient;
beforeEach(() => {
  requests = [];
  queryClient = createQueryClient(createApi((request) => transport(request), 'http://localhost'));
});
afterEach(() => {
  toast.dismiss();
  cleanup();
  queryClient.clear();
});

function renderCard(request: BookingRequest) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RequestCard request={request} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const trigger = () => screen.getByRole('button', { name: 'Withdraw request: Silk Tea Dress' });

describe('withdrawing a request', () => {
  it('asks first, saying the card hold is released; Keep request has the focus and changes nothing', async () => {
    transport = async (request) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return Response.json({}, { status: 200 });
    };
    renderCard(PENDING);
    fireEvent.click(trigger());
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    expect(dialog).toHaveTextContent(
      'Wren Lender is told. The hold of $25.00 on your card is released: nothing is charged.',
    );
    const keep = within(dialog).getByRole('button', { name: 'Keep request' });
    expect(keep).toHaveFocus();
    fireEvent.click(keep);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('withdraws on confirmation: one POST to /withdraw, a toast, the dialog closes', async () => {
    transport = async (request) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      if (request.method === 'POST')
        return Response.json({ ...PENDING, status: 'withdrawn', stage: 'done', actions: [] }, { status: 200 });
      return Response.json({ incoming: [], outgoing: [] }, { status: 200 });
    };
    renderCard(PENDING);
    fireEvent.click(trigger());
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    });
    expect(await screen.findByText('Request withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual(['POST /api/lending/requests/7/withdraw']);
  });

  it("shows 'Withdrawn' and no button once withdrawn; the lender never sees the button", () => {
    renderCard({ ...PENDING, status: 'withdrawn', stage: 'done', actions: [] });
    expect(screen.getByTestId('request-status')).toHaveTextContent('Withdrawn');
    expect(screen.queryByRole('button', { name: /Withdraw request/ })).toBeNull();
    cleanup();
    renderCard({ ...PENDING, role: 'lender', actions: ['accept', 'decline'] });
    expect(screen.queryByRole('button', { name: /Withdraw request/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept: Silk Tea Dress' })).toBeInTheDocument();
  });
});
