import { isoDate } from './calendar';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAILY_VIEW_LIMIT,
  MATCH_MESSAGES,
  isDailyLimitReached,
  nextIndex,
  otherGender,
  pickCurrent,
  remainingViews,
  swipeDecision,
  swipeLabel,
} from './match';

describe('match rules', () => {
  it('the daily limit is 3 and its message names it', () => {
    expect(DAILY_VIEW_LIMIT).toBe(3);
    expect(MATCH_MESSAGES.dailyLimit).toBe("You've reached your daily limit of 3 items. Come back tomorrow!");
    expect(MATCH_MESSAGES.added('Silk Dress')).toBe('Silk Dress has been saved to your favorites');
    expect(remainingViews(0)).toBe(3);
    expect(remainingViews(2)).toBe(1);
    expect(remainingViews(5)).toBe(0);
    expect(isDailyLimitReached(2)).toBe(false);
    expect(isDailyLimitReached(3)).toBe(true);
  });

  it('counts days in UTC, whatever the local zone', () => {
    expect(isoDate(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(isoDate(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
    // 01:30 in Berlin on the 23rd is still the 22nd in UTC.
    expect(isoDate(new Date('2026-11-23T01:30:00+02:00'))).toBe('2026-11-22');
  });

  it('a drag decides only past 100 px, and labels from 50 px', () => {
    expect(swipeDecision(100)).toBeNull();
    expect(swipeDecision(101)).toBe('like');
    expect(swipeDecision(-100)).toBeNull();
    expect(swipeDecision(-101)).toBe('skip');
    expect(swipeLabel(49)).toBeNull();
    expect(swipeLabel(50)).toBe('like');
    expect(swipeLabel(-50)).toBe('nope');
    expect(swipeLabel(0)).toBeNull();
  });

  it('the index advances and wraps to 0 at the end', () => {
    expect(nextIndex(0, 5)).toBe(1);
    expect(nextIndex(4, 5)).toBe(0);
    expect(nextIndex(3, 0)).toBe(0);
  });

  it('picks the first unviewed item at or after the saved index, wrapping', () => {
    const deck = [{ position: 1 }, { position: 4 }, { position: 6 }];
    expect(pickCurrent(deck, 0)).toEqual({ position: 1 });
    expect(pickCurrent(deck, 2)).toEqual({ position: 4 });
    expect(pickCurrent(deck, 6)).toEqual({ position: 6 });
    expect(pickCurrent(deck, 7)).toEqual({ position: 1 });
    expect(pickCurrent([], 3)).toBeUndefined();
  });

  it('pickCurrent always returns a deck member when the deck is not empty', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(200), { minLength: 1 }), fc.nat(300), (positions, index) => {
        const deck = [...positions].sort((a, b) => a - b).map((position) => ({ position }));
        const picked = pickCurrent(deck, index)!;
        expect(deck).toContain(picked);
        // Nothing in the deck lies between the index and the pick (no item is jumped over).
        if (picked.position >= index)
          expect(deck.some((d) => d.position >= index && d.position < picked.position)).toBe(false);
        else expect(deck.some((d) => d.position >= index)).toBe(false);
      }),
    );
  });

  it('the other gender', () => {
    expect(otherGender('Women')).toBe('Men');
    expect(otherGender('Men')).toBe('Women');
  });
});
