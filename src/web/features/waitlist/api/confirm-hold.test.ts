import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../../lib/api-client';
import { confirmErrorToast } from './confirm-hold';

describe('confirmErrorToast', () => {
  it('a declined card: the server says until when the hold is kept, and Change card goes where it says', () => {
    const gone: string[] = [];
    const err = new ApiClientError(402, {
      code: 'PAYMENT_DECLINED',
      message:
        'Your card was declined by your bank. Please use another card. We keep it held for you until 2026-11-23 10:00 UTC: update your card and confirm again.',
      details: { holdExpiresAt: '2026-11-23T10:00:00.000Z' },
    });
    const t = confirmErrorToast(err, (url) => gone.push(url));
    expect(t).toMatchObject({
      title: 'Payment declined',
      description: expect.stringContaining('We keep it held for you until'),
    });
    t?.action?.onClick();
    expect(gone).toEqual(['/credit-card?mode=manage&returnTo=%2Fdashboard']);
  });

  it('no card: Add a card; anything else: the toast of its code', () => {
    const gone: string[] = [];
    const t = confirmErrorToast(
      new ApiClientError(402, {
        code: 'CARD_REQUIRED',
        message: 'Add a card to rent.',
      }),
      (url) => gone.push(url),
    );
    t?.action?.onClick();
    expect(gone).toEqual(['/credit-card?mode=manage&returnTo=%2Fdashboard']);
    expect(
      confirmErrorToast(new ApiClientError(409, { code: 'CONFLICT', message: 'not held' }), () => {}),
    ).toBeUndefined();
  });
});
