// How long public API answers may be kept (decision 0018), apart from the middleware so that
// AppEnv (types.ts) can name them.

/** The policies the public GETs use; the numbers are seconds. */
export const CACHE_POLICIES = {
  /** Browse lists, facet counts and search suggestions without dates: a new listing shows within a minute. */
  list: 'public, max-age=10, s-maxage=30, stale-while-revalidate=60',
  /** Lists narrowed to a date range: availability changes with every booking, so always revalidate. */
  availability: 'public, max-age=0, s-maxage=2, stale-while-revalidate=5',
  /** One item and the brand list. */
  item: 'public, max-age=60, s-maxage=300, stale-while-revalidate=600',
} as const;
export type CachePolicy = keyof typeof CACHE_POLICIES;
