import { z } from 'zod';
import { CATEGORIES, COLOUR_PATTERN, ITEM_GENDERS, ItemPictureSchema, SIZES, SizeSchema } from './catalogue';
import { MAX_LISTING_PHOTOS, MAX_RETAIL_CENTS, MIN_RETAIL_CENTS, rentalPriceProblems } from './listings';
import { CONDITIONS, UNIT_STATES } from './unit-life';

/* The desk's inventory editing (docs/product.md "Staff and the operations desk"): a house piece's fields, its sizes and units. Re-exported by ops.ts. */

export const MAX_UNITS_PER_ADD = 20;

const TagSchema = z.string().trim().regex(COLOUR_PATTERN, { error: 'Tags are lower-case words (letters and hyphens)' });

const InventoryFieldsSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(80, 'Name is at most 80 characters'),
  brand: z.string().trim().min(1, 'Brand is required').max(60, 'Brand is at most 60 characters'),
  category: z.enum(CATEGORIES, { error: 'Choose a category' }),
  gender: z.enum(ITEM_GENDERS, { error: 'Choose Women or Men' }),
  colour: z
    .string()
    .trim()
    .regex(COLOUR_PATTERN, { error: 'The colour is one lower-case word, e.g. black or navy-blue' }),
  tags: z.array(TagSchema).max(12, 'At most 12 tags').default([]),
  description: z
    .string()
    .trim()
    .min(10, 'Describe the piece in at least 10 characters')
    .max(1000, 'Description is at most 1000 characters'),
  materials: z.string().trim().max(300).nullable().optional(),
  careInstructions: z.string().trim().max(300).nullable().optional(),
  retailPriceCents: z
    .number({ error: 'Retail price must be a number' })
    .int('Retail price must be in whole cents')
    .min(MIN_RETAIL_CENTS, `Retail price must be at least $${MIN_RETAIL_CENTS / 100}`)
    .max(MAX_RETAIL_CENTS, 'Retail price is too high'),
  /** The weekly price; the category's house price when left out (docs/product.md). */
  rentalPriceCents: z
    .number({ error: 'Rental price must be a number' })
    .int('Rental price must be in whole cents')
    .positive('Rental price must be more than zero')
    .optional(),
});

function checkPrice(
  v: {
    category?: (typeof CATEGORIES)[number] | undefined;
    rentalPriceCents?: number | undefined;
    retailPriceCents?: number | undefined;
  },
  ctx: z.RefinementCtx,
) {
  for (const message of rentalPriceProblems(v)) ctx.addIssue({ code: 'custom', path: ['rentalPriceCents'], message });
}

export const UnitsToAddSchema = z.object({
  size: SizeSchema,
  count: z
    .number({ error: 'count must be a number' })
    .int('count must be a whole number')
    .min(1, 'Add at least one unit')
    .max(MAX_UNITS_PER_ADD, `At most ${MAX_UNITS_PER_ADD} units at a time`),
});
export type UnitsToAdd = z.infer<typeof UnitsToAddSchema>;

/** POST /api/ops/items: a house piece with its sizes and how many units of each. */
export const InventoryItemInputSchema = InventoryFieldsSchema.extend({
  units: z
    .array(UnitsToAddSchema)
    .min(1, 'Give at least one size with its units')
    .max(SIZES.length)
    .refine((u) => new Set(u.map((x) => x.size)).size === u.length, 'Each size once'),
}).superRefine(checkPrice);
export type InventoryItemInput = z.infer<typeof InventoryItemInputSchema>;

/** PATCH /api/ops/items/{id}: any field but the units (added with POST .../units, retired one by one). */
export const InventoryItemUpdateSchema = InventoryFieldsSchema.omit({ tags: true })
  .extend({ tags: z.array(TagSchema).max(12, 'At most 12 tags').optional() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Change at least one field')
  .superRefine(checkPrice);
export type InventoryItemUpdate = z.infer<typeof InventoryItemUpdateSchema>;

export const InventoryUnitSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  size: z.string(),
  unitNo: z.number().int(),
  state: z.enum(UNIT_STATES),
  condition: z.enum(CONDITIONS).nullable(),
});

/** One item as the inventory edits it: its fields, its pictures (photos or drawings) and its units. */
export const InventoryItemDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  gender: z.string(),
  colour: z.string(),
  tags: z.array(z.string()),
  description: z.string(),
  materials: z.string().nullable(),
  careInstructions: z.string().nullable(),
  retailPriceCents: z.number().int(),
  rentalPriceCents: z.number().int(),
  status: z.string(),
  fromMember: z.boolean(),
  sizes: z.array(z.string()),
  /** Every picture, as members see them: the product photos when there are any, else the drawings. */
  pictures: z.array(ItemPictureSchema),
  hasPhotos: z.boolean(),
  units: z.array(InventoryUnitSchema),
});
export type InventoryItemDetail = z.infer<typeof InventoryItemDetailSchema>;

export const MAX_PRODUCT_PHOTOS = MAX_LISTING_PHOTOS;
