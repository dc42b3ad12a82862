import { describe, expect, it } from 'vitest';
import {
  LENDER_POLICY_SETTINGS,
  longRentalPrice,
  outsidePolicyDates,
  pausesListings,
  policyRefund,
  shareOf,
} from './lender-policies';

/*
 * The lender's policies (decision 0067) as pure rules: each cancellation policy's refund at its
 * boundary (the last instant that gives it, and the next millisecond), in the business's zone;
 * the notice and the blocked dates; the longer-rental discount.
 */
const NY = 'America/New_York';
// 2026-12-01 begins at 05:00 UTC in New York (EST).
const START = '2026-12-01';
const at = (iso: string) => new Date(iso);
const refund = (policy: 'flexible' | 'moderate' | 'strict', now: string, paidCents = 10_000) =>
  policyRefund(policy, { paidCents, startDate: START, now: at(now), timeZone: NY });

describe('policyRefund', () => {
  it('flexible: in full until 24 hours before the start, nothing a moment later', () => {
    expect(refund('flexible', '2026-11-30T05:00:00.000Z')).toMatchObject({ percent: 100, refundCents: 10_000 });
    expect(refund('flexible', '2026-11-30T05:00:00.001Z')).toMatchObject({ percent: 0, refundCents: 0 });
    expect(refund('flexible', '2026-11-20T00:00:00.000Z').deadline).toBe('2026-11-30T05:00:00.000Z');
  });
  it('moderate: in full until 5 days before, nothing after', () => {
    expect(refund('moderate', '2026-11-26T05:00:00.000Z')).toMatchObject({ percent: 100, refundCents: 10_000 });
    expect(refund('moderate', '2026-11-26T05:00:00.001Z')).toMatchObject({ percent: 0, refundCents: 0 });
  });
  it('strict: half until 7 days before, nothing after; never more than was paid (rounded down)', () => {
    expect(refund('strict', '2026-11-24T05:00:00.000Z')).toMatchObject({ percent: 50, refundCents: 5_000 });
    expect(refund('strict', '2026-11-24T05:00:00.001Z')).toMatchObject({ percent: 0, refundCents: 0 });
    expect(refund('strict', '2026-11-01T00:00:00.000Z', 1_001).refundCents).toBe(500);
    expect(refund('strict', '2026-11-01T00:00:00.000Z', 1_001).windowPercent).toBe(50);
  });
  it('counts from the start day in the business zone, across a change of clocks (EDT in summer)', () => {
    // 2026-07-10 begins at 04:00 UTC in New York (EDT): 24 hours before is 2026-07-09T04:00Z.
    const r = (now: string) =>
      policyRefund('flexible', { paidCents: 100, startDate: '2026-07-10', now: at(now), timeZone: NY }).percent;
    expect(r('2026-07-09T04:00:00.000Z')).toBe(100);
    expect(r('2026-07-09T04:00:01.000Z')).toBe(0);
  });
  it('shareOf never exceeds the amount', () => {
    expect(shareOf(999, 50)).toBe(499);
    expect(shareOf(999, 100)).toBe(999);
    expect(shareOf(999, 0)).toBe(0);
  });
});

describe('outsidePolicyDates', () => {
  const today = '2026-11-22';
  it('refuses a start inside the notice, naming the earliest start', () => {
    const err = outsidePolicyDates(
      { startDate: '2026-11-24', endDate: '2026-11-30', today },
      { noticeDays: 3, blocks: [] },
    );
    expect(err?.code).toBe('VALIDATION_FAILED');
    expect(err?.message).toContain('3 days’ notice');
    expect(err?.details).toMatchObject({ reason: 'notice', earliestStart: '2026-11-25' });
    expect(
      outsidePolicyDates({ startDate: '2026-11-25', endDate: '2026-11-30', today }, { noticeDays: 3, blocks: [] }),
    ).toBeNull();
  });
  it('refuses days overlapping a blocked range (its end exclusive), naming it', () => {
    const blocks = [{ startDate: '2026-12-10', endDate: '2026-12-15' }];
    const err = outsidePolicyDates(
      { startDate: '2026-12-14', endDate: '2026-12-18', today },
      { noticeDays: 0, blocks },
    );
    expect(err?.details).toMatchObject({ reason: 'blocked', blockedFrom: '2026-12-10', blockedUntil: '2026-12-15' });
    expect(
      outsidePolicyDates({ startDate: '2026-12-15', endDate: '2026-12-20', today }, { noticeDays: 0, blocks }),
    ).toBeNull();
    expect(
      outsidePolicyDates({ startDate: '2026-12-03', endDate: '2026-12-10', today }, { noticeDays: 0, blocks }),
    ).toBeNull();
  });
});

describe('longRentalPrice and the pause', () => {
  it('takes the discount from LONG_RENTAL_DAYS days, capped', () => {
    const d = LENDER_POLICY_SETTINGS.longRentalDays;
    expect(longRentalPrice(6_000, d - 1, 10)).toBe(6_000);
    expect(longRentalPrice(6_000, d, 10)).toBe(5_400);
    expect(longRentalPrice(6_000, d, 90)).toBe(3_000);
    expect(longRentalPrice(6_000, d, 0)).toBe(6_000);
  });
  it('pauses at the third cancellation', () => {
    expect(pausesListings(2)).toBe(false);
    expect(pausesListings(3)).toBe(true);
  });
});
