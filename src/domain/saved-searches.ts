import { z } from 'zod';
import { ItemListQuerySchema, checkListQuery, type ItemListQuery } from './catalogue';

/**
 * Saved searches (docs/product.md "Saved searches", decision 0065): a member names the search she
 * has on /browse (its words, filters and sizes) to open it again from her account, and may ask
 * to be told, in the app and by e-mail at most once a day per search, when new pieces match.
 */

export const SAVED_SEARCH_NAME_MAX = 60;
/** At most this many saved searches per member. */
export const MAX_SAVED_SEARCHES = 20;
/** At most this many alert e-mails per member per day, whatever the number of her searches. */
export const MAX_ALERTS_PER_DAY = 5;

/** What a saved search keeps of browse's query: no dates (one trip's), sort or paging. */
export const SAVED_SEARCH_KEYS = [
  'q',
  'gender',
  'category',
  'discovery',
  'size',
  'brand',
  'colour',
  'occasion',
  'theme',
  'minPrice',
  'maxPrice',
] as const;

export const SAVED_SEARCH_MESSAGES = {
  full: `You have ${MAX_SAVED_SEARCHES} saved searches: delete one to save another.`,
  empty: 'Choose a filter or type a search before saving it.',
  notFound: 'Saved search not found',
  badLink: 'This unsubscribe link is not valid (the search may have been deleted).',
} as const;

/**
 * Browse's query string as a saved search keeps it: only SAVED_SEARCH_KEYS, each checked as the
 * list checks it, in a fixed order; or the parameter and message of the first problem.
 */
export function canonicalSearchParams(
  raw: string,
): { ok: true; params: string; filters: ItemListQuery } | { ok: false; path: string; message: string } {
  const sp = new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw);
  const picked: Record<string, string> = {};
  for (const key of SAVED_SEARCH_KEYS) {
    const v = sp.get(key);
    if (v !== null && v.trim() !== '') picked[key] = v.trim();
  }
  const parsed = ItemListQuerySchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, path: `params.${String(issue.path[0] ?? '')}`, message: issue.message };
  }
  const checked = checkListQuery(parsed.data);
  if (!checked.ok) return { ok: false, path: `params.${checked.path}`, message: checked.message };
  if (Object.keys(picked).length === 0) return { ok: false, path: 'params', message: SAVED_SEARCH_MESSAGES.empty };
  return { ok: true, params: new URLSearchParams(picked).toString(), filters: checked.query };
}

export const SavedSearchNameSchema = z
  .string({ error: 'Give the search a name' })
  .trim()
  .min(1, { error: 'Give the search a name' })
  .max(SAVED_SEARCH_NAME_MAX, { error: `A name is at most ${SAVED_SEARCH_NAME_MAX} characters` });

export const CreateSavedSearchSchema = z.object({
  name: SavedSearchNameSchema,
  /** Browse's query string ('q=black+dress&size=M'); dates, sort and paging are left out. */
  params: z.string().max(600, { error: 'is too long' }),
  alerts: z.boolean().optional(),
});
export type CreateSavedSearchInput = z.infer<typeof CreateSavedSearchSchema>;

export const UpdateSavedSearchSchema = z
  .object({ name: SavedSearchNameSchema.optional(), alerts: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.alerts !== undefined, { error: 'Give a name or alerts' });
export type UpdateSavedSearchInput = z.infer<typeof UpdateSavedSearchSchema>;

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Browse's query string: /browse?{params} opens it. */
  params: z.string(),
  alerts: z.boolean(),
  lastAlertOn: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListSchema = z.object({ savedSearches: z.array(SavedSearchSchema) });

export const UnsubscribeSchema = z.object({ token: z.string().min(10).max(100) });

/** A saved search in words for her list: '"black dress" · Women · Dresses · size M'. */
export function describeSavedSearch(params: string): string {
  const sp = new URLSearchParams(params);
  const parts: string[] = [];
  const q = sp.get('q');
  if (q) parts.push(`“${q}”`);
  for (const key of ['gender', 'category', 'brand', 'colour', 'occasion'] as const) {
    const v = sp.get(key);
    if (v) parts.push(v);
  }
  if (sp.get('discovery') === 'true' || sp.get('discovery') === '1') parts.push('Discovery');
  const size = sp.get('size');
  if (size) parts.push(`size ${size}`);
  const min = sp.get('minPrice');
  const max = sp.get('maxPrice');
  const pounds = (c: string) => `£${Math.round(Number(c) / 100)}`;
  if (min && max) parts.push(`${pounds(min)}–${pounds(max)} a week`);
  else if (min) parts.push(`from ${pounds(min)} a week`);
  else if (max) parts.push(`up to ${pounds(max)} a week`);
  return parts.join(' · ') || 'Everything';
}

/**
 * The /browse address of a saved search: its list query as browse's own URL (a tab for the
 * wearer: Men, Discovery, or Women by default).
 */
export function browseHrefOf(params: string): string {
  const sp = new URLSearchParams(params);
  const gender = sp.get('gender');
  const discovery = sp.get('discovery');
  sp.delete('discovery');
  if (discovery === 'true' || discovery === '1' || !gender) sp.set('tab', 'discovery');
  else {
    sp.delete('gender');
    if (gender === 'Men') sp.set('tab', 'men');
  }
  const qs = sp.toString();
  return `/browse${qs ? `?${qs}` : ''}`;
}
