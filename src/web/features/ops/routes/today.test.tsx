import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPS_MESSAGES } from '@domain/ops.rules';
import { ApiStub, apiError } from '../../../test/api-stub';
import { board, deskRental, type DeskBoard } from '../../../test/fixtures';
import { dismissToasts, renderPage, STAFF, toasts } from '../../../test/render-page';
import TodayPage from './today';

/** /ops, the desk's board for today: its lists, their empty states, and dispatching and handing over. */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

const DELIVERY = deskRental();
const PICKUP = deskRental({
  rentalId: 302,
  itemName: 'Wool Coat',
  unitCode: 'RT-000043',
  handoff: 'pickup',
  pickupOption: 'in-store',
  destination: { address: null, studio: 'SoHo Studio, 12 Greene St' },
  member: { name: 'Nora Member', email: 'nora@example.com' },
});
const OVERDUE = deskRental({
  rentalId: 303,
  itemName: 'Linen Suit',
  unitCode: 'RT-000044',
  status: 'overdue',
  unitState: 'with_member',
  dispatchedAt: '2026-11-19T10:00:00.000Z',
  startDate: '2026-11-20',
  returnDate: '2026-11-28',
  daysLate: 3,
  lateFeeCents: 1_500,
  lateFeeStatus: 'accruing',
});
const RETURNING = deskRental({
  rentalId: 304,
  itemName: 'Pleated Skirt',
  unitCode: 'RT-000045',
  status: 'returning',
  returnedAt: '2026-11-30T09:00:00.000Z',
});

function open(today: DeskBoard | ReturnType<typeof apiError>) {
  const api = new ApiStub().on('get', '/api/ops/today', today);
  return renderPage(TodayPage, { user: STAFF, path: '/ops', api });
}

const list = (name: string) => screen.getByRole('list', { name });
const card = (name: string) => screen.getByRole('article', { name });

describe("today's lists", () => {
  it('an empty day says so in every list, and shows no late-to-dispatch list', async () => {
    open(board());
    expect(await screen.findByText('Nothing to send out or put ready today.')).toBeInTheDocument();
    for (const empty of [
      'No piece is waiting at the studio.',
      'Nothing is due back today.',
      'Nothing is overdue.',
      'Nothing is on its way back.',
      'Nothing has been checked in yet today.',
    ])
      expect(screen.getByText(empty)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Late to dispatch/ })).toBeNull();
    expect(screen.getByText(/Dec 1, 2026: what goes out/)).toBeInTheDocument();
  });

  it('shows each rental in its list: member, piece, unit, dates, where it goes, lateness and fee', async () => {
    open(board({ toDispatch: [DELIVERY], awaitingPickup: [PICKUP], overdue: [OVERDUE], returning: [RETURNING] }));
    const delivery = within(await screen.findByRole('list', { name: 'To dispatch' })).getByRole('article', {
      name: 'Silk Tea Dress for Willa Member',
    });
    expect(delivery).toHaveTextContent('Size M');
    expect(within(delivery).getByTestId('unit-code')).toHaveTextContent('RT-000042');
    expect(delivery).toHaveTextContent('Willa Member · willa@example.com');
    expect(delivery).toHaveTextContent('Dec 1, 2026 → Dec 8, 2026');
    expect(delivery).toHaveTextContent('Deliver to5 Elm St, Brooklyn, NY 11201');

    const pickup = within(list('Ready at the studio')).getByRole('article', { name: 'Wool Coat for Nora Member' });
    expect(pickup).toHaveTextContent('StudioSoHo Studio, 12 Greene St');

    const overdue = within(list('Overdue')).getByRole('article', { name: 'Linen Suit for Willa Member' });
    expect(overdue).toHaveTextContent('Late3 days late · fee so far $15.00');

    expect(
      within(list('Sent back, to check in')).getByRole('link', { name: 'Check in Pleated Skirt (RT-000045)' }),
    ).toHaveAttribute('href', '/ops/check-in?code=RT-000045');
    expect(screen.getByText('Nothing is due back today.')).toBeInTheDocument();
  });

  it('late to dispatch: says when it was to start and when it is cancelled if not sent', async () => {
    open(board({ lateToDispatch: [deskRental({ startDate: '2026-11-29' })] }));
    expect(await screen.findByTestId('late-dispatch')).toHaveTextContent(
      'Late to dispatch: was to start Nov 29, 2026. The member has been told; cancelled and refunded in full on',
    );
    expect(
      within(list('Late to dispatch')).getByRole('button', {
        name: 'Mark dispatched: Silk Tea Dress for Willa Member',
      }),
    ).toBeEnabled();
  });

  it('a unit not on the shelf cannot be dispatched, and says why', async () => {
    open(board({ toDispatch: [deskRental({ unitReady: false, unitState: 'cleaning' })] }));
    const button = await screen.findByRole('button', { name: 'Mark dispatched: Silk Tea Dress for Willa Member' });
    expect(button).toBeDisabled();
    expect(card('Silk Tea Dress for Willa Member')).toHaveTextContent('(not on the shelf)');
  });

  it('a board that cannot be loaded says so, with a retry', async () => {
    open(apiError(403, 'FORBIDDEN', 'Staff only'));
    expect(await screen.findByText('The board could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });
});

describe("the board's actions", () => {
  it('Mark dispatched posts the rental, says who has been told, and reads the board again', async () => {
    const { api, user } = open(board({ toDispatch: [DELIVERY] }));
    api.on('post', '/api/ops/rentals/{id}/dispatch', { ...DELIVERY, status: 'dispatched' });
    await user.click(await screen.findByRole('button', { name: 'Mark dispatched: Silk Tea Dress for Willa Member' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        `${OPS_MESSAGES.dispatched}Silk Tea Dress (RT-000042) for Willa Member; she has been told.`,
      ]),
    );
    expect(api.writes()).toEqual(['POST /api/ops/rentals/301/dispatch']);
    await waitFor(() => expect(api.callsTo('get', '/api/ops/today')).toHaveLength(2));
  });

  it('a studio pickup is put ready at the studio instead', async () => {
    const { api, user } = open(board({ toDispatch: [PICKUP] }));
    api.on('post', '/api/ops/rentals/{id}/dispatch', { ...PICKUP, status: 'dispatched' });
    await user.click(await screen.findByRole('button', { name: 'Ready at studio: Wool Coat for Nora Member' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        `${OPS_MESSAGES.readyAtStudio}Wool Coat (RT-000043) for Nora Member; she has been told.`,
      ]),
    );
    expect(api.writes()).toEqual(['POST /api/ops/rentals/302/dispatch']);
  });

  it("a refused dispatch shows the API's reason", async () => {
    const { api, user } = open(board({ toDispatch: [DELIVERY] }));
    api.on('post', '/api/ops/rentals/{id}/dispatch', apiError(409, 'CONFLICT', OPS_MESSAGES.unitNotOnShelf));
    await user.click(await screen.findByRole('button', { name: 'Mark dispatched: Silk Tea Dress for Willa Member' }));
    await waitFor(() => expect(toasts()).toEqual([`Error${OPS_MESSAGES.unitNotOnShelf}`]));
  });

  it('Hand over posts the pickup and says who has it', async () => {
    const { api, user } = open(board({ awaitingPickup: [PICKUP] }));
    api.on('post', '/api/ops/rentals/{id}/hand-over', { ...PICKUP, status: 'out' });
    await user.click(await screen.findByRole('button', { name: 'Hand over Wool Coat to Nora Member' }));
    await waitFor(() => expect(toasts()).toEqual([`${OPS_MESSAGES.handedOver}Wool Coat is with Nora Member.`]));
    expect(api.writes()).toEqual(['POST /api/ops/rentals/302/hand-over']);
  });
});
