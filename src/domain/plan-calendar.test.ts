import { describe, expect, it } from 'vitest';
import { changeTiming, proRataCents, quoteChange } from './plan-calendar.rules';

describe('the plan calendar rules (decision 0058)', () => {
  it('charges an upgrade the price difference for the days left, rounded down to the cent', () => {
    expect(proRataCents(3999, 6499, '2026-12-07', '2026-11-22', '2026-12-22')).toBe(1250);
    expect(proRataCents(3999, 6499, '2026-12-08', '2026-11-22', '2026-12-22')).toBe(1166); // 1166.67
    expect(proRataCents(3999, 6499, '2026-11-22', '2026-11-22', '2026-12-22')).toBe(2500); // the whole term
    expect(proRataCents(3999, 6499, '2026-12-22', '2026-11-22', '2026-12-22')).toBe(0); // nothing left
    expect(proRataCents(6499, 3999, '2026-12-07', '2026-11-22', '2026-12-22')).toBe(0); // a lower price
  });

  it('applies more pieces on Monthly now; fewer, or a switch of plan, at the next billing date', () => {
    expect(changeTiming({ plan: 'monthly', itemCount: 3 }, { plan: 'monthly', itemCount: 4 })).toBe('now');
    expect(changeTiming({ plan: 'monthly', itemCount: 5 }, { plan: 'monthly', itemCount: 4 })).toBe('next_billing');
    expect(changeTiming({ plan: 'monthly', itemCount: 3 }, { plan: 'threemonths', itemCount: 7 })).toBe('next_billing');
    expect(changeTiming({ plan: 'threemonths', itemCount: 7 }, { plan: 'monthly', itemCount: 9 })).toBe('next_billing');
    const term = { today: '2026-12-01', termStart: '2026-11-22', paidThrough: '2026-12-22' };
    expect(quoteChange({ plan: 'monthly', itemCount: 5 }, { plan: 'threemonths', itemCount: 7 }, term)).toMatchObject({
      appliesOn: '2026-12-22',
      chargeNowCents: 0,
      newPriceCents: 9999,
      newPriceUnit: 'for 3 months',
    });
  });
});
