import type { Kysely } from 'kysely';
import { DomainError, notFound } from '../../../domain/errors';
import type { UnitDetail } from '../../../domain/ops';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { UploadedFile } from '../../http/multipart';
import type { SessionUser } from '../../http/types';
import { withStoredPhotos } from '../../storage/storage';
import { createAuditRepository, staffActor } from '../audit';
import type { BookingsCore } from '../bookings';
import { preparePhotos } from '../listings';
import { createUnitLifeRepository } from './unit-life.repository';

type Db = Kysely<DB>;

const conflict = (message: string) => new DomainError('CONFLICT', message);

/** The address of a check-in photo (staff only); the file name versions it. */
export function conditionPhotoUrl(rentalId: number, position: number, fileName: string): string {
  return `/api/ops/rentals/${rentalId}/condition-photos/${position}?v=${fileName.slice(0, 8)}`;
}

/** The desk's check-in photos of a rental (docs/product.md "Staff and the operations desk"). */
export function createConditionPhotosService(ctx: AppContext, deps: { core: BookingsCore }) {
  const { db } = ctx.database;
  const repo = createUnitLifeRepository(db);
  const audit = createAuditRepository(db);
  const { core } = deps;
  const nowIso = () => ctx.clock().toISOString();
  const photoCount = (q: Db, rentalId: number) => repo.conditionPhotoCount(q, rentalId);

  return {
    /** Room for more check-in photos of a rental (404 unknown, 409 not checked in), before an upload is read. */
    async conditionPhotoRoom(rentalId: number, max: number): Promise<number> {
      const r = await core.rental(rentalId);
      if (!r) throw notFound('Rental not found');
      if (!r.checked_in_at) throw conflict('Photos are added to a rental once it is checked in');
      return Math.max(0, max - (await photoCount(db, rentalId)));
    },

    /**
     * Adds check-in photos to a checked-in rental: checked like a listing's photos (by content,
     * size and count), re-encoded, written to the file storage, then recorded with an audit entry.
     */
    async addConditionPhotos(
      staff: SessionUser,
      rentalId: number,
      files: UploadedFile[],
      max: number,
      requestId: string | null,
    ): Promise<UnitDetail['conditionPhotos']> {
      if (files.length === 0)
        throw new DomainError('VALIDATION_FAILED', 'Add at least one photo', {
          issues: [{ path: 'photos', message: 'Add at least one photo' }],
        });
      const images = await preparePhotos(files);
      await withStoredPhotos(ctx.storage, images, ctx.logger, async (names) => {
        const at = nowIso();
        await db.transaction().execute(async (trx) => {
          // One upload per rental at a time (PostgreSQL: the rental row's lock).
          await core.lock(trx, { rentalId });
          const count = await photoCount(trx, rentalId);
          if (count + images.length > max) {
            throw new DomainError(
              'VALIDATION_FAILED',
              `At most ${max} photos per check-in: this one has ${count} already.`,
              { issues: [{ path: 'photos', message: `at most ${max} photos` }] },
            );
          }
          await repo.insertConditionPhotos(
            trx,
            images.map((img, i) => ({
              rental_id: rentalId,
              position: count + i,
              file_name: names[i]!,
              content_type: img.contentType,
              width: img.width,
              height: img.height,
              bytes: img.data.length,
              created_at: at,
            })),
          );
          await audit.record(trx, {
            actor: staffActor(staff),
            action: 'rental.condition_photos',
            subjectType: 'rental',
            subjectId: rentalId,
            before: { photos: count },
            after: { photos: count + images.length },
            requestId,
            at,
          });
        });
      });
      const photos = await repo.conditionPhotos([rentalId]);
      return photos.map((p) => ({
        url: conditionPhotoUrl(p.rental_id, p.position, p.file_name),
        width: p.width,
        height: p.height,
      }));
    },

    async conditionPhoto(rentalId: number, position: number): Promise<{ data: Buffer; contentType: string } | null> {
      const row = await repo.conditionPhotoAt(rentalId, position);
      if (!row) return null;
      const data = await ctx.storage.get(row.file_name);
      return data ? { data, contentType: row.content_type } : null;
    },
  };
}

export type ConditionPhotosService = ReturnType<typeof createConditionPhotosService>;
