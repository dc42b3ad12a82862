import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** What a profile change writes (already validated by the domain's ProfileUpdateSchema). */
export interface ProfilePatch {
  fullName?: string | undefined;
  gender?: string | undefined;
  image?: string | null | undefined;
}

/** The name and marks a deleted account keeps (decision 0013). */
export const DELETED_NAME = 'Deleted member';
export const deletedEmail = (userId: string) => `deleted-${userId.toLowerCase()}@deleted.invalid`;

/** A reservation of hers not sent yet: cancelling it refunds `refundCents` in full (or gives a plan's place back). */
export interface UnsentReservation {
  rentalId: number;
  name: string;
  startDate: string;
  refundCents: number;
  coveredByPlan: boolean;
}

export function createAccountRepository(db: Kysely<DB>) {
  /**
   * What she gave us through the features of issues 17 and 18 (fit details, reviews, shortlists,
   * waitlist, requests, messages, ratings, payouts, claims): her own rows only, never the other
   * member's side of a request, thread or rating.
   */
  async function memberContentRows(userId: string) {
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

  return {
    findProfile(userId: string) {
      return db
        .selectFrom('user')
        .leftJoin('profiles', 'profiles.id', 'user.id')
        .select([
          'user.id as id',
          'user.email',
          'user.name',
          'user.emailVerified',
          'user.createdAt',
          'profiles.full_name',
          'profiles.gender',
        ])
        .where('user.id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * The one place a profile changes. better-auth's `user` row is written first (that locks it),
     * then the `profiles` row is copied from it in the same transaction, so the two can never
     * disagree, even when changes race.
     */
    async updateProfile(userId: string, patch: ProfilePatch, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('user')
          .set({
            ...(patch.fullName !== undefined ? { name: patch.fullName, full_name: patch.fullName } : {}),
            ...(patch.gender !== undefined ? { gender: patch.gender } : {}),
            ...(patch.image !== undefined ? { image: patch.image } : {}),
            updatedAt: now,
          })
          .where('id', '=', userId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        const user = await trx
          .selectFrom('user')
          .select(['name', 'full_name', 'gender'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        const fullName = user.full_name ?? user.name;
        const gender = user.gender ?? 'prefer-not-to-say';
        await trx
          .insertInto('profiles')
          .values({ id: userId, full_name: fullName, gender, created_at: now, updated_at: now })
          .onConflict((oc) => oc.column('id').doUpdateSet({ full_name: fullName, gender, updated_at: now }))
          .execute();
        return true;
      });
    },

    /** The password hash of the member's e-mail sign-in, if she has one. */
    async credentialHash(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('account')
        .select('password')
        .where('userId', '=', userId)
        .where('providerId', '=', 'credential')
        .executeTakeFirst();
      return row?.password ?? null;
    },

    /** The user a reset token was issued to (better-auth keeps it as 'reset-password:<token>'). */
    async userOfResetToken(token: string) {
      return db
        .selectFrom('verification')
        .innerJoin('user', 'user.id', 'verification.value')
        .select(['user.id', 'user.email', 'user.name'])
        .where('verification.identifier', '=', `reset-password:${token}`)
        .executeTakeFirst();
    },

    listSessions(userId: string) {
      return db
        .selectFrom('session')
        .select(['id', 'userAgent', 'createdAt', 'updatedAt', 'expiresAt'])
        .where('userId', '=', userId)
        .orderBy('updatedAt', 'desc')
        .execute();
    },

    /** Ends one of the member's sessions; false when she has no session with that id. */
    async deleteSession(userId: string, sessionId: string): Promise<boolean> {
      const res = await db
        .deleteFrom('session')
        .where('id', '=', sessionId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    /** Ends every session of the member but `keepId`; returns how many ended. */
    async deleteOtherSessions(userId: string, keepId: string): Promise<number> {
      const res = await db
        .deleteFrom('session')
        .where('userId', '=', userId)
        .where('id', '<>', keepId)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** Records that a session was used now, if it was last recorded before `staleBefore`. */
    async touchSession(sessionId: string, now: string, staleBefore: string): Promise<void> {
      await db
        .updateTable('session')
        .set({ updatedAt: now })
        .where('id', '=', sessionId)
        .where('updatedAt', '<', staleBefore)
        .execute();
    },

    /** Everything we hold about the member, for "download my data". */
    async exportRows(userId: string) {
      const [
        user,
        profile,
        subscription,
        card,
        pickup,
        charges,
        rentals,
        listings,
        favourites,
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
          .select([
            'events.id',
            'events.title',
            'events.date',
            'events.time',
            'events.location',
            'event_rsvps.created_at',
          ])
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
        favourites,
        rsvps,
        sessions,
        deliveryAddress,
        orders,
        payments,
        ...(await memberContentRows(userId)),
      };
    },

    /**
     * Deletes an account in one transaction (decision 0013), unless she has rentals out or pieces
     * rented out: then nothing changes and the blockers are returned. Personal data is removed;
     * the `user` row stays as an anonymous tombstone so rentals, charges and other members'
     * earnings keep their history. Returns the listing and review photo files to remove once
     * committed. `unitsFreed` runs in the transaction when a unit held for her on a waitlist is
     * let go (the waitlist offers it to the next member).
     */
    async deleteAccount(
      userId: string,
      opts: { now: string; today: string; unitsFreed?: (trx: Transaction<DB>) => Promise<unknown> },
    ): Promise<
      | { ok: true; files: string[] }
      | { ok: false; renting: number; unsent: UnsentReservation[]; lentOut: { name: string; endDate: string }[] }
    > {
      return db.transaction().execute(async (trx) => {
        const owned = await trx
          .selectFrom('items')
          .select('id')
          .where('owner_id', '=', userId)
          .where('status', '<>', 'removed')
          .execute();
        const ownedIds = owned.map((r) => r.id);
        // Decided under locks, taken in the order a booking takes them (the item's row first,
        // then the unit, then the members' rows through the rental's foreign keys), so the two
        // never deadlock: her pieces in id order, then her own row. A booking of her piece either
        // committed before (and is seen below) or waits for this transaction and then finds the
        // piece removed.
        if (ownedIds.length) {
          await trx.selectFrom('items').select('id').where('id', 'in', ownedIds).orderBy('id').forUpdate().execute();
        }
        await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
        const open = await trx
          .selectFrom('rentals')
          .innerJoin('items', 'items.id', 'rentals.item_id')
          .select([
            'rentals.id',
            'rentals.dispatched_at',
            'rentals.start_date',
            'rentals.charge_cents',
            'rentals.billing_period_start',
            'items.name',
          ])
          .where('rentals.user_id', '=', userId)
          .where('rentals.returned_at', 'is', null)
          .orderBy('rentals.start_date')
          .execute();
        // Out with her (sent): she returns it first. Reserved and not sent: she may cancel it (a full refund).
        const renting = open.filter((r) => r.dispatched_at !== null);
        const unsent = open
          .filter((r) => r.dispatched_at === null)
          .map((r) => ({
            rentalId: r.id,
            name: r.name,
            startDate: r.start_date,
            refundCents: r.charge_cents,
            coveredByPlan: r.billing_period_start !== null,
          }));
        const lentOut = await trx
          .selectFrom('rentals')
          .innerJoin('items', 'items.id', 'rentals.item_id')
          .select(['items.name', 'rentals.end_date'])
          .where('rentals.lender_id', '=', userId)
          .where('rentals.returned_at', 'is', null)
          .orderBy('rentals.end_date')
          .execute();
        if (renting.length || unsent.length || lentOut.length) {
          return {
            ok: false as const,
            renting: renting.length,
            unsent,
            lentOut: lentOut.map((r) => ({ name: r.name, endDate: r.end_date })),
          };
        }

        // Her pieces leave the catalogue, with their photos.
        let files: string[] = [];
        if (ownedIds.length) {
          await trx.updateTable('items').set({ status: 'removed' }).where('id', 'in', ownedIds).execute();
          const photos = await trx
            .deleteFrom('listing_photos')
            .where('item_id', 'in', ownedIds)
            .returning('file_name')
            .execute();
          files = photos.map((p) => p.file_name);
        }
        // Spots she held at upcoming events go back to others.
        const rsvps = await trx.deleteFrom('event_rsvps').where('user_id', '=', userId).returning('event_id').execute();
        for (const { event_id } of rsvps) {
          await trx
            .updateTable('events')
            .set((eb) => ({ spots_left: eb('spots_left', '+', 1) }))
            .where('id', '=', event_id)
            .where('date', '>=', opts.today)
            .whereRef('spots_left', '<', 'spots')
            .execute();
        }
        for (const table of [
          'payment_methods',
          'subscriptions',
          'pickup_preferences',
          'user_viewed_items',
          'user_liked_items',
          'user_session_progress',
          'user_daily_views',
          'rental_allowance_usage',
          'delivery_addresses',
          'fit_details',
        ] as const) {
          await trx.deleteFrom(table).where('user_id', '=', userId).execute();
        }
        // Her reviews stay, from a former member, without her measurements or her photos (the
        // text stays like her messages in request threads and the ratings she gave, signed by the
        // anonymous account).
        await trx
          .updateTable('reviews')
          .set({ bust_cm: null, waist_cm: null, hips_cm: null })
          .where('user_id', '=', userId)
          .execute();
        const reviewPhotos = await trx
          .deleteFrom('review_photos')
          .where('review_id', 'in', (eb) => eb.selectFrom('reviews').select('id').where('user_id', '=', userId))
          .returning('file_name')
          .execute();
        files = [...files, ...reviewPhotos.map((p) => p.file_name)];
        // Her shortlists go, like her favourites.
        await trx
          .deleteFrom('shortlist_items')
          .where('shortlist_id', 'in', (eb) => eb.selectFrom('shortlists').select('id').where('user_id', '=', userId))
          .execute();
        await trx.deleteFrom('shortlists').where('user_id', '=', userId).execute();
        // She leaves every waitlist she is on; a unit held for her goes to the next member.
        const left = await trx
          .updateTable('waitlist_entries')
          .set({ status: 'left', ended_at: opts.now })
          .where('user_id', '=', userId)
          .where('status', 'in', ['waiting', 'held'])
          .returning('hold_booking_id')
          .execute();
        const held = left.map((e) => e.hold_booking_id).filter((id): id is number => id !== null);
        if (held.length) {
          await trx
            .updateTable('bookings')
            .set({ released_at: opts.now })
            .where('id', 'in', held)
            .where('released_at', 'is', null)
            .execute();
          await opts.unitsFreed?.(trx);
        }
        // Her bank account goes (with the provider's token); her payouts stay for our accounts,
        // without the holder's name.
        await trx.deleteFrom('payout_accounts').where('user_id', '=', userId).execute();
        await trx.updateTable('payouts').set({ holder_name: DELETED_NAME }).where('lender_id', '=', userId).execute();
        await trx.deleteFrom('rental_thread_reads').where('user_id', '=', userId).execute();
        // Her orders stay (with their payments) for our accounts; where they went does not.
        await trx
          .updateTable('orders')
          .set({
            recipient_name: null,
            address_line1: null,
            address_line2: null,
            address_city: null,
            address_state: null,
            address_zip: null,
            updated_at: opts.now,
          })
          .where('user_id', '=', userId)
          .execute();
        await trx.deleteFrom('session').where('userId', '=', userId).execute();
        await trx.deleteFrom('account').where('userId', '=', userId).execute();
        await trx.deleteFrom('verification').where('value', '=', userId).execute();
        await trx
          .updateTable('user')
          .set({
            name: DELETED_NAME,
            full_name: DELETED_NAME,
            gender: 'prefer-not-to-say',
            email: deletedEmail(userId),
            emailVerified: sql.lit(false),
            image: null,
            updatedAt: opts.now,
          })
          .where('id', '=', userId)
          .execute();
        await trx
          .insertInto('profiles')
          .values({
            id: userId,
            full_name: DELETED_NAME,
            gender: 'prefer-not-to-say',
            created_at: opts.now,
            updated_at: opts.now,
            deleted_at: opts.now,
          })
          .onConflict((oc) =>
            oc.column('id').doUpdateSet({
              full_name: DELETED_NAME,
              gender: 'prefer-not-to-say',
              updated_at: opts.now,
              deleted_at: opts.now,
            }),
          )
          .execute();
        return { ok: true as const, files };
      });
    },
  };
}
