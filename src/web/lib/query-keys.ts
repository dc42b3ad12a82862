import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The query keys several features share, and what a change invalidates, stated once (issue 32).
 * A feature's own keys live in its `api/` (they start with one of these roots when another
 * feature's change must reach them); an invalidation names a key from here or its feature's, never
 * a literal array.
 */
export const queryKeys = {
  /** The catalogue: lists, facets, an item, its calendar (free units), by slug. */
  items: {
    all: ['items'] as const,
    list: (query: unknown) => ['items', 'list', query] as const,
    facets: (query: unknown) => ['items', 'facets', query] as const,
    detail: (id: number) => ['items', 'detail', id] as const,
    slug: (slug: string) => ['items', 'slug', slug] as const,
    calendar: (request: unknown) => ['items', 'calendar', request] as const,
    /** "You may also like" and "Complete the look" of an item. */
    similar: (id: number) => ['items', 'similar', id] as const,
    completeTheLook: (id: number) => ['items', 'complete-the-look', id] as const,
  },
  /** Suggestions as she types in the search box. */
  search: { suggest: (q: string) => ['search', 'suggest', q] as const },
  rentals: {
    all: ['rentals'] as const,
    open: ['rentals', 'open'] as const,
    /** A booking's price (the item page's total): it depends on her plan, pickup and address. */
    quotes: ['rentals', 'quote'] as const,
    quote: (request: unknown) => ['rentals', 'quote', request] as const,
  },
  orders: { all: ['orders'] as const },
  /** Her plan (GET /api/plans/subscription) and, under it, what a change would cost (decision 0058). */
  plan: {
    subscription: ['subscription'] as const,
    changeQuote: (request: unknown) => ['subscription', 'change', request] as const,
  },
  dashboard: { all: ['dashboard'] as const },
  listings: { all: ['listings'] as const },
  notifications: { all: ['notifications'] as const },
  reviews: {
    all: ['reviews'] as const,
    advice: ['reviews', 'advice'] as const,
    adviceFor: (itemId: number) => ['reviews', 'advice', itemId] as const,
    mine: ['reviews', 'mine'] as const,
  },
  appointments: { all: ['appointments'] as const },
  /** Damage claims she is a party to, and the pieces she may still claim on (the desk's are under 'ops'). */
  claims: { all: ['claims'] as const },
  /** Her lending statement: balances, earnings, claim credits, payouts. */
  payouts: { all: ['payouts'] as const },
  /** The lender's side: requests, threads, calendars, the feed (a feature's own keys start here). */
  lending: { all: ['lending'] as const },
  /** Her managed pieces in our care (GET /api/managed) and, under it, the terms (decision 0062). */
  managed: { all: ['managed'] as const },
  /** The desk: every staff query starts here, so a desk change reads them all again. */
  ops: {
    all: ['ops'] as const,
    today: ['ops', 'today'] as const,
    inventory: (q: string) => ['ops', 'inventory', q] as const,
    item: (id: number) => ['ops', 'items', id] as const,
    audit: (filters: unknown) => ['ops', 'audit', filters] as const,
    /** The desk's board of members' managed pieces (her own are under `managed`). */
    managed: ['ops', 'managed'] as const,
    parcels: ['ops', 'parcels'] as const,
  },
  /** The pre-loved sale (decision 0066): the list, a unit's sale on the desk, the send-offs. */
  preloved: {
    all: ['preloved'] as const,
    list: ['preloved', 'list'] as const,
    unit: (code: string) => ['preloved', 'unit', code] as const,
    sendoffs: ['preloved', 'sendoffs'] as const,
  },
  /** Garment passports (decision 0059): a unit's history on the desk, an item's passport. */
  passport: {
    all: ['passport'] as const,
    unit: (code: string) => ['passport', 'unit', code] as const,
    item: (itemId: number) => ['passport', 'item', itemId] as const,
  },
  /** The studios to pick up from. */
  studios: ['studios'] as const,
} as const;

/** What a change invalidates: each set is the one statement of what that change makes stale. */
export const invalidationSets = {
  /**
   * What a booking changes (made, extended, cancelled, returned, received, a waitlist hold
   * confirmed, a lender's answer): her rentals and orders, the dashboard's figures, a lender's
   * listings (earnings) and the catalogue (free units, rental counts).
   */
  booking: [
    queryKeys.rentals.all,
    queryKeys.orders.all,
    queryKeys.dashboard.all,
    queryKeys.listings.all,
    queryKeys.items.all,
  ],
  /** What a change to a piece in the catalogue changes (saved, its units, a listing, a review, a rating, blocked dates). */
  catalogue: [queryKeys.items.all],
  /** What a change to her plan's calendar (pause, resume, skip, change, cancel) makes stale: the plan, a booking's price, the dashboard. */
  plan: [queryKeys.plan.subscription, queryKeys.rentals.quotes, queryKeys.dashboard.all],
  /** What her plan, pickup or delivery address changes: the price of a booking. */
  bookingPrice: [queryKeys.rentals.quotes],
  /** What a review or her fit details change: the size advice and her reviews, and the pieces' ratings. */
  review: [queryKeys.reviews.all, queryKeys.items.all],
  /** What a damage claim she opens changes: her claims and her lending statement. */
  claim: [queryKeys.claims.all, queryKeys.payouts.all],
  /** What the desk's change to a piece or a unit (saved, approved, moved, a managed step) makes stale: every desk query and the catalogue. */
  desk: [queryKeys.ops.all, queryKeys.items.all],
  /** What the desk's pre-loved forms change (a sale, a send-off, a kept piece): the sale, the passports, every desk query. */
  deskPreLoved: [queryKeys.preloved.all, queryKeys.passport.all, queryKeys.ops.all],
} as const satisfies Record<string, readonly QueryKey[]>;

/** Marks every query under the given keys stale (and refetches the ones on screen). */
export function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
