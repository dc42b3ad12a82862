import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLitres, litresForItem, recommendationGender, waterSavedLitres } from './dashboard';

describe('water savings', () => {
  it('gives every item a fixed figure from 200 to 2700 litres', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (id) => {
        const l = litresForItem(id);
        expect(Number.isInteger(l)).toBe(true);
        expect(l).toBeGreaterThanOrEqual(200);
        expect(l).toBeLessThanOrEqual(2700);
        expect(litresForItem(id)).toBe(l);
      }),
    );
  });

  it('spreads the figures over the range', () => {
    const values = new Set(Array.from({ length: 84 }, (_, i) => litresForItem(i + 1)));
    expect(values.size).toBeGreaterThan(70);
  });

  it('sums per rental', () => {
    expect(waterSavedLitres([])).toBe(0);
    expect(waterSavedLitres([5, 5])).toBe(2 * litresForItem(5));
  });

  it("shows 1000 and over with 'k'", () => {
    expect(formatLitres(0)).toBe('0');
    expect(formatLitres(999)).toBe('999');
    expect(formatLitres(1000)).toBe('1k');
    expect(formatLitres(1450)).toBe('1.5k');
    expect(formatLitres(12_345)).toBe('12.3k');
  });
});

describe('recommendations', () => {
  it('maps the profile gender to the items shown', () => {
    expect(recommendationGender('male')).toBe('Men');
    expect(recommendationGender('female')).toBe('Women');
    expect(recommendationGender('other')).toBeNull();
    expect(recommendationGender('prefer-not-to-say')).toBeNull();
    expect(recommendationGender(undefined)).toBeNull();
  });
});
