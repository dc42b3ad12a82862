import { describe, expect, it } from 'vitest';
import {
  addMonths,
  billingPeriodOn,
  ChoosePlanSchema,
  CATALOGUE_PLAN_IDS,
  isPlanId,
  PlanIdSchema,
  monthlyPriceCents,
  nextBillingDateOn,
  PLANS,
  planBillingMonths,
  THREE_MONTHS_MONTHLY_EQUIVALENT_CENTS,
  planItemAllowance,
  planNextBillingDate,
  planPriceCents,
  planTerms,
} from './plans';

describe('monthlyPriceCents', () => {
  it('rises linearly from 39.99 at 3 items to 89.99 at 9, rounded to the cent', () => {
    expect([3, 4, 5, 6, 7, 8, 9].map(monthlyPriceCents)).toEqual([3999, 4832, 5666, 6499, 7332, 8166, 8999]);
  });

  it('steps by about 8.33 per extra item and never drifts by more than half a cent from the line', () => {
    for (let n = 3; n <= 9; n += 1) {
      const exact = 3999 + ((n - 3) * 5000) / 6;
      expect(Math.abs(monthlyPriceCents(n) - exact)).toBeLessThanOrEqual(0.5);
      expect(Number.isInteger(monthlyPriceCents(n))).toBe(true);
    }
    for (let n = 4; n <= 9; n += 1) {
      const step = monthlyPriceCents(n) - monthlyPriceCents(n - 1);
      expect(step === 833 || step === 834).toBe(true);
    }
  });

  it('charges the 3-item price for fewer items and refuses more than 9 or a fraction', () => {
    expect(monthlyPriceCents(1)).toBe(3999);
    expect(() => monthlyPriceCents(10)).toThrow(RangeError);
    expect(() => monthlyPriceCents(4.5)).toThrow(RangeError);
  });

  it('prices each plan: weekly none, monthly by count, 3 months 99.99', () => {
    expect(planPriceCents('weekly', null)).toBeNull();
    expect(planPriceCents('monthly', 5)).toBe(5666);
    expect(planPriceCents('monthly', null)).toBe(3999);
    expect(planPriceCents('threemonths', null)).toBe(9999);
    expect(planItemAllowance('weekly', null)).toBeNull();
    expect(planItemAllowance('monthly', 6)).toBe(6);
    expect(planItemAllowance('threemonths', null)).toBe(7);
  });
});

describe('the plan catalogue', () => {
  it('has the four SPEC plans with the shared promises', () => {
    expect(CATALOGUE_PLAN_IDS.map((id) => PLANS[id].title)).toEqual(['Weekly', 'Monthly', '3 Months', 'Custom']);
    for (const id of ['weekly', 'monthly', 'threemonths'] as const) {
      expect(PLANS[id].features).toEqual(
        expect.arrayContaining([
          'Cancel or change anytime',
          'Wear each piece up to 7 days',
          'Free shipping and returns',
        ]),
      );
    }
    expect(PLANS.threemonths.features).toEqual(expect.arrayContaining(['7 outfits (one a day)', '3-month commitment']));
    expect(PLANS.monthly.popular).toBe(true);
  });
});

describe('isPlanId', () => {
  it('agrees with PlanIdSchema on the plans, the catalogue-only plan and junk', () => {
    for (const value of [...CATALOGUE_PLAN_IDS, 'Weekly', '', null, undefined, 3, ['weekly'], 'constructor'])
      expect(isPlanId(value), String(value)).toBe(PlanIdSchema.safeParse(value).success);
    expect(isPlanId('custom')).toBe(false);
  });
});

describe('ChoosePlanSchema', () => {
  it('accepts 3..9 items and names itemCount when out of range', () => {
    expect(ChoosePlanSchema.safeParse({ plan: 'monthly', itemCount: 9 }).success).toBe(true);
    const bad = ChoosePlanSchema.safeParse({ plan: 'monthly', itemCount: 10 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['itemCount'], message: 'Item count must be at most 9' });
    expect(ChoosePlanSchema.safeParse({ plan: 'custom' }).success).toBe(false);
  });
});

describe('the billing calendar', () => {
  it('adds months and clamps to the end of shorter months', () => {
    expect(addMonths('2026-11-22', 1)).toBe('2026-12-22');
    expect(addMonths('2026-12-22', 1)).toBe('2027-01-22');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-01-31', 2)).toBe('2027-03-31');
    expect(addMonths('2026-11-22', 3)).toBe('2027-02-22');
  });

  it('finds the period that contains today', () => {
    expect(billingPeriodOn('2026-11-22', '2026-11-22')).toEqual({ start: '2026-11-22', end: '2026-12-22' });
    expect(billingPeriodOn('2026-11-22', '2026-12-21')).toEqual({ start: '2026-11-22', end: '2026-12-22' });
    expect(billingPeriodOn('2026-11-22', '2026-12-22')).toEqual({ start: '2026-12-22', end: '2027-01-22' });
    expect(billingPeriodOn('2027-01-31', '2027-03-01')).toEqual({ start: '2027-02-28', end: '2027-03-31' });
    expect(billingPeriodOn('2026-11-22', '2028-05-30')).toEqual({ start: '2028-05-22', end: '2028-06-22' });
    expect(billingPeriodOn('2026-11-22', '2026-11-01')).toEqual({ start: '2026-11-22', end: '2026-12-22' });
  });
});

describe('3 Months: $99.99 for the three months (decision 0030)', () => {
  it('reads as the better deal: less a month than Monthly at the same 7 pieces', () => {
    expect(PLANS.threemonths).toMatchObject({
      priceCents: 9999,
      priceUnit: 'for 3 months',
      billingMonths: 3,
      monthlyEquivalentCents: 3333,
    });
    expect(THREE_MONTHS_MONTHLY_EQUIVALENT_CENTS).toBeLessThan(monthlyPriceCents(7));
    expect(planBillingMonths('threemonths')).toBe(3);
    expect(planBillingMonths('monthly')).toBe(1);
    expect(planBillingMonths('weekly')).toBeNull();
  });

  it('bills again at the end of each term, and Monthly each month', () => {
    expect(nextBillingDateOn('2026-11-22', '2026-11-22', 3)).toBe('2027-02-22');
    expect(nextBillingDateOn('2026-11-22', '2027-02-21', 3)).toBe('2027-02-22');
    expect(nextBillingDateOn('2026-11-22', '2027-02-22', 3)).toBe('2027-05-22');
    expect(nextBillingDateOn('2026-01-31', '2026-02-15', 1)).toBe('2026-02-28');
    expect(nextBillingDateOn('2026-01-31', '2026-03-01', 1)).toBe('2026-03-31');
  });
});

describe("planTerms: one reading of a plan's price and billing period (docs/product.md, Plans and payment)", () => {
  it('reads 3 Months as $99.99 for the three months, Monthly by the month, Weekly as no price', () => {
    expect(planTerms('threemonths', null)).toEqual({ priceCents: 9999, billingMonths: 3, unit: 'for 3 months' });
    expect(planTerms('threemonths', 7)).toEqual(planTerms('threemonths', null));
    expect(planTerms('monthly', 5)).toEqual({ priceCents: 5666, billingMonths: 1, unit: 'a month' });
    expect(planTerms('monthly', null)).toEqual({ priceCents: 3999, billingMonths: 1, unit: 'a month' });
    expect(planTerms('weekly', null)).toBeNull();
  });

  it('is what the catalogue cards, the charge and the billing months say', () => {
    for (const plan of ['monthly', 'threemonths'] as const) {
      const terms = planTerms(plan, null)!;
      expect(PLANS[plan].priceUnit).toBe(terms.unit);
      expect(PLANS[plan].priceCents).toBe(terms.priceCents);
      expect(planPriceCents(plan, null)).toBe(terms.priceCents);
      expect(planBillingMonths(plan)).toBe(terms.billingMonths);
    }
    expect(PLANS.threemonths.billingMonths).toBe(planTerms('threemonths', null)!.billingMonths);
  });

  it('bills 3 Months again at the end of the term, never a month after paying', () => {
    expect(planNextBillingDate('threemonths', '2026-11-28', '2026-11-28')).toBe('2027-02-28');
    expect(planNextBillingDate('threemonths', '2026-11-28', '2027-01-15')).toBe('2027-02-28');
    expect(planNextBillingDate('threemonths', '2026-11-28', '2027-02-28')).toBe('2027-05-28');
    expect(planNextBillingDate('monthly', '2026-11-28', '2026-11-28')).toBe('2026-12-28');
    expect(planNextBillingDate('weekly', '2026-11-28', '2026-11-28')).toBeNull();
  });
});
