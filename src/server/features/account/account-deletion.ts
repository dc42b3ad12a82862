import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

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

export interface DeletionOptions {
  now: string;
  today: string;
  /**
   * Lets go the units held for her on waitlists (their bookings), in the deletion's transaction:
   * the bookings core releases them and the waitlist offers them to the next member (services.ts).
   */
  releaseHolds: (trx: Transaction<DB>, bookingIds: number[]) => Promise<unknown>;
}

/**
 * Deletes an account in one transaction (decision 0013), unless she has rentals out or pieces
 * rented out: then nothing changes and the blockers are returned. Personal data is removed;
 * the `user` row stays as an anonymous tombstone so rentals, charges and other members'
 * earnings keep their history. Returns the listing and review photo files to remove once
 * committed. `unitsFreed` runs in the transaction when a unit held for her on a waitlist is
 * let go (the waitlist offers it to the next member).
 */
export async function deleteAccount(
  db: Kysely<DB>,
  userId: string,
  opts: DeletionOptions,
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
      'saved_searches',
      // Her identity checks' outcomes (decision 0064): the provider keeps the documents.
      'identity_checks',
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
    // Her shortlists go, like her favorites.
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
    if (held.length) await opts.releaseHolds(trx, held);
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
}
