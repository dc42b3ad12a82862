import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_MESSAGES } from '@domain/claims';
import { ApiStub, apiError, type ApiBody } from '../../../test/api-stub';
import { dismissToasts, renderPage, settle, STAFF, toasts } from '../../../test/render-page';
import ClaimsPage from './desk-claims';

/** /ops/claims: lenders' damage claims by status; upholding or rejecting one with a note; charging again. */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

type Claim = ApiBody<'get', '/api/ops/claims'>['claims'][number];

const claim = (over: Partial<Claim> = {}): Claim => ({
  id: 12,
  rentalId: 301,
  itemId: 90,
  itemName: 'Silk Tea Dress',
  amountCents: 8_000,
  retailPriceCents: 39_500,
  description: 'A tear along the hem.',
  photos: [{ url: '/api/claims/12/photos/1.jpg', width: 800, height: 600 }],
  lender: { id: 'u-lender', name: 'Wren Lender', email: 'wren@example.com' },
  renter: { id: 'u-member', name: 'Willa Member', email: 'willa@example.com' },
  returnedAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-29T10:00:00.000Z',
  status: 'open',
  chargeStatus: null,
  note: null,
  decidedAt: null,
  decidedBy: null,
  ...over,
});

function open(claims: Record<string, Claim[]> = { open: [claim()] }) {
  const api = new ApiStub().on('get', '/api/ops/claims', ({ query }) => ({
    claims: claims[query.get('status') ?? 'open'] ?? [],
  }));
  return renderPage(ClaimsPage, { user: STAFF, path: '/ops/claims', api });
}

const card = () => screen.getByRole('article', { name: 'Claim on Silk Tea Dress' });

describe('the claims', () => {
  it('lists the open claims: amount, retail price, lender, renter; other statuses are asked for on a click', async () => {
    const { api, user, location } = open({ open: [claim()], upheld: [] });
    const list = await screen.findByRole('list', { name: 'Open claims' });
    expect(within(list).getByRole('heading', { name: 'Silk Tea Dress · $80.00' })).toBeInTheDocument();
    expect(card()).toHaveTextContent('A tear along the hem.');
    expect(card()).toHaveTextContent('Retail price$395.00');
    expect(card()).toHaveTextContent('LenderWren Lender · wren@example.com');
    expect(card()).toHaveTextContent('RenterWilla Member · willa@example.com');
    await user.click(screen.getByRole('button', { name: 'Upheld', pressed: false }));
    expect(await screen.findByText('No claim has been upheld yet.')).toBeInTheDocument();
    expect(location()).toBe('/ops/claims?status=upheld');
    expect(api.callsTo('get', '/api/ops/claims').map((c) => c.query.get('status'))).toEqual(['open', 'upheld']);
  });

  it('no open claim says so', async () => {
    open({ open: [] });
    expect(
      await screen.findByText('No damage claim is waiting. Lenders can open one within 48 hours of a return.'),
    ).toBeInTheDocument();
  });
});

describe('deciding a claim', () => {
  it('uphold: says who is charged and credited, wants a note, posts it, and says both are told', async () => {
    const { api, user } = open();
    api.on('post', '/api/ops/claims/{id}/uphold', claim({ status: 'upheld', chargeStatus: 'charged' }));
    await user.click(await screen.findByRole('button', { name: 'Uphold the claim on Silk Tea Dress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uphold claim' });
    expect(dialog).toHaveTextContent('Willa Member’s card is charged $80.00 and Wren Lender is credited.');
    await user.type(within(dialog).getByLabelText('Note for both members'), 'Ok');
    await user.click(within(dialog).getByRole('button', { name: 'Uphold and charge' }));
    expect(within(dialog).getByLabelText('Note for both members')).toHaveAccessibleDescription(
      'Add a note for both members (at least 5 characters)',
    );
    expect(api.writes()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Note for both members'), ': the photos show the tear.');
    await user.click(within(dialog).getByRole('button', { name: 'Uphold and charge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodiesSent('post', '/api/ops/claims/{id}/uphold')).toEqual([{ note: 'Ok: the photos show the tear.' }]);
    expect(api.writes()).toEqual(['POST /api/ops/claims/12/uphold']);
    await waitFor(() => expect(toasts()).toEqual([`${CLAIM_MESSAGES.upheld}Both members have been told.`]));
  });

  it('reject: posts to reject; a refusal stays in the dialog, without a toast', async () => {
    const { api, user } = open();
    api.on('post', '/api/ops/claims/{id}/reject', apiError(409, 'CONFLICT', 'This claim was decided a moment ago.'));
    await user.click(await screen.findByRole('button', { name: 'Reject the claim on Silk Tea Dress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject claim' });
    expect(dialog).toHaveTextContent('Nothing is charged and Wren Lender’s earning is released.');
    await user.type(within(dialog).getByLabelText('Note for both members'), 'Wear and tear, not damage.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject claim' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Note for both members')).toHaveAccessibleDescription(
        'This claim was decided a moment ago.',
      ),
    );
    expect(api.writes()).toEqual(['POST /api/ops/claims/12/reject']);
    await settle();
    expect(toasts()).toEqual([]);
  });

  it('an upheld claim whose charge failed can be charged again', async () => {
    const failed = claim({ status: 'upheld', chargeStatus: 'failed', note: 'Torn hem', decidedBy: 'Sam Staff' });
    const { api, user } = open({ upheld: [failed] });
    api.on('post', '/api/ops/claims/{id}/retry-charge', { ...failed, chargeStatus: 'charged' });
    await user.click(await screen.findByRole('button', { name: 'Upheld', pressed: false }));
    const button = await screen.findByRole('button', {
      name: 'Charge Willa Member again for the claim on Silk Tea Dress',
    });
    expect(card()).toHaveTextContent('Charge failed');
    expect(card()).toHaveTextContent('NoteTorn hem (Sam Staff)');
    await user.click(button);
    await waitFor(() =>
      expect(toasts()).toEqual([
        `${CLAIM_MESSAGES.retried}Willa Member was charged $80.00 and Wren Lender is credited.`,
      ]),
    );
    expect(api.writes()).toEqual(['POST /api/ops/claims/12/retry-charge']);
  });
});
