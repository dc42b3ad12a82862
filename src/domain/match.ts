import { z } from 'zod';
import { CatalogueItemSchema, ItemGenderSchema, type CatalogueItem, type ItemGender } from './catalogue';

/** A member may view (like or skip) this many items per UTC day (SPEC 9). */
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

/** The calendar day of an instant in UTC, 'YYYY-MM-DD': the day the daily limit counts in. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export const SWIPE_ACTIONS = ['like', 'skip'] as const;
export const SwipeActionSchema = z.enum(SWIPE_ACTIONS);
export type SwipeAction = z.infer<typeof SwipeActionSchema>;

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

/**
 * An item as the match deck and the favourites list show it (and as a favourite's copy keeps it):
 * the catalogue's own item.
 */
export const MatchItemSchema = CatalogueItemSchema;
export type MatchItem = CatalogueItem;

export const DeckEntrySchema = z.object({
  /** The place of this item in the gender's full ordered list (see pickCurrent). */
  position: z.number().int().min(0),
  item: MatchItemSchema,
});
export type DeckEntry = z.infer<typeof DeckEntrySchema>;

export const DeckSchema = z.object({
  gender: ItemGenderSchema,
  /** How many active items the gender has in all, viewed or not. */
  total: z.number().int().min(0),
  /** The items not viewed yet, in a stable order (by id). */
  items: z.array(DeckEntrySchema),
});
export type Deck = z.infer<typeof DeckSchema>;

export const DeckQuerySchema = z.object({ gender: ItemGenderSchema });

export const DailyViewsSchema = z.object({
  /** The UTC calendar day the count is for. */
  day: z.string(),
  count: z.number().int().min(0),
  limit: z.number().int(),
  remaining: z.number().int().min(0),
});
export type DailyViews = z.infer<typeof DailyViewsSchema>;

export const MAX_ITEM_INDEX = 100_000;

export const ProgressInputSchema = z.object({
  gender: ItemGenderSchema,
  lastItemIndex: z.number().int().min(0).max(MAX_ITEM_INDEX),
});
export type ProgressInput = z.infer<typeof ProgressInputSchema>;

export const ProgressSchema = z.object({
  /** The gender the member looked at last, or null before the first visit. */
  currentGender: ItemGenderSchema.nullable(),
  /** The saved index per gender (0 when never saved). */
  indexes: z.object({ Women: z.number().int(), Men: z.number().int() }),
});
export type Progress = z.infer<typeof ProgressSchema>;

export const ItemIdSchema = z.coerce.number().int().positive();

export const SwipeInputSchema = z.object({
  itemId: z.number().int().positive(),
  action: SwipeActionSchema,
});
export type SwipeInput = z.infer<typeof SwipeInputSchema>;

export const FavoriteSchema = z.object({
  itemId: z.number().int(),
  likedAt: z.string(),
  /** A copy of the item taken when it was liked. */
  item: MatchItemSchema,
});
export type Favorite = z.infer<typeof FavoriteSchema>;

export const FavoriteListSchema = z.object({ items: z.array(FavoriteSchema) });
export type FavoriteList = z.infer<typeof FavoriteListSchema>;

export const SwipeResultSchema = z.object({
  itemId: z.number().int(),
  action: SwipeActionSchema,
  /** False when the item had been viewed before: a second view does not count. */
  counted: z.boolean(),
  daily: DailyViewsSchema,
  favorite: FavoriteSchema.nullable(),
});
export type SwipeResult = z.infer<typeof SwipeResultSchema>;
