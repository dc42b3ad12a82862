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
  /** boolean on PostgreSQL, 0/1 on SQLite. */
  emailVerified: boolean | number;
  image: string | null;
  /** better-auth's additional fields, both required at sign-up (NOT NULL). */
  full_name: string;
  gender: string;
  /**
   * 'member' | 'staff': a better-auth additional field (input: false: only `npm run staff` sets
   * it; decision 0020). better-auth writes 'member' at sign-up; its migration creates the column
   * NOT NULL (with DEFAULT 'member' when it adds it to an existing table).
   */
  role: string;
  /** timestamp on PostgreSQL, ISO text on SQLite. */
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** better-auth's sessions: one row per signed-in device. */
export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** better-auth's sign-in methods; the 'credential' row holds the password hash. */
export interface AccountTable {
  id: string;
  userId: string;
  providerId: string;
  password: string | null;
}

/** better-auth's one-time values (reset tokens: identifier 'reset-password:<token>', value = user id). */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
}

/** better-auth's own rate-limit counters (its per-IP limits); ours are in request_limits. */
export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  /** Milliseconds since the epoch (better-auth: the last request; ours: the window's start). */
  lastRequest: number | string;
}

export interface ProfilesTable {
  id: string;
  full_name: string;
  gender: string;
  created_at: string;
  updated_at: string;
  /** Set when the member deleted her account (the row keeps no personal data then). */
  deleted_at: string | null;
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
  /** active (public) | pending_review | rejected (a member's listing awaiting or refused by staff) | removed. */
  status: string;
  created_at: string;
  /** What the generated pictures show (JSON garment descriptor, pictures/look.ts); null: derived from name, category and colour. */
  look: string | null;
  /** The sizes the item has units of, as bits (bit k: SIZES[k]); kept by triggers on item_units (decision 0024). */
  unit_sizes: Generated<number>;
  /** The rating and count before the first real review (null until then); rating and review_count are seed plus real reviews. */
  seed_rating: number | null;
  seed_review_count: number | null;
}

export interface ItemUnitsTable {
  id: Generated<number>;
  item_id: number;
  size: string;
  unit_no: number;
}

/**
 * A unit held for [start_date, end_date) (end exclusive); released_at frees it early. A rental's
 * booking holds the days it occupies the unit (shipping day, cleaning window: decision 0031), not
 * the member's dates; a booking with no rental holds a unit in repair or retired.
 */
export interface BookingsTable {
  id: Generated<number>;
  unit_id: number;
  item_id: number;
  start_date: string;
  end_date: string;
  released_at: string | null;
  created_at: string;
  /** A backup size's hold: follows this booking's days and release (decision 0034). */
  follows_booking_id: number | null;
}

/** Match: an item the member has liked or skipped (one row per member and item). */
export interface UserViewedItemsTable {
  user_id: string;
  item_id: number;
  viewed_at: string;
}

/** Match: a favorite, with a JSON copy of the item as it was when liked. */
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
  /** The paid term [term_start, paid_through), 'YYYY-MM-DD' (decision 0058); paid_through is the next billing date. */
  term_start: string | null;
  paid_through: string | null;
  /** A pause booked for, or in force from, pause_from until pause_until (pause | skip | payment: no end). */
  pause_from: string | null;
  pause_until: string | null;
  pause_reason: string | null;
  /** The plan ends on this day (Weekly from then) unless undone. */
  cancel_at: string | null;
  /** A downgrade applied at the next billing date. */
  pending_plan: string | null;
  pending_item_count: number | null;
  /** Declined renewals of the due term so far, and the day of the next try. */
  renewal_attempts: Generated<number>;
  retry_on: string | null;
  /** A plan a gift month started (decision 0069): it ends that day (cancel_at) unless she keeps it. */
  gift_until: string | null;
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

/** The simulated payment provider's cards (decision 0029): only simulated-payment-provider.ts reads these. */
export interface PaymentSimCardsTable {
  token: string;
  brand: string;
  last_four: string;
  expiry_month: string;
  expiry_year: string;
  /** null: pays; a decline code every later payment gets; or 'refund_fails'. */
  behaviour: string | null;
  created_at: string;
}

/** The simulated provider's authorisations, charges, refunds and payouts. */
export interface PaymentSimObjectsTable {
  id: string;
  kind: string;
  token: string | null;
  parent_id: string | null;
  recipient: string | null;
  amount_cents: number;
  refunded_cents: Generated<number>;
  status: string;
  expires_at: string | null;
  created_at: string;
}

/** The simulated provider's answer to each idempotency key. */
export interface PaymentSimRequestsTable {
  idempotency_key: string;
  operation: string;
  fingerprint: string;
  response: string;
  created_at: string;
}

/**
 * The payments ledger (decision 0029): every operation sent to the payment provider, written
 * pending before the call; the provider's answer sets the status; settled_at when its outcome was applied.
 */
export interface PaymentLedgerTable {
  id: Generated<number>;
  user_id: string;
  order_id: number | null;
  rental_id: number | null;
  /** booking | extension | cancellation | plan | ... */
  purpose: string;
  /** authorise | capture | void | charge | refund | payout */
  kind: string;
  amount_cents: number;
  currency: Generated<string>;
  /** pending | succeeded | declined | failed */
  status: string;
  idempotency_key: string;
  provider: string;
  provider_ref: string | null;
  target_id: number | null;
  card_token: string | null;
  card_brand: string | null;
  card_last_four: string | null;
  recipient_id: string | null;
  decline_code: string | null;
  message: string | null;
  description: string;
  /** JSON */
  context: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}

/** Plans: how the member receives rentals (online | in-store). */
export interface PickupPreferencesTable {
  user_id: string;
  pickup_option: string;
  updated_at: string;
  /** The studio she picks up from (in-store). */
  studio_id: number | null;
}

/** Orders: one per booking (decision 0030); amounts charged and refunded are in payment_ledger. */
export interface OrdersTable {
  id: Generated<number>;
  /** 'RT-7K3M-9P2X', unique. */
  number: string;
  user_id: string;
  /** pending_payment | confirmed | payment_failed | cancelled */
  status: string;
  plan: string;
  covered_by_plan: Generated<number>;
  total_cents: number;
  /** online | in-store */
  delivery_method: string;
  recipient_name: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_city: string | null;
  address_state: string | null;
  address_zip: string | null;
  address_country: string | null;
  studio_id: number | null;
  studio_name: string | null;
  studio_address: string | null;
  card_brand: string | null;
  card_last_four: string | null;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  /** What the welcome offer or a promo code took off total_cents at booking (decision 0056). */
  discount_cents: Generated<number>;
  /** welcome | code; null: no discount. */
  discount_kind: string | null;
  discount_code: string | null;
  discount_label: string | null;
  /** What store credit paid of the order (decision 0063). */
  credit_cents: Generated<number>;
}

/** The member whose first pay-per-item booking took the welcome offer: one row per member (the primary key decides). */
export interface WelcomeOfferClaimsTable {
  user_id: string;
  order_id: number;
  discount_cents: number;
  created_at: string;
}

/** The desk's promo codes (decision 0056): `code` upper-case and unique; `uses` moved by conditional updates. */
export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  /** percent | amount */
  kind: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  min_spend_cents: Generated<number>;
  first_rental_only: Generated<number>;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  max_uses_per_member: number | null;
  uses: Generated<number>;
  active: Generated<number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A member's uses of a code (primary key code_id, user_id). */
export interface PromoCodeMemberUsesTable {
  code_id: number;
  user_id: string;
  uses: Generated<number>;
}

/** Which order used which code (unique order_id). */
export interface PromoRedemptionsTable {
  id: Generated<number>;
  code_id: number;
  user_id: string;
  order_id: number;
  discount_cents: number;
  created_at: string;
}

/** An order's e-mail (confirmed | cancelled), once per order and kind; sent by a job holding a lease. */
export interface OrderEmailsTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  created_at: string;
  sent_at: string | null;
  claimed_until: string | null;
  attempts: Generated<number>;
  error: string | null;
}

/** Where pieces can be picked up. */
export interface StudiosTable {
  id: Generated<number>;
  slug: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string;
  /** JSON: Monday..Sunday, { day, opens, closes } (null: closed). */
  hours: string;
  position: Generated<number>;
  active: Generated<number>;
  created_at: string;
}

/** A member's delivery address (one, kept on the account). */
export interface DeliveryAddressesTable {
  user_id: string;
  recipient_name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  created_at: string;
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
  /** The unit's life (decision 0031): sent by courier or put ready at the studio, and by whom. */
  dispatched_at: string | null;
  dispatched_by: string | null;
  /** Marked received by the member (delivery) or handed over by the studio (pickup). */
  received_at: string | null;
  /** Checked in by staff: the rental is over; graded as_new | good | needs_repair | damaged. */
  checked_in_at: string | null;
  checked_in_by: string | null;
  condition: string | null;
  condition_note: string | null;
  /** The late fee worked out at check-in (docs/product.md "Renting"). */
  late_days: number | null;
  late_fee_cents: number | null;
  /** due | charged | waived | failed (null: none). */
  late_fee_status: string | null;
  /** Its charge in the payments ledger (payment_ledger.id), and the refund of a waived one. */
  late_fee_entry_id: number | null;
  late_fee_refund_entry_id: number | null;
  /** Why it was not charged (no card, the provider's decline), or why its refund failed. */
  late_fee_error: string | null;
  late_fee_waived_at: string | null;
  late_fee_waived_by: string | null;
  /** The order it was booked in (null: booked before orders existed). */
  order_id: number | null;
  /** Cancelled before its start (returned_at is set too). */
  cancelled_at: string | null;
  /** A second size held with it at no charge (decision 0034); its hold follows the rental's booking. */
  backup_size: string | null;
  /** Keep it (decision 0059): when her purchase of the piece went through; the rental is over then. */
  kept_at: string | null;
  kept_price_cents: number | null;
  /** The purchase's charge in the payments ledger. */
  kept_entry_id: number | null;
  /** The lender's share of the price (a member's piece). */
  kept_earnings_cents: number | null;
  /** The carrier's first scan of the piece's return parcel (decision 0061): late days count to it. */
  return_scanned_at: string | null;
}

/** Where a unit is in its life (decision 0031); a unit without a row is available. */
export interface UnitStatesTable {
  unit_id: number;
  /** available | dispatched | with_member | returned | cleaning | repair | retired */
  state: Generated<string>;
  /** The grade at the last check-in. */
  condition: string | null;
  note: string | null;
  /** The rental it is out on, or came back from. */
  rental_id: number | null;
  /** The booking that holds it while in repair or retired (no rental). */
  hold_booking_id: number | null;
  changed_at: string;
}

/** Photos taken when a rental's unit was checked in. */
export interface ConditionPhotosTable {
  id: Generated<number>;
  rental_id: number;
  position: number;
  file_name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
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
  /** Why staff rejected it (shown to the member); null unless rejected. */
  review_reason: string | null;
  reviewed_at: string | null;
  /** The staff member's user id (null: approved by the migration that introduced review). */
  reviewed_by: string | null;
  /** When it last went to review (created or resubmitted). */
  submitted_at: string | null;
  /** Grows by one with each submission: each decision is notified once per round. */
  review_round: Generated<number>;
  /** 'managed' (we collect, clean, ship and store it; decision 0062) or 'self' (she lends it herself). */
  lending_mode: Generated<string>;
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

/** How many live listings a member has (the cap on them holds under concurrency). */
export interface ListingQuotasTable {
  owner_id: string;
  live: number;
}

/** Our rate limits: attempts per limit, subject and fixed window (key), purged after expires_at. */
export interface RequestLimitsTable {
  key: string;
  count: number;
  expires_at: string;
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

/** One row per staff action, written in the action's transaction (decision 0020). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** staff | cli | system */
  actor_kind: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before_json: string | null;
  after_json: string | null;
  request_id: string | null;
}

/** An in-app notification and the state of its e-mail; unique per (kind, subject, recipient). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  kind: string;
  subject_type: string;
  subject_id: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
  emailed_at: string | null;
  /** A sender's claim on the e-mail (a lease); another may claim it once this has passed. */
  email_claimed_until: string | null;
  email_attempts: Generated<number>;
  email_error: string | null;
}

/** The job queue, on both databases (decisions 0021, 0050). */
export interface JobsTable {
  id: Generated<number>;
  queue: string;
  /** JSON */
  data: string;
  /** queued | active | done | failed */
  state: string;
  attempts: Generated<number>;
  max_attempts: number;
  /** Not before this instant (ISO). */
  run_at: string;
  /** While active: the claim's lease. */
  locked_until: string | null;
  singleton_key: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  /** Never carried by another job of the queue (a periodic job's period: `reminder-scan@<n>`). */
  once_key: string | null;
}

/** A message sent with the contact form. */
export interface ContactMessagesTable {
  id: Generated<number>;
  /** The member who sent it, when signed in. */
  user_id: string | null;
  name: string;
  email: string;
  topic: string;
  message: string;
  client_address: string;
  created_at: string;
}

/** A booked styling appointment; unique per (date, time). */
/** One row (id 1): goes up with every change of the items or units the facet counts read (decision 0024). */
export interface CatalogueVersionTable {
  id: number;
  version: Generated<number>;
}

/** An item whose indexed facts changed, and the catalogue version that came with it (decision 0057). */
export interface CatalogueChangesTable {
  version: number;
  item_id: number;
}

export interface StylingAppointmentsTable {
  id: Generated<number>;
  user_id: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM', one of APPOINTMENT_SLOTS */
  time: string;
  kind: string;
  note: string | null;
  created_at: string;
}

/** One side's rating of a returned rental of a member's piece (decision 0036): visible to the other side from visible_at. */
export interface RentalRatingsTable {
  id: Generated<number>;
  rental_id: number;
  /** 'renter' (the renter rates the lender) or 'lender' (the lender rates the renter). */
  side: string;
  author_id: string;
  subject_id: string;
  stars: number;
  comment: string | null;
  created_at: string;
  visible_at: string;
}

/** Where a lender's payouts go: the provider's token, the holder's name and the last four digits only. */
export interface PayoutAccountsTable {
  user_id: string;
  holder_name: string;
  last_four: string;
  token: string;
  provider: string;
  updated_at: string;
}

/** A payout a lender asked for: pending | paid | failed, with its payments ledger entry. */
export interface PayoutsTable {
  id: Generated<number>;
  lender_id: string;
  amount_cents: number;
  status: string;
  holder_name: string;
  last_four: string;
  entry_id: number | null;
  failure: string | null;
  created_at: string;
  settled_at: string | null;
}

/** What a payout pays: one row per source ('rental:42', 'claim:7'), unique. */
export interface PayoutLinesTable {
  id: Generated<number>;
  payout_id: number;
  source: string;
  amount_cents: number;
}

/** A lender's damage claim on a returned rental (one per rental): open | upheld | rejected. */
export interface DamageClaimsTable {
  id: Generated<number>;
  rental_id: number;
  lender_id: string;
  renter_id: string;
  item_id: number;
  amount_cents: number;
  description: string;
  status: string;
  decided_by: string | null;
  decided_at: string | null;
  note: string | null;
  /** The upheld claim's charge to the renter (payment_ledger.id) and what became of it: pending | charged | failed. */
  charge_entry_id: number | null;
  charge_status: string | null;
  /** The part of an upheld claim taken from the rental's deposit (decision 0068); the card is charged the rest. */
  deposit_captured_cents: Generated<number>;
  created_at: string;
}

/** Photos of a damage claim, stored like listing photos. */
export interface ClaimPhotosTable {
  id: Generated<number>;
  claim_id: number;
  position: number;
  file_name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

/** A renter's problem report on a rental (decision 0060): one open or disputed per rental (a partial unique index). */
/** A retired unit offered in the pre-loved sale (decision 0066). */
export interface PrelovedPiecesTable {
  id: Generated<number>;
  unit_id: number;
  item_id: number;
  price_cents: number;
  condition_note: string;
  /** listed | reserved | sold | withdrawn */
  status: string;
  listed_by: string;
  listed_at: string;
  lender_id: string | null;
  buyer_id: string | null;
  order_id: number | null;
  entry_id: number | null;
  sold_at: string | null;
  lender_share_cents: number | null;
}

/** A piece leaving for good, for the desk to send (decision 0066): a pre-loved sale, a kept piece back at the desk. */
export interface SendoffsTable {
  id: Generated<number>;
  unit_id: number;
  user_id: string;
  /** preloved | kept */
  reason: string;
  ref_id: number;
  order_id: number | null;
  created_at: string;
  dispatched_at: string | null;
  dispatched_by: string | null;
}

/** Parcels (decision 0061): one trip of pieces, its carrier label and tracking. */
export interface ParcelsTable {
  id: Generated<number>;
  user_id: string;
  /** outbound | return | inbound_pickup | back_to_lender */
  kind: string;
  destination_key: string;
  ship_day: string;
  /** open | packed | dispatched */
  status: string;
  /** carrier | studio */
  handoff: string;
  from_json: string | null;
  to_json: string | null;
  carrier: string | null;
  tracking_number: string | null;
  label_code: string | null;
  tracking_status: string | null;
  tracking_rank: Generated<number>;
  tracking_at: string | null;
  first_scan_at: string | null;
  delivered_at: string | null;
  created_at: string;
  packed_at: string | null;
  packed_by: string | null;
  dispatched_at: string | null;
  dispatched_by: string | null;
  /** The sendoff (a piece leaving for good) this outbound parcel carries; null: its pieces are rentals. */
  sendoff_id: number | null;
  /** The pickup at her address (a managed piece's intake) this inbound_pickup parcel collects. */
  intake_id: number | null;
  /** The recall this back_to_lender parcel carries back to her. */
  recall_id: number | null;
}

export interface ParcelPiecesTable {
  parcel_id: number;
  rental_id: number;
  kind: string;
  added_at: string;
}

/** The carrier's tracking events, by its event id (a replay inserts nothing). */
export interface ParcelEventsTable {
  event_id: string;
  parcel_id: number;
  status: string;
  occurred_at: string;
  description: string | null;
  received_at: string;
}

export interface ProblemReportsTable {
  id: Generated<number>;
  rental_id: number;
  renter_id: string;
  /** The lender of a member's piece; null for a house piece. */
  lender_id: string | null;
  item_id: number;
  /** wrong_size | damaged | not_as_described | not_arrived */
  reason: string;
  note: string;
  /** open | disputed | refunded | rejected */
  status: string;
  lender_note: string | null;
  lender_answered_at: string | null;
  /** full_refund | partial_refund | rejected (null while open). */
  outcome: string | null;
  refund_cents: Generated<number>;
  lender_deduction_cents: Generated<number>;
  decision_note: string | null;
  /** The staff member who decided; null when the lender accepted it. */
  decided_by: string | null;
  decided_at: string | null;
  /** The refund to her card: pending | refunded | failed (null: none). */
  refund_status: string | null;
  created_at: string;
}

/** Damage cover bought for a rental (decision 0064): one per rental. */
export interface RentalCoversTable {
  rental_id: number;
  user_id: string;
  fee_cents: number;
  /** pending | active | failed */
  status: string;
  entry_id: number | null;
  created_at: string;
}

/** What credits a lender for damage to her piece, one per rental (decision 0068): an upheld claim or a damage record. */
export interface DamageCreditsTable {
  rental_id: number;
  /** claim | damage */
  source: string;
  source_id: number;
  created_at: string;
}

/** A deposit held on the renter's card for a rental (decision 0064): one per rental. */
export interface RentalDepositsTable {
  rental_id: number;
  user_id: string;
  amount_cents: number;
  /** authorising | held | declined | released | captured */
  status: string;
  auth_entry_id: number | null;
  captured_cents: Generated<number>;
  settled_by: string | null;
  settled_at: string | null;
  created_at: string;
}

/** Damage recorded against the schedule (decision 0064): one per rental. */
export interface DamageAssessmentsTable {
  id: Generated<number>;
  rental_id: number;
  renter_id: string;
  lender_id: string | null;
  item_id: number;
  kind: string;
  /** 1 when the rental had cover. */
  covered: number;
  cost_cents: Generated<number>;
  renter_cents: number;
  full_cents: number;
  deposit_captured_cents: Generated<number>;
  charged_cents: Generated<number>;
  charge_entry_id: number | null;
  /** pending | charged | failed (null: nothing charged to her card). */
  charge_status: string | null;
  note: string;
  recorded_by: string;
  created_at: string;
}

/** A lender's policy on her piece (decision 0064). */
export interface PiecePoliciesTable {
  item_id: number;
  min_days: number;
  max_days: number;
  cleaning: string;
  deposit_required: number;
  instant_book: number;
  updated_at: string;
  cancellation_policy: Generated<string>;
  notice_days: Generated<number>;
  long_discount_percent: Generated<number>;
}

/** A lender's cancellation of a request she had accepted, once per request (decision 0067). */
export interface LenderCancellationsTable {
  id: Generated<number>;
  request_id: number;
  rental_id: number;
  item_id: number;
  lender_id: string;
  renter_id: string;
  refund_cents: number;
  fee_cents: number;
  created_at: string;
}

/** A lender's listings paused after three cancellations in 90 days, until paused_until (decision 0067). */
export interface LenderPausesTable {
  lender_id: string;
  paused_at: string;
  paused_until: string;
  lifted_at: string | null;
}

/** A member's private ICS feed of her lending calendar: its secret (decision 0067). */
export interface CalendarFeedsTable {
  user_id: string;
  token: string;
  created_at: string;
}

/** A member's identity check with the provider (decision 0064). */
export interface IdentityChecksTable {
  id: Generated<number>;
  user_id: string;
  provider: string;
  provider_ref: string;
  /** pending | approved | rejected | needs_review */
  status: string;
  created_at: string;
  updated_at: string;
}

/** Each identity webhook event, once. */
export interface IdentityEventsTable {
  event_id: string;
  provider_ref: string;
  type: string;
  received_at: string;
}

/** Photos of a problem report, stored like claim photos. */
export interface ReportPhotosTable {
  id: Generated<number>;
  report_id: number;
  position: number;
  file_name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

/** The simulated provider's tokenised bank accounts (the last four only). */
export interface PaymentSimBankAccountsTable {
  token: string;
  last_four: string;
  created_at: string;
}

/** A renter's request to book a member's piece (decision 0035): its rental holds the days, its authorisation the money. */
export interface BookingRequestsTable {
  id: Generated<number>;
  rental_id: number;
  item_id: number;
  renter_id: string;
  lender_id: string;
  /** authorising | pending | accepted | declined | expired | failed | withdrawn */
  status: string;
  authorisation_entry_id: number | null;
  expires_at: string;
  decided_at: string | null;
  created_at: string;
}

/** A message between the renter and the lender of a request or rental. */
export interface RentalMessagesTable {
  id: Generated<number>;
  rental_id: number;
  sender_id: string;
  body: string;
  created_at: string;
}

/** The last message of a thread each party has read. */
export interface RentalThreadReadsTable {
  rental_id: number;
  user_id: string;
  last_read_id: number;
}

/** Days a lender's piece is not available ([start_date, end_date)). */
export interface LenderBlocksTable {
  id: Generated<number>;
  item_id: number;
  lender_id: string;
  start_date: string;
  end_date: string;
  created_at: string;
  removed_at: string | null;
}

/** The bookings (one per unit) that hold a lender's blocked days. */
export interface LenderBlockUnitsTable {
  booking_id: number;
  block_id: number;
}

/** Condition photos a lender adds when she sends her piece (sent) and when it is back (returned). */
export interface HandoverPhotosTable {
  id: Generated<number>;
  rental_id: number;
  stage: string;
  position: number;
  file_name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  profiles: ProfilesTable;
  items: ItemsTable;
  item_units: ItemUnitsTable;
  bookings: BookingsTable;
  catalogue_version: CatalogueVersionTable;
  catalogue_changes: CatalogueChangesTable;
  subscriptions: SubscriptionsTable;
  payment_methods: PaymentMethodsTable;
  charges: ChargesTable;
  pickup_preferences: PickupPreferencesTable;
  payment_ledger: PaymentLedgerTable;
  orders: OrdersTable;
  order_emails: OrderEmailsTable;
  studios: StudiosTable;
  delivery_addresses: DeliveryAddressesTable;
  payment_sim_cards: PaymentSimCardsTable;
  payment_sim_objects: PaymentSimObjectsTable;
  payment_sim_requests: PaymentSimRequestsTable;
  user_viewed_items: UserViewedItemsTable;
  user_liked_items: UserLikedItemsTable;
  user_session_progress: UserSessionProgressTable;
  user_daily_views: UserDailyViewsTable;
  rentals: RentalsTable;
  rental_allowance_usage: RentalAllowanceUsageTable;
  unit_states: UnitStatesTable;
  condition_photos: ConditionPhotosTable;
  listings: ListingsTable;
  listing_photos: ListingPhotosTable;
  listing_quotas: ListingQuotasTable;
  member_intakes: MemberIntakesTable;
  member_recalls: MemberRecallsTable;
  lender_credits: LenderCreditsTable;
  lender_settings: LenderSettingsTable;
  request_limits: RequestLimitsTable;
  events: EventsTable;
  event_rsvps: EventRsvpsTable;
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  jobs: JobsTable;
  contact_messages: ContactMessagesTable;
  styling_appointments: StylingAppointmentsTable;
  rental_ratings: RentalRatingsTable;
  payout_accounts: PayoutAccountsTable;
  payouts: PayoutsTable;
  payout_lines: PayoutLinesTable;
  damage_claims: DamageClaimsTable;
  claim_photos: ClaimPhotosTable;
  problem_reports: ProblemReportsTable;
  preloved_pieces: PrelovedPiecesTable;
  sendoffs: SendoffsTable;
  parcels: ParcelsTable;
  parcel_pieces: ParcelPiecesTable;
  parcel_events: ParcelEventsTable;
  report_photos: ReportPhotosTable;
  rental_covers: RentalCoversTable;
  rental_deposits: RentalDepositsTable;
  damage_credits: DamageCreditsTable;
  damage_assessments: DamageAssessmentsTable;
  piece_policies: PiecePoliciesTable;
  lender_cancellations: LenderCancellationsTable;
  lender_pauses: LenderPausesTable;
  calendar_feeds: CalendarFeedsTable;
  identity_checks: IdentityChecksTable;
  identity_events: IdentityEventsTable;
  payment_sim_bank_accounts: PaymentSimBankAccountsTable;
  reviews: ReviewsTable;
  review_photos: ReviewPhotosTable;
  fit_details: FitDetailsTable;
  waitlist_entries: WaitlistEntriesTable;
  shortlists: ShortlistsTable;
  shortlist_items: ShortlistItemsTable;
  saved_searches: SavedSearchesTable;
  booking_requests: BookingRequestsTable;
  rental_messages: RentalMessagesTable;
  rental_thread_reads: RentalThreadReadsTable;
  lender_blocks: LenderBlocksTable;
  lender_block_units: LenderBlockUnitsTable;
  handover_photos: HandoverPhotosTable;
  welcome_offer_claims: WelcomeOfferClaimsTable;
  promo_codes: PromoCodesTable;
  promo_code_member_uses: PromoCodeMemberUsesTable;
  promo_redemptions: PromoRedemptionsTable;
  credit_accounts: CreditAccountsTable;
  credit_entries: CreditEntriesTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  gift_cards: GiftCardsTable;
}

/** A renter's review of a returned rental: one per rental (unique rental_id). fit: runs_small | true_to_size | runs_large. */
export interface ReviewsTable {
  id: Generated<number>;
  rental_id: number;
  item_id: number;
  user_id: string;
  rating: number;
  fit: string;
  size_worn: string;
  occasion: string | null;
  body: string;
  /** Her measurements and usual size as she gave them with the review (size advice compares them). */
  height_cm: number | null;
  bust_cm: number | null;
  waist_cm: number | null;
  hips_cm: number | null;
  usual_size: string | null;
  created_at: string;
}

/** A review's photos (up to 3), stored like listing photos. */
export interface ReviewPhotosTable {
  id: Generated<number>;
  review_id: number;
  position: number;
  file_name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
}

/** A member's fit details, kept for next time (all optional). */
export interface FitDetailsTable {
  user_id: string;
  height_cm: number | null;
  bust_cm: number | null;
  waist_cm: number | null;
  hips_cm: number | null;
  usual_size: string | null;
  updated_at: string;
}

/** The waitlist (decision 0034): a member waiting for a size for dates, and the unit held for her. */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  user_id: string;
  item_id: number;
  size: string;
  start_date: string;
  end_date: string;
  status: Generated<string>;
  created_at: string;
  held_at: string | null;
  hold_expires_at: string | null;
  hold_booking_id: number | null;
  rental_id: number | null;
  ended_at: string | null;
}

/** A member's named list of pieces ('Wedding in June'). */
export interface ShortlistsTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  /** The name folded for the per-member uniqueness. */
  name_key: string;
  created_at: string;
  updated_at: string;
}

export interface ShortlistItemsTable {
  shortlist_id: number;
  item_id: number;
  created_at: string;
}

/** A managed piece on its way into our care (decision 0062): a pickup or a studio drop-off. */
export interface MemberIntakesTable {
  id: Generated<number>;
  item_id: number;
  owner_id: string;
  method: string;
  day: string;
  address: string | null;
  studio_id: number | null;
  status: string;
  label_status: string;
  condition_note: string | null;
  reject_reason: string | null;
  received_at: string | null;
  checked_at: string | null;
  live_at: string | null;
  created_at: string;
  updated_at: string;
  /** The storage term's last day (decision 0070); null before it was stored: read from live_at. */
  term_ends_on: string | null;
  /** She was told the term ends soon (once per term). */
  term_reminded_at: string | null;
  /** The term ended without a renewal: the piece was asked back for her (once). */
  term_ended_at: string | null;
}

/** A managed piece going back to its owner (her recall, or a rejected intake; decision 0062). */
export interface MemberRecallsTable {
  id: Generated<number>;
  item_id: number;
  owner_id: string;
  reason: string;
  method: string;
  day: string;
  address: string | null;
  studio_id: number | null;
  status: string;
  label_status: string;
  sent_at: string | null;
  created_at: string;
  /** 1: made because the storage term ended (decision 0070). */
  term_end: Generated<number>;
}

/** Her share of a managed rental, credited once at check-in (unique idempotency key). */
export interface LenderCreditsTable {
  id: Generated<number>;
  idempotency_key: string;
  lender_id: string;
  rental_id: number;
  item_id: number;
  amount_cents: number;
  created_at: string;
  /** Set once at check-in: from then on her payouts pay it. */
  credited_at: string | null;
}

/** A lender's own settings: the day she travels until. */
export interface LenderSettingsTable {
  user_id: string;
  travelling_until: string | null;
  updated_at: string;
}

/** A member's saved search (decision 0065): browse's query string, and its alert's state. */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  /** Browse's query string of the search (words, filters, sizes), without dates, sort or paging. */
  params: string;
  /** 1: tell her of new pieces that match (in-app and by e-mail, at most once a day). */
  alerts: Generated<number>;
  /** Pieces listed after this instant are new to the search. */
  checked_at: string;
  /** The business day of the last alert (null: never). */
  last_alert_on: string | null;
  unsubscribe_token: string;
  created_at: string;
  updated_at: string;
}

export type { Generated };

/** A member's credit lock (decision 0063): every movement of her credit updates this row first. No balance here. */
export interface CreditAccountsTable {
  user_id: string;
  last_seq: Generated<number>;
  updated_at: string;
}

/** The credit ledger (decision 0063): signed entries numbered per member, each with the balance after it (CHECK >= 0). */
export interface CreditEntriesTable {
  id: Generated<number>;
  user_id: string;
  seq: number;
  /** goodwill | refund | referral | gift_card | spend | spend_returned */
  kind: string;
  amount_cents: number;
  balance_after_cents: number;
  description: string;
  idempotency_key: string;
  order_id: number | null;
  actor_id: string | null;
  created_at: string;
}

/** A member's referral code (one each). */
export interface ReferralCodesTable {
  user_id: string;
  code: string;
  created_at: string;
}

/** Who invited whom: one row per friend (unique friend_id); status pending | rewarded | refused. */
export interface ReferralsTable {
  id: Generated<number>;
  referrer_id: string;
  friend_id: string;
  status: string;
  refused_reason: string | null;
  rental_id: number | null;
  created_at: string;
  decided_at: string | null;
}

/**
 * A gift card (decision 0063): paid by card, e-mailed on send_on, redeemed once into store credit;
 * or a gift month of a plan (kind plan_month, decision 0069), redeemed once into her plan.
 */
export interface GiftCardsTable {
  id: Generated<number>;
  code: string;
  amount_cents: number;
  buyer_id: string;
  request_key: string;
  recipient_email: string;
  recipient_name: string;
  message: string;
  send_on: string;
  /** pending_payment | paid | failed */
  status: string;
  send_claimed_at: string | null;
  sent_at: string | null;
  redeemed_by: string | null;
  redeemed_at: string | null;
  created_at: string;
  updated_at: string;
  /** amount | plan_month */
  kind: Generated<string>;
  /** plan_month: the plan given (monthly) and its pieces a month. */
  plan: string | null;
  item_count: number | null;
  /** plan_month, once redeemed: started | extended | resumed, and her next billing date after it. */
  redeemed_how: string | null;
  plan_until: string | null;
}
