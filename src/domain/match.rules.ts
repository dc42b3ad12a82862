import type { ItemGender } from './catalogue.rules';

/*
 * The match feature's limits, messages and swipe rules, without zod (the item page's Add to
 * Wishlist needs the messages); the schemas are in match.ts, which re-exports all of this (see
 * catalogue.rules.ts for why).
 */

/** A member may view (like or skip) this many items per UTC day (docs/product.md, Match and favorites). */
export const DAILY_VIEW_LIMIT = 3;
/** A drag further than this (px, horizontally) decides: right likes, left skips. */
export const SWIPE_THRESHOLD_PX = 100;
/** From this far (px) the LIKE / NOPE label shows on the card. */
export const SWIPE_LABEL_PX = 50;

export const MATCH_MESSAGES = {
  dailyLimitTitle: 'Daily limit reached',
  dailyLimit: `You've reached your daily limit of ${DAILY_VIEW_LIMIT} items. Come back tomorrow!`,
  addedTitle: 'Added to Favorites!',
  added: (name: string) => `${name} has been saved to your favorites`,
  removedTitle: 'Removed',
  removed: 'Item removed from favorites',
  loadFavoritesFailed: 'Failed to load your favorite items',
  removeFavoriteFailed: 'Failed to remove item from favorites.',
} as const;

export const SWIPE_ACTIONS = ['like', 'skip'] as const;
export type SwipeAction = (typeof SWIPE_ACTIONS)[number];

/** What a drag of `dx` px decides once released: past the threshold it likes or skips, else nothing. */
export function swipeDecision(dx: number): SwipeAction | null {
  if (dx > SWIPE_THRESHOLD_PX) return 'like';
  if (dx < -SWIPE_THRESHOLD_PX) return 'skip';
  return null;
}

/** The label a card shows while dragged `dx` px: LIKE from 50 px right, NOPE from 50 px left. */
export function swipeLabel(dx: number): 'like' | 'nope' | null {
  if (dx >= SWIPE_LABEL_PX) return 'like';
  if (dx <= -SWIPE_LABEL_PX) return 'nope';
  return null;
}

/** Views left today for a count (never below zero). */
export function remainingViews(count: number): number {
  return Math.max(0, DAILY_VIEW_LIMIT - count);
}

export function isDailyLimitReached(count: number): boolean {
  return count >= DAILY_VIEW_LIMIT;
}

/**
 * The item a deck shows for a saved index. Positions are places in the full, stably ordered list
 * of the gender's items (viewed ones included), so they stay valid after viewed items leave the
 * deck: the card is the first unviewed item at or after the index, wrapping to the start.
 */
export function pickCurrent<T extends { position: number }>(deck: readonly T[], lastItemIndex: number): T | undefined {
  return deck.find((d) => d.position >= lastItemIndex) ?? deck[0];
}

/** The index after acting on the item at `position`: the next place, wrapping to 0 at the end. */
export function nextIndex(position: number, total: number): number {
  if (total <= 0) return 0;
  return (position + 1) % total;
}

/** The other gender's deck (for "You've seen everything"). */
export function otherGender(gender: ItemGender): ItemGender {
  return gender === 'Women' ? 'Men' : 'Women';
}
