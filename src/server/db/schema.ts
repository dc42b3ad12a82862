import type { Generated } from 'kysely';

/**
 * The tables our own code reads and writes through Kysely. better-auth owns `user`, `session`,
 * `account`, `verification` and `rateLimit`; only the columns we read are typed here.
 *
 * Conventions (docs/decisions/0003-database.md): timestamps are ISO-8601 text, calendar dates
 * are 'YYYY-MM-DD' text, money is integer cents, booleans are integers 0/1, so the same
 * migrations and queries run on SQLite and PostgreSQL.
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  full_name: string | null;
  gender: string | null;
  createdAt: Date | string;
}

export interface ProfilesTable {
  id: string;
  full_name: string;
  gender: string;
  created_at: string;
  updated_at: string;
}

export interface ItemsTable {
  id: Generated<number>;
  slug: string | null;
  name: string;
  brand: string;
  category: string;
  gender: string;
  /** JSON array of sizes in display order. */
  sizes: string;
  colour: string;
  /** Comma-separated tags: summer, party, work, ... */
  tags: string;
  retail_price_cents: number;
  rental_price_cents: number;
  rating: number;
  review_count: number;
  rental_count: number;
  is_new: number;
  description: string;
  materials: string | null;
  care_instructions: string | null;
  /** Set for a member's own listing. */
  owner_id: string | null;
  status: string;
  created_at: string;
}

export interface ItemUnitsTable {
  id: Generated<number>;
  item_id: number;
  size: string;
  unit_no: number;
}

/** A unit held for [start_date, end_date) (end exclusive); released_at frees it early. */
export interface BookingsTable {
  id: Generated<number>;
  unit_id: number;
  item_id: number;
  start_date: string;
  end_date: string;
  released_at: string | null;
  created_at: string;
}

/** Match: an item the member has liked or skipped (one row per member and item). */
export interface UserViewedItemsTable {
  user_id: string;
  item_id: number;
  viewed_at: string;
}

/** Match: a favourite, with a JSON copy of the item as it was when liked. */
export interface UserLikedItemsTable {
  id: Generated<number>;
  user_id: string;
  item_id: number;
  item_data: string;
  liked_at: string;
}

/** Match: the deck index per member and gender (Women | Men); the newest row is the current gender. */
export interface UserSessionProgressTable {
  user_id: string;
  gender: string;
  last_item_index: number;
  updated_at: string;
}

/** Match: views counted per member per UTC day ('YYYY-MM-DD'), at most the daily limit. */
export interface UserDailyViewsTable {
  user_id: string;
  day: string;
  count: number;
}

/** Plans: one subscription per member (plan, monthly item count, pending_payment | active). */
export interface SubscriptionsTable {
  user_id: string;
  plan: string;
  item_count: number | null;
  status: string;
  /** 1 when this is the Weekly default nobody chose. */
  auto_assigned: number;
  started_at: string;
  created_at: string;
  updated_at: string;
}

/** Plans: the member's card as the payment provider gave it back (never the number or CVV). */
export interface PaymentMethodsTable {
  user_id: string;
  provider: string;
  provider_token: string;
  brand: string;
  last_four: string;
  expiry_month: string;
  expiry_year: string;
  cardholder_name: string;
  billing_street: string;
  billing_city: string;
  billing_state: string;
  billing_zip: string;
  billing_country: string;
  created_at: string;
  updated_at: string;
}

/** Plans: every charge taken (activating a paid plan). */
export interface ChargesTable {
  id: Generated<number>;
  user_id: string;
  plan: string;
  item_count: number | null;
  amount_cents: number;
  provider_charge_id: string;
  created_at: string;
}

/** Plans: how the member receives rentals (online | in-store). */
export interface PickupPreferencesTable {
  user_id: string;
  pickup_option: string;
  updated_at: string;
}

/** Rentals: a member's hold on a unit (through `bookings`), its cost and the lender's share. */
export interface RentalsTable {
  id: Generated<number>;
  user_id: string;
  item_id: number;
  booking_id: number;
  unit_id: number;
  size: string;
  start_date: string;
  /** The return date: the exclusive end of the hold. */
  end_date: string;
  plan: string;
  price_cents: number;
  charge_cents: number;
  lender_id: string | null;
  lender_earnings_cents: number;
  pickup_option: string | null;
  billing_period_start: string | null;
  extensions: number;
  returned_at: string | null;
  created_at: string;
}

/** Rentals started per member and billing period (the plan allowance). */
export interface RentalAllowanceUsageTable {
  user_id: string;
  period_start: string;
  used: number;
}

/** A member's own piece offered for rent (the item row has owner_id set). */
export interface ListingsTable {
  item_id: number;
  owner_id: string;
  handover: string;
  created_at: string;
  updated_at: string;
}

/** A listing's photos, stored under DATA_DIR/uploads with server-chosen names. */
export interface ListingPhotosTable {
  id: Generated<number>;
  item_id: number;
  position: number;
  file_name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

/** Member events; spots_left never goes below zero. */
export interface EventsTable {
  id: Generated<number>;
  series: string | null;
  title: string;
  date: string;
  time: string;
  location: string;
  description: string;
  spots: number;
  spots_left: number;
  is_exclusive: number;
  theme: string;
  created_at: string;
}

/** One spot per member and event. */
export interface EventRsvpsTable {
  event_id: number;
  user_id: string;
  created_at: string;
}

export interface DB {
  user: UserTable;
  profiles: ProfilesTable;
  items: ItemsTable;
  item_units: ItemUnitsTable;
  bookings: BookingsTable;
  subscriptions: SubscriptionsTable;
  payment_methods: PaymentMethodsTable;
  charges: ChargesTable;
  pickup_preferences: PickupPreferencesTable;
  user_viewed_items: UserViewedItemsTable;
  user_liked_items: UserLikedItemsTable;
  user_session_progress: UserSessionProgressTable;
  user_daily_views: UserDailyViewsTable;
  rentals: RentalsTable;
  rental_allowance_usage: RentalAllowanceUsageTable;
  listings: ListingsTable;
  listing_photos: ListingPhotosTable;
  events: EventsTable;
  event_rsvps: EventRsvpsTable;
}

export type { Generated };
