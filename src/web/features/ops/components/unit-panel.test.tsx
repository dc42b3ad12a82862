import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPS_MESSAGES } from '@domain/ops.rules';
import { ApiStub, apiError } from '../../../test/api-stub';
import { board, deskRental, unit, type Unit } from '../../../test/fixtures';
import { dismissToasts, renderPage, STAFF, settle, toasts } from '../../../test/render-page';
import CheckInPage from '../routes/check-in';

/**
 * A scanned unit's moves on the check-in page: cleaning done, to repair, repair done, retire
 * (with a reason), and waiving a late fee (with a reason). Checking in: check-in.test.tsx.
 */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

/** The check-in page with `scanned` open; its queues are empty. */
function open(scanned: Unit) {
  const api = new ApiStub()
    .on('get', '/api/ops/today', board())
    .on('get', '/api/ops/units', { units: [] })
    .on('get', '/api/ops/units/{code}', scanned);
  const page = renderPage(CheckInPage, {
    user: STAFF,
    path: '/ops/check-in',
    url: `/ops/check-in?code=${scanned.code}`,
    api,
  });
  return page;
}

const moved = (over: Partial<Unit>) => unit({ rental: null, ...over });

describe('moves in the warehouse', () => {
  it('cleaning done: posts it and says the piece can be booked again', async () => {
    const { api, user } = open(moved({ state: 'cleaning' }));
    api.on('post', '/api/ops/units/{code}/cleaning-done', moved({ state: 'available' }));
    await user.click(await screen.findByRole('button', { name: 'Cleaning done' }));
    await waitFor(() =>
      expect(toasts()).toEqual([`${OPS_MESSAGES.cleaningDone}Silk Tea Dress (RT-000042) can be booked again.`]),
    );
    expect(api.writes()).toEqual(['POST /api/ops/units/RT-000042/cleaning-done']);
  });

  it('send to repair (from the shelf): posts it with no note', async () => {
    const { api, user } = open(moved({ state: 'available' }));
    api.on('post', '/api/ops/units/{code}/repair', moved({ state: 'repair' }));
    expect(await screen.findByRole('button', { name: 'Send to repair' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cleaning done' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send to repair' }));
    await waitFor(() => expect(toasts()).toEqual([`${OPS_MESSAGES.sentToRepair}Silk Tea Dress (RT-000042).`]));
    expect(api.bodiesSent('post', '/api/ops/units/{code}/repair')).toEqual([{}]);
  });

  it('repair done: posts it and says it goes to cleaning; a refusal is shown', async () => {
    const { api, user } = open(moved({ state: 'repair' }));
    api.on('post', '/api/ops/units/{code}/repair-done', moved({ state: 'cleaning' }));
    await user.click(await screen.findByRole('button', { name: 'Repair done' }));
    expect(screen.queryByRole('button', { name: 'Send to repair' })).toBeNull();
    await waitFor(() =>
      expect(toasts()).toEqual([`${OPS_MESSAGES.repairDone}Silk Tea Dress (RT-000042) goes to cleaning.`]),
    );
    dismissToasts();
    api.on('post', '/api/ops/units/{code}/repair-done', apiError(409, 'CONFLICT', OPS_MESSAGES.unitChanged));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Repair done' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Repair done' }));
    await waitFor(() => expect(toasts()).toContain(`Error${OPS_MESSAGES.unitChanged}`));
  });

  it('a unit out on a rental offers no warehouse move', async () => {
    open(unit({ state: 'with_member' }));
    expect(await screen.findByRole('form', { name: 'Check in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retire unit|Send to repair|Cleaning done/ })).toBeNull();
  });
});

describe('retiring a unit', () => {
  async function openDialog(page: ReturnType<typeof open>) {
    await page.user.click(await screen.findByRole('button', { name: 'Retire unit' }));
    return screen.findByRole('dialog', { name: 'Retire this unit?' });
  }

  it('asks for a reason first; Cancel changes nothing', async () => {
    const page = open(moved({ state: 'available' }));
    const dialog = await openDialog(page);
    expect(dialog).toHaveTextContent('Silk Tea Dress, size M (RT-000042) will never be booked again');
    await page.user.click(within(dialog).getByRole('button', { name: 'Retire unit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason (at least 3 characters)');
    await page.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(page.api.writes()).toEqual([]);
  });

  it('posts the reason, says it is retired and closes', async () => {
    const page = open(moved({ state: 'available' }));
    page.api.on('post', '/api/ops/units/{code}/retire', moved({ state: 'retired' }));
    const dialog = await openDialog(page);
    await page.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Torn beyond repair');
    await page.user.click(within(dialog).getByRole('button', { name: 'Retire unit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(page.api.bodiesSent('post', '/api/ops/units/{code}/retire')).toEqual([{ reason: 'Torn beyond repair' }]);
    await waitFor(() => expect(toasts()).toEqual([`${OPS_MESSAGES.retired}RT-000042 is retired.`]));
  });

  it("a refusal stays in the dialog, in the API's words, without a toast", async () => {
    const page = open(moved({ state: 'cleaning' }));
    page.api.on('post', '/api/ops/units/{code}/retire', apiError(409, 'CONFLICT', OPS_MESSAGES.unitChanged));
    const dialog = await openDialog(page);
    await page.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Moth holes');
    await page.user.click(within(dialog).getByRole('button', { name: 'Retire unit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OPS_MESSAGES.unitChanged);
    expect(within(dialog).getByRole('button', { name: 'Retire unit' })).toBeEnabled();
    await settle(); // an error toast is drawn once sonner has loaded
    expect(toasts()).toEqual([]);
  });
});

describe('the late fee', () => {
  const LATE = deskRental({
    rentalId: 310,
    status: 'returned',
    checkedInAt: '2026-11-30T10:00:00.000Z',
    daysLate: 3,
    lateFeeCents: 1_500,
    lateFeeStatus: 'charged',
  });

  it('shows days late, the fee and its state; Waive posts the reason for the rental', async () => {
    const page = open(unit({ state: 'cleaning', rental: LATE }));
    page.api.on('post', '/api/ops/rentals/{id}/late-fee/waive', { ...LATE, lateFeeStatus: 'waived' });
    expect(await screen.findByTestId('late-fee')).toHaveTextContent('3 days late · late fee $15.00 · Charged');
    await page.user.click(within(screen.getByTestId('late-fee')).getByRole('button', { name: 'Waive fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive the late fee' });
    expect(dialog).toHaveTextContent('$15.00 for Willa Member. A charged fee is refunded to her card.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await page.user.type(reason, 'Too short');
    await page.user.click(within(dialog).getByRole('button', { name: 'Waive fee' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(OPS_MESSAGES.reasonShort);
    expect(page.api.writes()).toEqual([]);
    await page.user.type(reason, ': the courier was late');
    await page.user.click(within(dialog).getByRole('button', { name: 'Waive fee' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(page.api.writes()).toEqual(['POST /api/ops/rentals/310/late-fee/waive']);
    expect(page.api.bodiesSent('post', '/api/ops/rentals/{id}/late-fee/waive')).toEqual([
      { reason: 'Too short: the courier was late' },
    ]);
    await waitFor(() => expect(toasts()).toEqual([`${OPS_MESSAGES.feeWaived}Willa Member will not pay it.`]));
  });

  it('a refused waiver is said in the dialog', async () => {
    const page = open(unit({ state: 'cleaning', rental: LATE }));
    page.api.on('post', '/api/ops/rentals/{id}/late-fee/waive', apiError(409, 'CONFLICT', OPS_MESSAGES.feeChanged));
    await page.user.click(await screen.findByRole('button', { name: 'Waive fee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive the late fee' });
    await page.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The courier was late');
    await page.user.click(within(dialog).getByRole('button', { name: 'Waive fee' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OPS_MESSAGES.feeChanged);
  });

  it('a fee still growing, or waived already, cannot be waived', async () => {
    open(unit({ state: 'with_member', rental: { ...LATE, checkedInAt: null, lateFeeStatus: 'accruing' } }));
    expect(await screen.findByTestId('late-fee')).toHaveTextContent('Growing each day until it is back');
    expect(screen.queryByRole('button', { name: 'Waive fee' })).toBeNull();
    cleanup();
    open(unit({ state: 'cleaning', rental: { ...LATE, lateFeeStatus: 'waived' } }));
    expect(await screen.findByTestId('late-fee')).toHaveTextContent('Waived');
    expect(screen.queryByRole('button', { name: 'Waive fee' })).toBeNull();
  });
});
