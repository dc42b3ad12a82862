import { type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { reportRows } from './account-export-reports';

/**
 * What she gave us through the features of issues 17 and 18 (fit details, reviews, shortlists,
 * waitlist, requests, messages, ratings, payouts, claims): her own rows only, never the other
 * member's side of a request, thread or rating.
 */
async function memberContentRows(db: Kysely<DB>, userId: string) {
  const [fit, reviews, shortlists, waitlist, requests, messages, ratingsGiven, payoutAccount, payouts, claims] =
    await Promise.all([
      db
        .selectFrom('fit_details')
        .select(['height_cm', 'bust_cm', 'waist_cm', 'hips_cm', 'usual_size', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      db
        .selectFrom('reviews')
        .innerJoin('items', 'items.id', 'reviews.item_id')
        .select([
          'reviews.id',
          'reviews.rental_id',
          'reviews.item_id',
          'items.name',
          'items.brand',
          'reviews.rating',
          'reviews.fit',
          'reviews.size_worn',
          'reviews.occasion',
          'reviews.body',
          'reviews.height_cm',
          'reviews.bust_cm',
          'reviews.waist_cm',
          'reviews.hips_cm',
          'reviews.usual_size',
          'reviews.created_at',
        ])
        .where('reviews.user_id', '=', userId)
        .orderBy('reviews.id')
        .execute(),
      db
        .selectFrom('shortlists')
        .select(['id', 'name', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('waitlist_entries')
        .innerJoin('items', 'items.id', 'waitlist_entries.item_id')
        .select([
          'waitlist_entries.item_id',
          'items.name',
          'items.brand',
          'waitlist_entries.size',
          'waitlist_entries.start_date',
          'waitlist_entries.end_date',
          'waitlist_entries.status',
          'waitlist_entries.created_at',
          'waitlist_entries.held_at',
          'waitlist_entries.hold_expires_at',
          'waitlist_entries.rental_id',
          'waitlist_entries.ended_at',
        ])
        .where('waitlist_entries.user_id', '=', userId)
        .orderBy('waitlist_entries.id')
        .execute(),
      db
        .selectFrom('booking_requests')
        .innerJoin('items', 'items.id', 'booking_requests.item_id')
        .innerJoin('rentals', 'rentals.id', 'booking_requests.rental_id')
        .select([
          'booking_requests.id',
          'booking_requests.rental_id',
          'booking_requests.item_id',
          'items.name',
          'items.brand',
          'booking_requests.renter_id',
          'rentals.size',
          'rentals.start_date',
          'rentals.end_date',
          'rentals.price_cents',
          'booking_requests.status',
          'booking_requests.expires_at',
          'booking_requests.decided_at',
          'booking_requests.created_at',
        ])
        .where((eb) =>
          eb.or([eb('booking_requests.renter_id', '=', userId), eb('booking_requests.lender_id', '=', userId)]),
        )
        .orderBy('booking_requests.id')
        .execute(),
      db
        .selectFrom('rental_messages')
        .select(['rental_id', 'body', 'created_at'])
        .where('sender_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('rental_ratings')
        .select(['rental_id', 'side', 'stars', 'comment', 'created_at'])
        .where('author_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('payout_accounts')
        .select(['holder_name', 'last_four', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      db
        .selectFrom('payouts')
        .select(['id', 'amount_cents', 'status', 'holder_name', 'last_four', 'failure', 'created_at', 'settled_at'])
        .where('lender_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('damage_claims')
        .innerJoin('items', 'items.id', 'damage_claims.item_id')
        .select([
          'damage_claims.id',
          'damage_claims.rental_id',
          'damage_claims.item_id',
          'items.name',
          'items.brand',
          'damage_claims.amount_cents',
          'damage_claims.description',
          'damage_claims.status',
          'damage_claims.note',
          'damage_claims.decided_at',
          'damage_claims.created_at',
        ])
        .where('damage_claims.lender_id', '=', userId)
        .orderBy('damage_claims.id')
        .execute(),
    ]);
  const reviewIds = reviews.map((r) => r.id);
  const listIds = shortlists.map((l) => l.id);
  const claimIds = claims.map((c) => c.id);
  const [reviewPhotos, shortlistItems, claimPhotos] = await Promise.all([
    reviewIds.length
      ? db
          .selectFrom('review_photos')
          .select(['review_id', 'position', 'file_name'])
          .where('review_id', 'in', reviewIds)
          .orderBy('review_id')
          .orderBy('position')
          .execute()
      : [],
    listIds.length
      ? db
          .selectFrom('shortlist_items')
          .leftJoin('items', 'items.id', 'shortlist_items.item_id')
          .select([
            'shortlist_items.shortlist_id',
            'shortlist_items.item_id',
            'items.name',
            'items.brand',
            'shortlist_items.created_at',
          ])
          .where('shortlist_items.shortlist_id', 'in', listIds)
          .orderBy('shortlist_items.created_at')
          .orderBy('shortlist_items.item_id')
          .execute()
      : [],
    claimIds.length
      ? db
          .selectFrom('claim_photos')
          .select(['claim_id', 'position', 'file_name'])
          .where('claim_id', 'in', claimIds)
          .orderBy('claim_id')
          .orderBy('position')
          .execute()
      : [],
  ]);
  return {
    fit,
    reviews,
    reviewPhotos,
    shortlists,
    shortlistItems,
    waitlist,
    requests,
    messages,
    ratingsGiven,
    payoutAccount,
    payouts,
    claims,
    claimPhotos,
  };
}

/** Everything we hold about the member, for "download my data". */
export async function exportRows(db: Kysely<DB>, userId: string) {
  const [
    user,
    profile,
    subscription,
    card,
    pickup,
    charges,
    rentals,
    listings,
    favorites,
    rsvps,
    sessions,
    deliveryAddress,
    orders,
    payments,
  ] = await Promise.all([
    db
      .selectFrom('user')
      .select(['id', 'email', 'emailVerified', 'name', 'image', 'createdAt'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('profiles')
      .select(['full_name', 'gender', 'created_at', 'updated_at'])
      .where('id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .select(['plan', 'item_count', 'status', 'started_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('payment_methods')
      .select([
        'brand',
        'last_four',
        'expiry_month',
        'expiry_year',
        'cardholder_name',
        'billing_street',
        'billing_city',
        'billing_state',
        'billing_zip',
        'billing_country',
        'updated_at',
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('pickup_preferences')
      .select(['pickup_option', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('charges')
      .select(['plan', 'item_count', 'amount_cents', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('rentals')
      .innerJoin('items', 'items.id', 'rentals.item_id')
      .select([
        'rentals.id',
        'rentals.item_id',
        'items.name',
        'items.brand',
        'rentals.size',
        'rentals.start_date',
        'rentals.end_date',
        'rentals.plan',
        'rentals.price_cents',
        'rentals.charge_cents',
        'rentals.pickup_option',
        'rentals.extensions',
        'rentals.returned_at',
        'rentals.created_at',
      ])
      .where('rentals.user_id', '=', userId)
      .orderBy('rentals.id')
      .execute(),
    db
      .selectFrom('listings')
      .innerJoin('items', 'items.id', 'listings.item_id')
      .select([
        'items.id',
        'items.name',
        'items.brand',
        'items.category',
        'items.description',
        'items.rental_price_cents',
        'items.status',
        'listings.handover',
        'listings.created_at',
      ])
      .where('listings.owner_id', '=', userId)
      .orderBy('items.id')
      .execute(),
    db
      .selectFrom('user_liked_items')
      .leftJoin('items', 'items.id', 'user_liked_items.item_id')
      .select(['user_liked_items.item_id', 'items.name', 'items.brand', 'user_liked_items.liked_at'])
      .where('user_liked_items.user_id', '=', userId)
      .orderBy('user_liked_items.id')
      .execute(),
    db
      .selectFrom('event_rsvps')
      .innerJoin('events', 'events.id', 'event_rsvps.event_id')
      .select(['events.id', 'events.title', 'events.date', 'events.time', 'events.location', 'event_rsvps.created_at'])
      .where('event_rsvps.user_id', '=', userId)
      .orderBy('events.date')
      .execute(),
    db
      .selectFrom('session')
      .select(['userAgent', 'ipAddress', 'createdAt', 'updatedAt'])
      .where('userId', '=', userId)
      .execute(),
    db
      .selectFrom('delivery_addresses')
      .select(['recipient_name', 'line1', 'line2', 'city', 'state', 'zip_code', 'country', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('orders')
      .select([
        'number',
        'status',
        'plan',
        'total_cents',
        'delivery_method',
        'recipient_name',
        'address_line1',
        'address_line2',
        'address_city',
        'address_state',
        'address_zip',
        'studio_name',
        'studio_address',
        'card_brand',
        'card_last_four',
        'created_at',
        'cancelled_at',
      ])
      .where('user_id', '=', userId)
      .where('status', 'in', ['confirmed', 'cancelled'])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payment_ledger')
      .leftJoin('orders', 'orders.id', 'payment_ledger.order_id')
      .select([
        'orders.number',
        'payment_ledger.purpose',
        'payment_ledger.kind',
        'payment_ledger.amount_cents',
        'payment_ledger.status',
        'payment_ledger.card_brand',
        'payment_ledger.card_last_four',
        'payment_ledger.description',
        'payment_ledger.created_at',
      ])
      .where('payment_ledger.user_id', '=', userId)
      .orderBy('payment_ledger.id')
      .execute(),
  ]);
  return {
    user,
    profile,
    subscription,
    card,
    pickup,
    charges,
    rentals,
    listings,
    favorites,
    rsvps,
    sessions,
    deliveryAddress,
    orders,
    payments,
    // Her store credit's entries (decision 0063).
    storeCredit: await db
      .selectFrom('credit_entries')
      .select(['kind', 'amount_cents', 'balance_after_cents', 'description', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute(),
    ...(await memberContentRows(db, userId)),
    ...(await reportRows(db, userId)),
  };
}

export type ExportRows = Awaited<ReturnType<typeof exportRows>>;
