import type { BookingsCore } from '../bookings';
import { parseSizes, type Category, type ItemGender } from '../../../domain/catalogue';
import {
  ITEM_STATUS_FOR_REVIEW,
  LISTING_MESSAGES,
  LENDER_SHARE_PERCENT,
  lenderShareCents,
  MAX_LISTING_PHOTOS,
  MAX_LIVE_LISTINGS,
  MAX_PHOTO_BYTES,
  type Handover,
  type Listing,
  type ListingInput,
  type ListingList,
  type ListingUpdate,
  rentalPriceProblems,
  reviewStatusOfItem,
} from '../../../domain/listings';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { DomainError, notFound } from '../../../domain/errors';
import { reencodePhoto, sniffImageType, type ProcessedImage } from '../../storage/images';
import { withStoredPhotos, type FileStorage } from '../../storage/storage';
import { photoUrl, picturesOf } from '../catalogue';
import { createListingsRepository, type ListingRow } from './listings.repository';

/** A listing needs 1 to MAX_LISTING_PHOTOS photos in one upload. */
function checkPhotoCount(files: UploadedFile[]): void {
  const problem =
    files.length === 0
      ? LISTING_MESSAGES.noPhoto
      : files.length > MAX_LISTING_PHOTOS
        ? LISTING_MESSAGES.tooManyPhotos
        : null;
  if (problem) throw new DomainError('VALIDATION_FAILED', problem, { issues: [{ path: 'photos', message: problem }] });
}

/** The columns of a member's listing that describe the piece, as the lender wrote them. */
type ListingFieldsRow = {
  id: number;
  name: string;
  brand: string;
  category: string;
  gender: string;
  sizes: string;
  description: string;
  retail_price_cents: number;
  rental_price_cents: number;
  handover: string | null;
};

/** A listing's own fields, read from its item row (the lender's page and the staff review show them alike). */
export function listingFieldsOf(r: ListingFieldsRow) {
  return {
    id: r.id,
    name: r.name,
    brand: r.brand,
    category: r.category as Category,
    gender: r.gender as ItemGender,
    sizes: parseSizes(r.sizes),
    description: r.description,
    retailPriceCents: r.retail_price_cents,
    rentalPriceCents: r.rental_price_cents,
    handover: r.handover as Handover,
  };
}

function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] || 'A member';
}

/**
 * Checks and re-encodes uploaded photos: at most 5 MB each (413), JPEG/PNG/WebP by their bytes,
 * whatever the name or declared type says (415), decodable by sharp (415).
 */
export async function preparePhotos(files: UploadedFile[]): Promise<ProcessedImage[]> {
  for (const f of files) {
    if (f.data.length > MAX_PHOTO_BYTES)
      throw new DomainError(
        'PAYLOAD_TOO_LARGE',
        `${LISTING_MESSAGES.photoTooLarge} (${f.name || 'photo'} is ${(f.data.length / 1024 / 1024).toFixed(1)} MB).`,
      );
  }
  const out: ProcessedImage[] = [];
  for (const f of files) {
    const bytes = f.data;
    if (!sniffImageType(bytes))
      throw new DomainError(
        'UNSUPPORTED_MEDIA_TYPE',
        `${LISTING_MESSAGES.photoType}: ${f.name || 'a photo'} is not one.`,
      );
    try {
      out.push(await reencodePhoto(bytes));
    } catch {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `${f.name || 'A photo'} could not be read as an image.`);
    }
  }
  return out;
}

const tooManyListings = () =>
  new DomainError('CONFLICT', LISTING_MESSAGES.tooManyListings, { details: { limit: MAX_LIVE_LISTINGS } });

export function createListingsService(ctx: AppContext, deps: { core: BookingsCore; storage?: FileStorage }) {
  const { db } = ctx.database;
  const repo = createListingsRepository(db);
  const storage = deps.storage ?? ctx.storage;
  const { core } = deps;
  const now = () => ctx.clock().toISOString();

  /**
   * What the member has earned from lending, in all and per item: the lender's share of each of
   * her earning rentals (repo.earningRentals decides which those are).
   */
  async function earnings(
    ownerId: string,
  ): Promise<{ totalCents: number; byItem: Map<number, { cents: number; times: number }> }> {
    const rows = await repo.earningRentals(ownerId, ctx.today());
    const byItem = new Map<number, { cents: number; times: number }>();
    let totalCents = 0;
    for (const r of rows) {
      const share = lenderShareCents(r.price_cents);
      totalCents += share;
      const e = byItem.get(r.item_id) ?? { cents: 0, times: 0 };
      e.cents += share;
      e.times += 1;
      byItem.set(r.item_id, e);
    }
    return { totalCents, byItem };
  }

  async function shape(
    rows: ListingRow[],
    ownerId: string,
    earned?: Awaited<ReturnType<typeof earnings>>,
  ): Promise<Listing[]> {
    const ids = rows.map((r) => r.id);
    const [photos, rentals, { byItem }] = await Promise.all([
      repo.photosOf(ids),
      repo.openRentalsOf(ids),
      earned ?? earnings(ownerId),
    ]);
    return rows.map((r) => {
      const own = photos.filter((p) => p.item_id === r.id);
      const rental = rentals.find((x) => x.item_id === r.id);
      const e = byItem.get(r.id);
      return {
        ...listingFieldsOf(r),
        imageUrl: picturesOf(r, own).imageUrl,
        photos: own.map((p) => ({ url: photoUrl(r.id, p.position, p.file_name), width: p.width, height: p.height })),
        status: rental ? 'rented' : 'available',
        review: {
          status: reviewStatusOfItem(r.status) ?? 'pending',
          reason: r.status === ITEM_STATUS_FOR_REVIEW.rejected ? r.review_reason : null,
          reviewedAt: r.reviewed_at,
          submittedAt: r.submitted_at ?? r.created_at,
        },
        rentedBy: rental ? firstName(rental.full_name ?? rental.name) : null,
        returnDate: rental ? rental.end_date : null,
        earningsCents: e?.cents ?? 0,
        timesRented: e?.times ?? 0,
        createdAt: r.created_at,
      };
    });
  }

  async function getOwned(itemId: number, ownerId: string): Promise<Listing> {
    const row = await repo.findOwned(itemId, ownerId);
    if (!row) throw notFound('Listing not found');
    const [listing] = await shape([row], ownerId);
    return listing!;
  }

  async function discard(names: string[]): Promise<void> {
    await Promise.all(
      names.map((n) =>
        storage.delete(n).catch((err: unknown) => ctx.logger.warn({ err, file: n }, 'could not delete upload')),
      ),
    );
  }

  return {
    /**
     * The lender's earning rentals (the one rule, repo.earningRentals: paid and started), with her
     * share and when each came back: what payouts and the statement are made of (decision 0036).
     */
    async earningRentals(lenderId: string): Promise<
      {
        rentalId: number;
        itemId: number;
        priceCents: number;
        shareCents: number;
        startDate: string;
        returnedAt: string | null;
      }[]
    > {
      const rows = await repo.earningRentals(lenderId, ctx.today());
      return rows.map((r) => ({
        rentalId: r.id,
        itemId: r.item_id,
        priceCents: r.price_cents,
        shareCents: lenderShareCents(r.price_cents),
        startDate: r.start_date,
        returnedAt: r.returned_at,
      }));
    },

    async list(ownerId: string): Promise<ListingList> {
      const [rows, earned] = await Promise.all([repo.listByOwner(ownerId), earnings(ownerId)]);
      return {
        listings: await shape(rows, ownerId, earned),
        totalEarningsCents: earned.totalCents,
        sharePercent: LENDER_SHARE_PERCENT,
      };
    },

    get: getOwned,

    /**
     * Refuses (409) a member already at the cap of live listings, before an upload is read. The
     * create's transaction decides again under concurrency (repo.takeListingSlot).
     */
    async checkRoomForListing(ownerId: string): Promise<void> {
      if ((await repo.liveListings(ownerId)) >= MAX_LIVE_LISTINGS) throw tooManyListings();
    },

    /** How many more photos the member's listing takes (404 when it is not hers), before an upload is read. */
    async photoRoom(ownerId: string, itemId: number): Promise<number> {
      if (!(await repo.findOwned(itemId, ownerId))) throw notFound('Listing not found');
      return Math.max(0, MAX_LISTING_PHOTOS - (await repo.photoCount(db, itemId)));
    },

    /**
     * Lists a piece: the item (owned by the member), one unit per size, and 1-4 photos. It waits
     * for staff review (status pending_review) before anyone else can see or rent it.
     */
    async create(ownerId: string, input: ListingInput, files: UploadedFile[]): Promise<Listing> {
      checkPhotoCount(files);
      const images = await preparePhotos(files);
      const created = now();
      const itemId = await withStoredPhotos(storage, images, ctx.logger, (names) =>
        db.transaction().execute(async (trx) => {
          if (!(await repo.takeListingSlot(trx, ownerId, MAX_LIVE_LISTINGS))) throw tooManyListings();
          const id = await repo.insertListing(
            trx,
            {
              slug: null,
              name: input.name,
              brand: input.brand,
              category: input.category,
              gender: input.gender,
              sizes: JSON.stringify(input.sizes),
              colour: 'neutral',
              tags: 'member',
              retail_price_cents: input.retailPriceCents,
              rental_price_cents: input.rentalPriceCents,
              rating: 0,
              review_count: 0,
              rental_count: 0,
              is_new: 1,
              description: input.description,
              materials: null,
              care_instructions: null,
              owner_id: ownerId,
              status: ITEM_STATUS_FOR_REVIEW.pending,
              created_at: created,
            },
            { owner_id: ownerId, handover: input.handover, created_at: created, submitted_at: created },
          );
          await core.firstUnits(trx, id, input.sizes);
          await repo.insertPhotos(
            trx,
            images.map((img, position) => ({
              item_id: id,
              position,
              file_name: names[position]!,
              content_type: img.contentType,
              width: img.width,
              height: img.height,
              bytes: img.data.length,
              created_at: created,
            })),
          );
          return id;
        }),
      );
      return getOwned(itemId, ownerId);
    },

    /**
     * Changes the listing's details; refused while the piece is rented. A rejected listing goes
     * back to review with any change; a live one when what members see changes (name, brand,
     * category, gender, description), not for its prices or handover.
     */
    async update(ownerId: string, itemId: number, patch: ListingUpdate): Promise<Listing> {
      await db.transaction().execute(async (trx) => {
        await core.lock(trx, { itemId });
        const row = await repo.findOwned(itemId, ownerId, trx);
        if (!row) throw notFound('Listing not found');
        if (await repo.hasOpenRental(trx, itemId)) throw new DomainError('CONFLICT', LISTING_MESSAGES.rentedNoChange);
        // Price bounds depend on the category and retail price: check against the merged values.
        const [problem] = rentalPriceProblems({
          category: patch.category ?? (row.category as Category),
          retailPriceCents: patch.retailPriceCents ?? row.retail_price_cents,
          rentalPriceCents: patch.rentalPriceCents ?? row.rental_price_cents,
        });
        if (problem)
          throw new DomainError('VALIDATION_FAILED', problem, {
            issues: [{ path: 'rentalPriceCents', message: problem }],
          });
        await repo.updateItem(
          trx,
          itemId,
          {
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.brand !== undefined ? { brand: patch.brand } : {}),
            ...(patch.category !== undefined ? { category: patch.category } : {}),
            ...(patch.gender !== undefined ? { gender: patch.gender } : {}),
            ...(patch.description !== undefined ? { description: patch.description } : {}),
            ...(patch.retailPriceCents !== undefined ? { retail_price_cents: patch.retailPriceCents } : {}),
            ...(patch.rentalPriceCents !== undefined ? { rental_price_cents: patch.rentalPriceCents } : {}),
          },
          patch.handover,
          now(),
        );
        const contentChanged = ['name', 'brand', 'category', 'gender', 'description'].some(
          (k) => patch[k as keyof ListingUpdate] !== undefined,
        );
        if (
          row.status === ITEM_STATUS_FOR_REVIEW.rejected ||
          (row.status === ITEM_STATUS_FOR_REVIEW.approved && contentChanged)
        ) {
          await repo.resubmit(trx, itemId, now());
        }
      });
      return getOwned(itemId, ownerId);
    },

    /** Takes the listing out of the catalogue; refused while the piece is rented. */
    async remove(ownerId: string, itemId: number): Promise<void> {
      const files = await db.transaction().execute(async (trx) => {
        await core.lock(trx, { itemId });
        const row = await repo.findOwned(itemId, ownerId, trx);
        if (!row) throw notFound('Listing not found');
        if (await repo.hasOpenRental(trx, itemId)) throw new DomainError('CONFLICT', LISTING_MESSAGES.rentedNoChange);
        await repo.releaseListingSlot(trx, ownerId);
        return repo.removeListing(trx, itemId);
      });
      await discard(files);
    },

    /** Adds photos to a listing, up to four in all. */
    async addPhotos(ownerId: string, itemId: number, files: UploadedFile[]): Promise<Listing> {
      if (!(await repo.findOwned(itemId, ownerId))) throw notFound('Listing not found');
      checkPhotoCount(files);
      const images = await preparePhotos(files);
      const created = now();
      await withStoredPhotos(storage, images, ctx.logger, (names) =>
        db.transaction().execute(async (trx) => {
          // One photo upload per listing at a time: lock the listing's row (PostgreSQL).
          await trx.selectFrom('listings').select('item_id').where('item_id', '=', itemId).forUpdate().execute();
          if (!(await repo.findOwned(itemId, ownerId, trx))) throw notFound('Listing not found');
          const count = await repo.photoCount(trx, itemId);
          if (count + images.length > MAX_LISTING_PHOTOS) {
            throw new DomainError(
              'VALIDATION_FAILED',
              `${LISTING_MESSAGES.tooManyPhotos}: this listing has ${count} already.`,
              { issues: [{ path: 'photos', message: LISTING_MESSAGES.tooManyPhotos }] },
            );
          }
          await repo.insertPhotos(
            trx,
            images.map((img, i) => ({
              item_id: itemId,
              position: count + i,
              file_name: names[i]!,
              content_type: img.contentType,
              width: img.width,
              height: img.height,
              bytes: img.data.length,
              created_at: created,
            })),
          );
          // New photos are new content: a live or rejected listing goes (back) to review.
          await repo.resubmit(trx, itemId, created);
        }),
      );
      return getOwned(itemId, ownerId);
    },

    /** Removes one photo (a listing keeps at least one). */
    async deletePhoto(ownerId: string, itemId: number, position: number): Promise<Listing> {
      const file = await db.transaction().execute(async (trx) => {
        await trx.selectFrom('listings').select('item_id').where('item_id', '=', itemId).forUpdate().execute();
        const row = await repo.findOwned(itemId, ownerId, trx);
        if (!row) throw notFound('Listing not found');
        if ((await repo.photoCount(trx, itemId)) <= 1)
          throw new DomainError(
            'CONFLICT',
            'A listing keeps at least one photo: add another before removing this one.',
          );
        const name = await repo.deletePhoto(trx, itemId, position);
        if (!name) throw notFound('Photo not found');
        await repo.renumberPhotos(trx, itemId);
        // Removing a photo the reviewer objected to is a change: a rejected listing goes back to review.
        if (row.status === ITEM_STATUS_FOR_REVIEW.rejected) await repo.resubmit(trx, itemId, now());
        return name;
      });
      await discard([file]);
      return getOwned(itemId, ownerId);
    },

    /**
     * A photo's bytes: for anyone once the listing is live (it is public in the catalogue); while
     * it is in review or rejected, only for its owner and staff. Null when there is none to show.
     */
    async photo(
      itemId: number,
      position: number,
      viewer: { id: string; role: string } | null,
    ): Promise<{ data: Buffer; contentType: string; public: boolean } | null> {
      const row = await repo.photoAt(itemId, position);
      if (!row) return null;
      const isPublic = row.status === ITEM_STATUS_FOR_REVIEW.approved;
      if (!isPublic && !(viewer && (viewer.id === row.owner_id || viewer.role === 'staff'))) return null;
      const data = await storage.get(row.file_name);
      return data ? { data, contentType: row.content_type, public: isPublic } : null;
    },

    /** The photos of these listings (for the review desk), by item id. */
    async photosOf(itemIds: number[]): Promise<Map<number, { url: string; width: number; height: number }[]>> {
      const out = new Map<number, { url: string; width: number; height: number }[]>();
      for (const p of await repo.photosOf(itemIds)) {
        const list = out.get(p.item_id) ?? [];
        list.push({ url: photoUrl(p.item_id, p.position, p.file_name), width: p.width, height: p.height });
        out.set(p.item_id, list);
      }
      return out;
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
