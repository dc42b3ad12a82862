import { ITEM_STATUS_FOR_REVIEW, LISTING_MESSAGES, MAX_LISTING_PHOTOS, type Listing } from '../../../domain/listings';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { DomainError, notFound } from '../../../domain/errors';
import { withStoredPhotos, type FileStorage } from '../../storage/storage';
import { photoUrl } from '../catalogue';
import { checkPhotoCount, discardFiles, preparePhotos } from './listing-photos';
import { ownedListing } from './listing-view';
import { createListingsRepository } from './listings.repository';

/**
 * A member's listing's photos after it is made: adding (up to MAX_LISTING_PHOTOS), removing (one
 * stays), serving them (to anyone once the listing is live) and the review desk's view of them.
 * Each change takes the listing row's lock; a change of what members see sends it (back) to review.
 */
export function createListingPhotosService(ctx: AppContext, deps: { storage?: FileStorage } = {}) {
  const { db } = ctx.database;
  const repo = createListingsRepository(db);
  const storage = deps.storage ?? ctx.storage;
  const now = () => ctx.clock().toISOString();
  const getOwned = (itemId: number, ownerId: string) => ownedListing(repo, itemId, ownerId, ctx.today());

  return {
    /** How many more photos the member's listing takes (404 when it is not hers), before an upload is read. */
    async photoRoom(ownerId: string, itemId: number): Promise<number> {
      if (!(await repo.findOwned(itemId, ownerId))) throw notFound('Listing not found');
      return Math.max(0, MAX_LISTING_PHOTOS - (await repo.photoCount(db, itemId)));
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
          await repo.lockListing(trx, itemId);
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
        await repo.lockListing(trx, itemId);
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
      await discardFiles(storage, ctx.logger, [file]);
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

export type ListingPhotosService = ReturnType<typeof createListingPhotosService>;
