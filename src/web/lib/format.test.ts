import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatCount, formatDate, formatDateTime, formatInstantDate } from './format';

const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatCents', () => {
  it('prints what Intl prints for US dollars', () => {
    for (const cents of [
      0, 1, 9, 10, 99, 100, 599, 999, 1000, 99_999, 100_000, 123_456, 100_000_000, -1, -50, -123_456,
    ]) {
      expect(formatCents(cents), String(cents)).toBe(intl.format(cents / 100));
    }
  });

  it('agrees with Intl for any whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatCents(cents)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatCount', () => {
  it('agrees with toLocaleString for any whole number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
      { numRuns: 2000 },
    );
    for (const n of [0, 7, 999, 1000, 12_345, 1_000_000, -1000]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('formatDate', () => {
  it('reads the date as a calendar date', () => {
    expect(formatDate('2026-11-29')).toBe('Nov 29, 2026');
    expect(formatDate('2026-01-01T23:30:00Z')).toBe('Jan 1, 2026');
  });

  it('agrees with toLocaleDateString for any day', () => {
    const intlDate = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }), (at) => {
        expect(formatDate(at.toISOString())).toBe(intlDate.format(at));
        expect(formatDate(at.toISOString().slice(0, 10))).toBe(intlDate.format(at));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatDateTime and formatInstantDate', () => {
  const zones = ['America/New_York', 'America/Los_Angeles', 'Asia/Kolkata', 'UTC', 'Australia/Lord_Howe'];
  it('print what toLocaleString prints in the zone, for any instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (at, timeZone) => {
          const iso = at.toISOString();
          const parts = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone } as const;
          expect(formatDateTime(iso, timeZone)).toBe(at.toLocaleString('en-US', { ...parts, year: 'numeric' }));
          expect(formatDateTime(iso, timeZone, { year: false })).toBe(at.toLocaleString('en-US', parts));
          expect(formatInstantDate(iso, timeZone)).toBe(
            at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
