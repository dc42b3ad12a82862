import type { Insertable, Kysely } from 'kysely';
import type { ClaimPhotosTable, DB } from '../../db/schema';

type Db = Kysely<DB>;

const CLAIM_COLUMNS = [
  'damage_claims.id',
  'damage_claims.rental_id',
  'damage_claims.lender_id',
  'damage_claims.renter_id',
  'damage_claims.item_id',
  'damage_claims.amount_cents',
  'damage_claims.description',
  'damage_claims.status',
  'damage_claims.decided_by',
  'damage_claims.decided_at',
  'damage_claims.note',
  'damage_claims.charge_entry_id',
  'damage_claims.charge_status',
  'damage_claims.deposit_captured_cents',
  'damage_claims.created_at',
  'items.name as item_name',
  'items.retail_price_cents',
  'rentals.returned_at',
] as const;

/** The only code that touches damage_claims and claim_photos. */
export function createClaimsRepository(db: Db) {
  const claims = (q: Db = db) =>
    q
      .selectFrom('damage_claims')
      .innerJoin('items', 'items.id', 'damage_claims.item_id')
      .innerJoin('rentals', 'rentals.id', 'damage_claims.rental_id')
      .select(CLAIM_COLUMNS);

  return {
    /** A rental of the lender's piece, with what a claim needs to know. */
    lenderRental(rentalId: number, lenderId: string, q: Db = db) {
      return q
        .selectFrom('rentals')
        .innerJoin('items', 'items.id', 'rentals.item_id')
        .leftJoin('listings', 'listings.item_id', 'rentals.item_id')
        .select([
          'rentals.id',
          'rentals.user_id',
          'rentals.item_id',
          'rentals.returned_at',
          'rentals.cancelled_at',
          'items.name',
          'items.retail_price_cents',
          'listings.lending_mode',
        ])
        .where('rentals.id', '=', rentalId)
        .where('rentals.lender_id', '=', lenderId)
        .executeTakeFirst();
    },

    /** The lender's rentals returned since `since` (not cancelled) with no claim: she may still claim on them. */
    claimable(lenderId: string, since: string) {
      return (
        db
          .selectFrom('rentals')
          .innerJoin('items', 'items.id', 'rentals.item_id')
          .leftJoin('damage_claims', 'damage_claims.rental_id', 'rentals.id')
          .leftJoin('listings', 'listings.item_id', 'rentals.item_id')
          .select(['rentals.id', 'rentals.item_id', 'rentals.returned_at', 'items.name', 'items.retail_price_cents'])
          .where('rentals.lender_id', '=', lenderId)
          // A piece in our care (decision 0070): its damage is the desk's, found at check-in.
          .where((eb) => eb.or([eb('listings.lending_mode', 'is', null), eb('listings.lending_mode', '!=', 'managed')]))
          .where('rentals.returned_at', '>=', since)
          .where('rentals.cancelled_at', 'is', null)
          .where('damage_claims.id', 'is', null)
          .orderBy('rentals.returned_at', 'desc')
          .execute()
      );
    },

    async insert(
      trx: Db,
      row: {
        rental_id: number;
        lender_id: string;
        renter_id: string;
        item_id: number;
        amount_cents: number;
        description: string;
        created_at: string;
      },
    ): Promise<number> {
      const { id } = await trx
        .insertInto('damage_claims')
        .values({
          ...row,
          status: 'open',
          decided_by: null,
          decided_at: null,
          note: null,
          charge_entry_id: null,
          charge_status: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async insertPhotos(trx: Db, rows: Insertable<ClaimPhotosTable>[]): Promise<void> {
      if (rows.length) await trx.insertInto('claim_photos').values(rows).execute();
    },

    find(id: number, q: Db = db) {
      return claims(q).where('damage_claims.id', '=', id).executeTakeFirst();
    },

    /** Claims the member is a party to (as lender or renter), newest first. */
    ofParty(userId: string) {
      return claims()
        .where((eb) => eb.or([eb('damage_claims.lender_id', '=', userId), eb('damage_claims.renter_id', '=', userId)]))
        .orderBy('damage_claims.id', 'desc')
        .execute();
    },

    /** Whether a claim on this rental is open (staff may then read its thread, decision 0035). */
    async hasOpen(rentalId: number): Promise<boolean> {
      const row = await db
        .selectFrom('damage_claims')
        .select('id')
        .where('rental_id', '=', rentalId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return row !== undefined;
    },

    byStatus(status: string) {
      return claims()
        .where('damage_claims.status', '=', status)
        .orderBy('damage_claims.id', status === 'open' ? 'asc' : 'desc')
        .limit(200)
        .execute();
    },

    /** Decides an open claim: one conditional update, so two staff deciding at once cannot both. */
    async decide(
      trx: Db,
      id: number,
      v: { status: 'upheld' | 'rejected'; by: string; at: string; note: string },
    ): Promise<boolean> {
      const res = await trx
        .updateTable('damage_claims')
        .set({ status: v.status, decided_by: v.by, decided_at: v.at, note: v.note })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** An upheld claim whose charge failed, charged again: failed -> pending once; the failed attempt's entry (null: there was no card), or undefined. */
    async retryCharge(trx: Db, id: number): Promise<{ charge_entry_id: number | null } | undefined> {
      return trx
        .updateTable('damage_claims')
        .set({ charge_status: 'pending' })
        .where('id', '=', id)
        .where('status', '=', 'upheld')
        .where('charge_status', '=', 'failed')
        .returning('charge_entry_id')
        .executeTakeFirst();
    },

    /** The part of an upheld claim taken from the rental's deposit (decision 0068). */
    async setDepositCaptured(trx: Db, id: number, cents: number): Promise<void> {
      await trx.updateTable('damage_claims').set({ deposit_captured_cents: cents }).where('id', '=', id).execute();
    },

    async setCharge(trx: Db, id: number, v: { entryId: number | null; status: string }): Promise<void> {
      await trx
        .updateTable('damage_claims')
        .set({ charge_entry_id: v.entryId, charge_status: v.status })
        .where('id', '=', id)
        .execute();
    },

    photosOf(claimIds: number[]) {
      if (claimIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('claim_photos')
        .select(['claim_id', 'position', 'file_name', 'width', 'height'])
        .where('claim_id', 'in', claimIds)
        .orderBy('claim_id')
        .orderBy('position')
        .execute();
    },

    photoAt(claimId: number, position: number) {
      return db
        .selectFrom('claim_photos')
        .innerJoin('damage_claims', 'damage_claims.id', 'claim_photos.claim_id')
        .select([
          'claim_photos.file_name',
          'claim_photos.content_type',
          'damage_claims.lender_id',
          'damage_claims.renter_id',
        ])
        .where('claim_photos.claim_id', '=', claimId)
        .where('claim_photos.position', '=', position)
        .executeTakeFirst();
    },

    usersOf(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('user').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
    },
  };
}

export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;
export type ClaimRow = NonNullable<Awaited<ReturnType<ClaimsRepository['find']>>>;
