import { z } from 'zod';
import { IdNumberSchema } from './ids';
import { CatalogueItemSchema, ItemGenderSchema, type CatalogueItem } from './catalogue';
import { SWIPE_ACTIONS } from './match.rules';

export * from './match.rules';

export const SwipeActionSchema = z.enum(SWIPE_ACTIONS);

/**
 * An item as the match deck and the favorites list show it (and as a favorite's copy keeps it):
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

export const SwipeInputSchema = z.object({
  itemId: IdNumberSchema,
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
