import { z } from 'zod';
import { CatalogueItemSchema } from './catalogue';
import { MAX_ID } from './ids';
import { SHORTLIST_NAME_MAX } from './shortlists.rules';

/**
 * Shortlists (docs/product.md "Favorites and shortlists", decision 0034): a member's named lists
 * of pieces ('Wedding in June'), beside her favorites, which stay exactly as they are.
 */

export * from './shortlists.rules';

/** The name as typed, trimmed; the same name in another case counts as taken. */
export const ShortlistNameSchema = z
  .string({ error: 'Give the shortlist a name' })
  .trim()
  .min(1, { error: 'Give the shortlist a name' })
  .max(SHORTLIST_NAME_MAX, { error: `A name is at most ${SHORTLIST_NAME_MAX} characters` });

const ItemIdSchema = z
  .number({ error: 'itemId must be a number' })
  .int('itemId must be a whole number')
  .positive('itemId must be positive')
  .max(MAX_ID, `itemId must be at most ${MAX_ID}`);

export const CreateShortlistSchema = z.object({
  name: ShortlistNameSchema,
  /** A piece to put in it at once (from an item page). */
  itemId: ItemIdSchema.optional(),
});
export type CreateShortlistInput = z.infer<typeof CreateShortlistSchema>;

export const RenameShortlistSchema = z.object({ name: ShortlistNameSchema });
export type RenameShortlistInput = z.infer<typeof RenameShortlistSchema>;

export const ShortlistSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its pieces, last added first (pieces no longer in the collection left out). */
  items: z.array(CatalogueItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shortlist = z.infer<typeof ShortlistSchema>;

export const ShortlistListSchema = z.object({ shortlists: z.array(ShortlistSchema) });
export type ShortlistList = z.infer<typeof ShortlistListSchema>;
