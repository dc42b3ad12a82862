import { describe, expect, it } from 'vitest';
import { MIN_CHARGE_CENTS, PromoCodeFormSchema, PromoCodeInputSchema, betterOf, discountCents } from './offers';

describe('offers (decision 0056)', () => {
  it('takes a percent rounded down to the cent, or an amount, never leaving less than the smallest charge', () => {
    expect(discountCents(999, { kind: 'percent', percentOff: 20, amountOffCents: null })).toBe(199);
    expect(discountCents(10_000, { kind: 'amount', percentOff: null, amountOffCents: 1_500 })).toBe(1_500);
    expect(discountCents(1_000, { kind: 'amount', percentOff: null, amountOffCents: 5_000 })).toBe(
      1_000 - MIN_CHARGE_CENTS,
    );
    expect(discountCents(40, { kind: 'percent', percentOff: 90, amountOffCents: null })).toBe(0);
  });

  it('the better of two discounts, the first on a tie, never both', () => {
    const welcome = { kind: 'welcome', cents: 200 };
    const code = { kind: 'code', cents: 300 };
    expect(betterOf(welcome, code)).toBe(code);
    expect(betterOf(welcome, { kind: 'code', cents: 200 })).toBe(welcome);
    expect(betterOf(null, code)).toBe(code);
    expect(betterOf(welcome, null)).toBe(welcome);
  });

  it("the desk's form: dollars as cents, empty limits as none, a code in capitals; refusals by field", () => {
    const ok = PromoCodeFormSchema.parse({
      code: ' spring-10 ',
      kind: 'amount',
      percentOff: '',
      amountOff: '$12.50',
      minSpend: '50',
      firstRentalOnly: true,
      validFrom: '2026-12-01',
      validUntil: '',
      maxUses: '',
      maxUsesPerMember: '1',
    });
    expect(ok).toEqual({
      code: 'SPRING-10',
      kind: 'amount',
      percentOff: null,
      amountOffCents: 1_250,
      minSpendCents: 5_000,
      firstRentalOnly: true,
      validFrom: '2026-12-01',
      validUntil: null,
      maxUses: null,
      maxUsesPerMember: 1,
      active: true,
    });
    // What the form makes, the API's schema takes.
    expect(PromoCodeInputSchema.safeParse(ok).success).toBe(true);
    const bad = PromoCodeFormSchema.safeParse({
      code: 'x',
      kind: 'percent',
      percentOff: '95',
      amountOff: '',
      minSpend: 'abc',
      firstRentalOnly: false,
      validFrom: '',
      validUntil: '',
      maxUses: '0',
      maxUsesPerMember: '',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['code', 'minSpend', 'maxUses']));
  });

  it('the API refuses a percentage without its number and an end before the start', () => {
    const r = PromoCodeInputSchema.safeParse({
      code: 'ABC',
      kind: 'percent',
      validFrom: '2026-12-02',
      validUntil: '2026-12-01',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['percentOff', 'validUntil']);
  });
});
