import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiStub, apiError } from '../../../test/api-stub';
import { profile, subscription } from '../../../test/fixtures';
import { dismissToasts, renderPage, settle } from '../../../test/render-page';
import AccountPage from './account';

/** /account's "Your plan" (decision 0058): each change is confirmed with its money and dates, and sends what she chose. */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

function open(sub = subscription()) {
  const api = new ApiStub()
    .on('get', '/api/me', profile())
    .on('get', '/api/reviews/fit-details', {
      fit: { heightCm: null, bustCm: null, waistCm: null, hipsCm: null, usualSize: null },
      updatedAt: null,
    })
    .on('get', '/api/me/sessions', { sessions: [] })
    .on('get', '/api/plans/subscription', sub);
  return renderPage(AccountPage, { path: '/account', api });
}

describe('your plan', () => {
  it('pauses for the months she picks, with the dates and the next charge shown first', async () => {
    const { api, user } = open();
    const booked = subscription({
      pause: { from: '2026-12-15', until: '2027-02-15', reason: 'pause' },
      actions: ['resume', 'cancel'],
    });
    api.on('post', '/api/plans/subscription/pause', () => {
      api.on('get', '/api/plans/subscription', booked);
      return { subscription: booked, chargedCents: 0 };
    });
    const plan = await screen.findByTestId('your-plan');
    expect(plan).toHaveTextContent('Paid through');
    await user.click(within(plan).getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause your plan' });
    await user.click(within(dialog).getByLabelText('2 months'));
    expect(within(dialog).getByTestId('pause-summary')).toHaveTextContent('charged on');
    await user.click(within(dialog).getByRole('button', { name: 'Pause my plan' }));
    await settle();
    expect(api.bodiesSent('post', '/api/plans/subscription/pause')).toEqual([{ months: 2 }]);
    expect(await screen.findByText(/A pause is booked/)).toBeInTheDocument();
  });

  it("shows the server's sentence when a change is refused, in the dialog", async () => {
    const { api, user } = open();
    api
      .on('get', '/api/plans/subscription/change', {
        plan: 'monthly',
        planTitle: 'Monthly',
        itemCount: 3,
        timing: 'next_billing',
        appliesOn: '2026-12-15',
        chargeNowCents: 0,
        currentPriceCents: 9900,
        newPriceCents: 3999,
        newPriceUnit: 'a month',
      })
      .on(
        'post',
        '/api/plans/subscription/change',
        apiError(409, 'CONFLICT', 'Your plan changed meanwhile; please look again.'),
      );
    await user.click(within(await screen.findByTestId('your-plan')).getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your plan' });
    expect(await within(dialog).findByTestId('change-summary')).toHaveTextContent('nothing is charged now');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm the change' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your plan changed meanwhile');
  });
});
