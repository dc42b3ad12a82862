import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RentalProtection } from '@domain/protection';
import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { RentingTab } from '..';
import { ApiStub, apiError } from '../../../test/api-stub';
import { rental, type Rental } from '../../../test/fixtures';
import { dismissToasts, renderPage, settle, toasts } from '../../../test/render-page';

/** The dashboard's Renting tab: her rentals with their dates, lateness, and Extend, Cancel, Return, Received. */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

const RESERVED = rental();
const OUT = rental({
  id: 502,
  name: 'Wool Coat',
  status: 'out',
  actions: ['extend', 'return'],
  startDate: '2026-11-20',
  returnDate: '2026-11-27',
  dispatchedAt: '2026-11-19T10:00:00.000Z',
});

function open(rentals: Rental[]) {
  const api = new ApiStub().on('get', '/api/rentals', { rentals });
  return renderPage(RentingTab, { path: '/dashboard', api });
}

const row = (name: string) => screen.getByRole('article', { name });

/** What cancelling gives back (GET /api/protection/rentals/{id}/cancellation, decision 0067). */
const terms = (over: Record<string, unknown>) => ({
  rentalId: 501,
  policy: null,
  paidCents: 2_500,
  refundCents: 2_500,
  percent: 100,
  deadline: null,
  windowPercent: 100,
  ...over,
});

describe('the list', () => {
  it('nothing rented: says so and leads to the collection', async () => {
    open([]);
    expect(await screen.findByText('Nothing rented yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the collection' })).toHaveAttribute('href', '/browse');
  });

  it('a booking not started says when it starts and when it goes back; one out says its return date', async () => {
    open([RESERVED, OUT]);
    await screen.findByRole('list', { name: 'Your rentals' });
    expect(row('Silk Tea Dress')).toHaveTextContent('Starts Dec 3, 2026, return by Dec 10, 2026');
    expect(row('Silk Tea Dress')).toHaveTextContent('Size M · $25.00');
    expect(within(row('Silk Tea Dress')).getByTestId('rental-status')).toHaveTextContent('Reserved');
    expect(row('Wool Coat')).toHaveTextContent('Return by Nov 27, 2026');
    expect(within(row('Wool Coat')).getByTestId('rental-status')).toHaveTextContent('With you');
  });

  it('late: the days, the fee so far, and the rule', async () => {
    open([
      {
        ...OUT,
        status: 'overdue',
        late: { days: 2, feeCents: 714, perDayCents: 357, capCents: 2_500, status: 'accruing' },
      },
    ]);
    expect(await screen.findByTestId('late-fee')).toHaveTextContent(
      '2 days late · fee so far $7.14$3.57 a day (the weekly price / 7), at most $25.00; charged to your card when we check it in.',
    );
  });

  it('only the moves the API allows are offered', async () => {
    open([RESERVED, OUT]);
    await screen.findByRole('list', { name: 'Your rentals' });
    expect(
      within(row('Silk Tea Dress'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
    expect(
      within(row('Wool Coat'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Extend', 'Return']);
  });
});

describe('her moves', () => {
  it('Extend names the return date she saw, and says the new one', async () => {
    const { api, user } = open([OUT]);
    api.on('post', '/api/rentals/{id}/extend', { ...OUT, returnDate: '2026-12-04', extensions: 1 });
    await user.click(await screen.findByRole('button', { name: 'Extend Wool Coat by 7 days' }));
    await waitFor(() => expect(toasts()).toEqual([`${RENTAL_MESSAGES.extended}Now due back Dec 4, 2026.`]));
    expect(api.bodiesSent('post', '/api/rentals/{id}/extend')).toEqual([{ returnDate: '2026-11-27' }]);
    expect(api.writes()).toEqual(['POST /api/rentals/502/extend']);
  });

  it('an extension refused (booked right after) says why', async () => {
    const { api, user } = open([OUT]);
    api.on('post', '/api/rentals/{id}/extend', apiError(409, 'CONFLICT', RENTAL_MESSAGES.extendBlocked));
    await user.click(await screen.findByRole('button', { name: 'Extend Wool Coat by 7 days' }));
    await waitFor(() => expect(toasts()).toEqual([`Error${RENTAL_MESSAGES.extendBlocked}`]));
  });

  it('Cancel says what is refunded; Keep booking changes nothing; Cancel booking posts and says the refund', async () => {
    const { api, user } = open([RESERVED]);
    api.on('get', '/api/protection/rentals/{id}/cancellation', terms({ policy: null, refundCents: 2_500 }));
    api.on('post', '/api/rentals/{id}/cancel', {
      rental: { ...RESERVED, status: 'cancelled', cancelled: true },
      refundCents: 2_500,
      allowanceReturned: false,
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Silk Tea Dress' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
        'You get $25.00 back in full, to the card it was charged to.',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel Silk Tea Dress' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        `${RENTAL_MESSAGES.cancelled}${RENTAL_MESSAGES.cancelledBody} $25.00 goes back to your card.`,
      ]),
    );
    expect(api.writes()).toEqual(['POST /api/rentals/501/cancel']);
  });

  it("a member's piece: the dialog gives the lender's policy and its refund, and the toast says what comes back", async () => {
    const { api, user } = open([RESERVED]);
    api.on(
      'get',
      '/api/protection/rentals/{id}/cancellation',
      terms({
        policy: 'strict',
        refundCents: 1_250,
        percent: 50,
        windowPercent: 50,
        deadline: '2026-11-26T05:00:00.000Z',
      }),
    );
    api.on('post', '/api/rentals/{id}/cancel', {
      rental: { ...RESERVED, status: 'cancelled', cancelled: true },
      refundCents: 1_250,
      allowanceReturned: false,
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Silk Tea Dress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
        'Under the lender’s Strict cancellation policy you get $12.50 of $25.00 back',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        `${RENTAL_MESSAGES.cancelled}Your booking is cancelled. $12.50 goes back to your card, per the lender’s policy.`,
      ]),
    );
  });

  it("a plan's booking cancelled gives the month's place back", async () => {
    const planned = rental({ coveredByPlan: true, chargeCents: 0, plan: 'monthly' });
    const { api, user } = open([planned]);
    api.on('post', '/api/rentals/{id}/cancel', { rental: planned, refundCents: 0, allowanceReturned: true });
    await user.click(await screen.findByRole('button', { name: 'Cancel Silk Tea Dress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
      'Nothing was charged: the piece goes back to your plan for this month.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(toasts()).toEqual([`${RENTAL_MESSAGES.cancelled}${RENTAL_MESSAGES.cancelledPlanBody}`]));
  });

  it('Return asks first, then posts and says it is on its way back', async () => {
    const { api, user } = open([OUT]);
    api.on('post', '/api/rentals/{id}/return', { ...OUT, status: 'returning', actions: [] });
    await user.click(await screen.findByRole('button', { name: 'Return Wool Coat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return Wool Coat?' });
    expect(dialog).toHaveTextContent(RENTAL_MESSAGES.returnConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'I have sent it back' }));
    await waitFor(() => expect(toasts()).toEqual([`${RENTAL_MESSAGES.returned}Wool Coat is on its way back to us.`]));
    expect(api.writes()).toEqual(['POST /api/rentals/502/return']);
  });

  it('a piece on its way is marked received', async () => {
    const onItsWay = { ...OUT, status: 'dispatched' as const, actions: ['received' as const] };
    const { api, user } = open([onItsWay]);
    api.on('post', '/api/rentals/{id}/received', { ...onItsWay, status: 'out', actions: ['extend', 'return'] });
    await user.click(await screen.findByRole('button', { name: 'I have received Wool Coat' }));
    await waitFor(() => expect(toasts()).toEqual([`${RENTAL_MESSAGES.received}Enjoy Wool Coat.`]));
    expect(api.writes()).toEqual(['POST /api/rentals/502/received']);
  });
});

describe('damage cover (decision 0064)', () => {
  const protection = (over: Partial<RentalProtection> = {}): RentalProtection => ({
    rentalId: 501,
    cover: null,
    coverFeeCents: 500,
    canAddCover: true,
    deposit: null,
    depositCents: 0,
    damage: null,
    ...over,
  });
  const covered = protection({
    canAddCover: false,
    cover: { rentalId: 501, feeCents: 500, status: 'active', createdAt: '2026-11-29T10:00:00.000Z' },
  });

  it('a rental not yet sent: the form posts to the dashboard before the app runs; the app adds it, says so, shows Covered', async () => {
    const { api, user } = open([RESERVED]);
    api.on('get', '/api/protection/rentals/{id}', protection());
    api.on('post', '/api/protection/rentals/{id}/cover', covered);
    const button = await screen.findByRole('button', { name: 'Add damage cover ($5) to Silk Tea Dress' });
    expect(button).toHaveTextContent('Add damage cover ($5)');
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/dashboard?tab=renting');
    expect(Object.fromEntries(new FormData(form))).toEqual({ intent: 'cover', rentalId: '501' });
    api.on('get', '/api/protection/rentals/{id}', covered);
    await user.click(button);
    expect(await within(row('Silk Tea Dress')).findByRole('status')).toHaveTextContent(
      'Damage cover added: $5 charged to your card.',
    );
    expect(within(row('Silk Tea Dress')).getByText('Covered')).toBeInTheDocument();
    expect(within(row('Silk Tea Dress')).queryByRole('button', { name: /Add damage cover/ })).toBeNull();
    expect(api.writes()).toEqual(['POST /api/protection/rentals/501/cover']);
  });

  it('refused (no card): the reason on the row, no toast', async () => {
    const { api, user } = open([RESERVED]);
    api.on('get', '/api/protection/rentals/{id}', protection());
    api.on(
      'post',
      '/api/protection/rentals/{id}/cover',
      apiError(409, 'CARD_REQUIRED', 'Add a card to your account first: the fee is charged to it.'),
    );
    await user.click(await screen.findByRole('button', { name: 'Add damage cover ($5) to Silk Tea Dress' }));
    expect(await within(row('Silk Tea Dress')).findByRole('alert')).toHaveTextContent(
      'Add a card to your account first: the fee is charged to it.',
    );
    expect(toasts()).toEqual([]);
  });

  it('a piece already sent offers no cover; one covered says Covered', async () => {
    const { api } = open([RESERVED, OUT]);
    api.on('get', '/api/protection/rentals/{id}', ({ params }) =>
      params.id === '501' ? covered : protection({ rentalId: 502, canAddCover: false }),
    );
    await screen.findByRole('list', { name: 'Your rentals' });
    expect(await within(row('Silk Tea Dress')).findByText('Covered')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('get', '/api/protection/rentals/{id}')).toHaveLength(2));
    await settle();
    expect(within(row('Wool Coat')).queryByTestId('rental-cover')).toBeNull();
    expect(within(row('Wool Coat')).queryByRole('button', { name: /Add damage cover/ })).toBeNull();
  });
});
