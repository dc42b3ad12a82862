import { describe, expect, it } from 'vitest';
import { firstFreeStart, handoffOf, heldUntilAfterCleaning, occupancyOf, overlaps } from './availability';

const rules = { cleaningDays: 2 };

describe('availability: the days a rental holds its unit', () => {
  it('holds a delivery from the shipping day before its start to the end of the cleaning window', () => {
    expect(occupancyOf({ startDate: '2026-12-10', endDate: '2026-12-17' }, 'delivery', rules, '2026-12-01')).toEqual({
      start: '2026-12-09',
      end: '2026-12-19',
    });
    expect(occupancyOf({ startDate: '2026-12-10', endDate: '2026-12-17' }, 'pickup', rules, '2026-12-01')).toEqual({
      start: '2026-12-10',
      end: '2026-12-19',
    });
    expect(
      occupancyOf({ startDate: '2026-12-10', endDate: '2026-12-17' }, 'delivery', { cleaningDays: 0 }, '2026-12-01'),
    ).toEqual({ start: '2026-12-09', end: '2026-12-17' });
  });

  it('never holds a day before today: a piece going out today is sent today', () => {
    expect(occupancyOf({ startDate: '2026-12-01', endDate: '2026-12-08' }, 'delivery', rules, '2026-12-01')).toEqual({
      start: '2026-12-01',
      end: '2026-12-10',
    });
  });

  it('reads the pickup choice: in-store is a studio pickup, anything else a delivery', () => {
    expect(handoffOf('in-store')).toBe('pickup');
    expect(handoffOf('online')).toBe('delivery');
    expect(handoffOf(null)).toBe('delivery');
  });

  it('a piece checked in today is not bookable for tomorrow, and is once its cleaning window has passed', () => {
    const today = '2026-12-01';
    const held = { start: '2026-11-20', end: heldUntilAfterCleaning(today, rules) }; // until 2026-12-03
    const wants = (start: string, handoff: 'delivery' | 'pickup') =>
      occupancyOf({ startDate: start, endDate: '2026-12-20' }, handoff, rules, today);
    expect(overlaps(held, wants('2026-12-02', 'delivery'))).toBe(true);
    expect(overlaps(held, wants('2026-12-03', 'delivery'))).toBe(true); // shipped 12-02, still cleaning
    expect(overlaps(held, wants('2026-12-03', 'pickup'))).toBe(false);
    expect(overlaps(held, wants('2026-12-04', 'delivery'))).toBe(false);
  });

  it("finds the first start whose own held days fit between the unit's", () => {
    const held = [
      { start: '2026-12-09', end: '2026-12-19' },
      { start: '2026-12-23', end: '2027-01-02' },
    ];
    const opts = { days: 7, rules, today: '2026-12-01', until: '2027-12-01' };
    // A week from 12-01 would be held until 12-10: it runs into the hold from 12-09.
    expect(firstFreeStart(held, { ...opts, from: '2026-12-01', handoff: 'delivery' })).toBe('2027-01-03');
    expect(firstFreeStart(held, { ...opts, from: '2026-12-01', handoff: 'pickup' })).toBe('2027-01-02');
    // Two days fit before it: held 12-01..12-05.
    expect(firstFreeStart(held, { ...opts, days: 2, from: '2026-12-01', handoff: 'delivery' })).toBe('2026-12-01');
    expect(firstFreeStart(held, { ...opts, from: '2026-12-01', handoff: 'delivery', until: '2026-12-31' })).toBeNull();
  });
});
