import { describe, expect, it } from 'vitest';
import { nextRange, type RangeDraft } from './next-range';

const opts = { defaultDays: 7, maxDays: 28 };
/** The item page's default: the week from the first free day, shown before she clicks. */
const defaultWeek: RangeDraft = { range: { from: '2026-12-01', to: '2026-12-08' }, awaitingEnd: false };

describe('nextRange: a click in the booking calendar', () => {
  it('on a day after the default week starts a new week there (it never becomes the end: 10 days billed as 2 weeks)', () => {
    expect(nextRange(defaultWeek, '2026-12-11', opts)).toEqual({
      range: { from: '2026-12-11', to: '2026-12-18' },
      awaitingEnd: true,
    });
  });

  it('on a day before the default week starts a new week there', () => {
    expect(nextRange(defaultWeek, '2026-11-29', opts)).toEqual({
      range: { from: '2026-11-29', to: '2026-12-06' },
      awaitingEnd: true,
    });
  });

  it('on a day inside the shown range starts there too, and keeps the length she had chosen', () => {
    const twoWeeks: RangeDraft = { range: { from: '2026-12-01', to: '2026-12-15' }, awaitingEnd: false };
    expect(nextRange(twoWeeks, '2026-12-04', opts)).toEqual({
      range: { from: '2026-12-04', to: '2026-12-18' },
      awaitingEnd: true,
    });
  });

  it('right after a start, a later day is the return date; the start or an earlier day starts again', () => {
    const started = nextRange(defaultWeek, '2026-12-10', opts);
    expect(nextRange(started, '2026-12-20', opts)).toEqual({
      range: { from: '2026-12-10', to: '2026-12-20' },
      awaitingEnd: false,
    });
    expect(nextRange(started, '2026-12-12', opts)).toEqual({
      range: { from: '2026-12-10', to: '2026-12-12' },
      awaitingEnd: false,
    });
    expect(nextRange(started, '2026-12-10', opts)).toEqual({
      range: { from: '2026-12-10', to: '2026-12-17' },
      awaitingEnd: true,
    });
    expect(nextRange(started, '2026-12-06', opts)).toEqual({
      range: { from: '2026-12-06', to: '2026-12-13' },
      awaitingEnd: true,
    });
  });

  it('after a return date, the next click is a start again', () => {
    const ended = nextRange(nextRange(defaultWeek, '2026-12-10', opts), '2026-12-14', opts);
    expect(nextRange(ended, '2026-12-20', opts)).toEqual({
      range: { from: '2026-12-20', to: '2026-12-24' },
      awaitingEnd: true,
    });
  });

  it('caps a return date at the longest rental, and starts a default week when nothing is shown', () => {
    const started = nextRange(null, '2026-12-01', opts);
    expect(started).toEqual({ range: { from: '2026-12-01', to: '2026-12-08' }, awaitingEnd: true });
    expect(nextRange(started, '2027-02-01', opts).range).toEqual({ from: '2026-12-01', to: '2026-12-29' });
  });
});
