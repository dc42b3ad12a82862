import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiStub, type ApiBody } from '../../../test/api-stub';
import { dismissToasts, renderPage, STAFF } from '../../../test/render-page';
import PromoCodesPage from './desk-promo-codes';

/** /ops/promo-codes: the desk's codes (decision 0056): creating one from the form, switching one off. */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

type Code = ApiBody<'get', '/api/ops/promo-codes'>['codes'][number];

const code = (over: Partial<Code> = {}): Code => ({
  id: 3,
  code: 'SPRING-10',
  kind: 'percent',
  percentOff: 10,
  amountOffCents: null,
  minSpendCents: 5_000,
  firstRentalOnly: false,
  validFrom: null,
  validUntil: '2026-12-31',
  maxUses: 100,
  maxUsesPerMember: 1,
  uses: 7,
  active: true,
  createdAt: '2026-11-29T10:00:00.000Z',
  ...over,
});

function open(codes: Code[] = [code()]) {
  const api = new ApiStub()
    .on('get', '/api/ops/promo-codes', { codes })
    .on('post', '/api/ops/promo-codes', ({ body }) => code({ id: 4, ...body, uses: 0, active: true }))
    .on('patch', '/api/ops/promo-codes/{id}', ({ body }) => code({ active: body.active }));
  return renderPage(PromoCodesPage, { user: STAFF, path: '/ops/promo-codes', api });
}

describe('the promo codes desk', () => {
  it('lists each code with its terms and uses, and switches one off', async () => {
    const { api, user } = open();
    const row = await screen.findByTestId('promo-code');
    expect(row).toHaveTextContent('SPRING-10');
    expect(row).toHaveTextContent('10% off · from $50.00 · until Dec 31, 2026 · 7 of 100 uses · 1 per member');
    await user.click(screen.getByRole('button', { name: 'Switch SPRING-10 off' }));
    await waitFor(() => expect(api.bodiesSent('patch', '/api/ops/promo-codes/{id}')).toEqual([{ active: false }]));
  });

  it('creates a code: dollars sent as cents, the code in capitals, empty limits as none; a bad field is named', async () => {
    const { api, user } = open([]);
    await screen.findByText('No promo code yet');
    await user.type(screen.getByLabelText('Code'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText(/A code is 3 to 32 letters/)).toBeInTheDocument();
    expect(api.bodiesSent('post', '/api/ops/promo-codes')).toEqual([]);

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'welcome-back');
    await user.selectOptions(screen.getByLabelText('Discount'), 'amount');
    await user.type(screen.getByLabelText('Amount off ($)'), '12.50');
    await user.clear(screen.getByLabelText('Uses per member'));
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(api.bodiesSent('post', '/api/ops/promo-codes')).toHaveLength(1));
    expect(api.bodiesSent('post', '/api/ops/promo-codes')[0]).toEqual({
      code: 'WELCOME-BACK',
      kind: 'amount',
      percentOff: null,
      amountOffCents: 1_250,
      minSpendCents: 0,
      firstRentalOnly: false,
      validFrom: null,
      validUntil: null,
      maxUses: null,
      maxUsesPerMember: null,
      active: true,
    });
  });
});
