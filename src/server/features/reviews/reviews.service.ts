import { parseSizes, type Size } from '../../../domain/catalogue';
import {
  combinedRating,
  fitSummaryOf,
  MIN_SIMILAR_REVIEWS,
  REVIEW_MESSAGES,
  REVIEW_PAGE_SIZE,
  SIMILAR_HEIGHT_CM,
  sizeAdviceOf,
  USUAL_SIZES,
  type Fit,
  type FitDetails,
  type FitDetailsState,
  type ItemReviews,
  type MyReviews,
  type Review,
  type ReviewInput,
  type SizeAdvice,
} from '../../../domain/reviews';
import type { Occasion } from '../../../domain/catalogue';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { DomainError, notFound } from '../../../domain/errors';
import { withStoredPhotos } from '../../storage/storage';
import type { CatalogueService } from '../catalogue';
import { preparePhotos } from '../listings';
import { createReviewsRepository, isUniqueViolation, type FitRow } from './reviews.repository';

/** "Rita R." from a full name; a deleted account reads as a former member. */
export function authorName(fullName: string | null | undefined, deleted: boolean): string {
  if (deleted || !fullName) return 'A former member';
  const parts = fullName.trim().split(/\s+/);
  const first = parts[0] ?? 'A member';
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

export function reviewPhotoUrl(reviewId: number, position: number, fileName: string): string {
  return `/api/reviews/${reviewId}/photos/${position}?v=${fileName.slice(0, 8)}`;
}

const conflict = (message: string) => new DomainError('CONFLICT', message);
const asUsual = (s: string | null) =>
  s && (USUAL_SIZES as readonly string[]).includes(s) ? (s as (typeof USUAL_SIZES)[number]) : null;

function fitOfRow(row: FitRow | undefined): FitDetails {
  return {
    heightCm: row?.height_cm ?? null,
    bustCm: row?.bust_cm ?? null,
    waistCm: row?.waist_cm ?? null,
    hipsCm: row?.hips_cm ?? null,
    usualSize: asUsual(row?.usual_size ?? null),
  };
}

/**
 * Reviews of returned rentals, fit details, the fit summary and size advice (issue 17 part A,
 * docs/product.md "Reviews and fit", decision 0033).
 */
export function createReviewsService(ctx: AppContext, deps: { catalogue: CatalogueService }) {
  const { db } = ctx.database;
  const repo = createReviewsRepository(db);
  const now = () => ctx.clock().toISOString();

  /** The rental she wants to review: hers (404), gone out and come back (409), not reviewed yet (409). */
  async function target(userId: string, rentalId: number) {
    const r = await repo.rentalOf(userId, rentalId);
    if (!r) throw notFound('Rental not found');
    const returned =
      r.cancelled_at === null && r.dispatched_at !== null && (r.returned_at !== null || r.checked_in_at !== null);
    if (!returned) throw conflict(REVIEW_MESSAGES.notReturned);
    if (await repo.reviewIdOfRental(rentalId)) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
    return r;
  }

  async function shapeReviews(rows: Awaited<ReturnType<typeof repo.list>>): Promise<Review[]> {
    const photos = await repo.photosOf(rows.map((r) => r.id));
    return rows.map((r) => {
      const author = authorName(r.full_name, r.deleted_at !== null);
      const own = photos.filter((p) => p.review_id === r.id);
      return {
        id: r.id,
        itemId: r.item_id,
        author,
        rating: r.rating,
        fit: r.fit as Fit,
        sizeWorn: r.size_worn as Size,
        occasion: r.occasion as Occasion | null,
        text: r.body,
        heightCm: r.height_cm,
        usualSize: asUsual(r.usual_size),
        photos: own.map((p, i) => ({
          url: reviewPhotoUrl(r.id, p.position, p.file_name),
          width: p.width,
          height: p.height,
          alt: `Photo ${i + 1} of ${own.length} from ${author}'s review`,
        })),
        createdAt: r.created_at,
      };
    });
  }

  return {
    /** Checks who may review, before a byte of the upload is read. */
    async checkReviewable(userId: string, rentalId: number): Promise<void> {
      await target(userId, rentalId);
    },

    /**
     * Writes her review in one transaction: the review (one per rental: the unique constraint
     * decides between concurrent posts), its photos, her fit details when given, and the item's
     * rating and count (seed plus real reviews), so browse sorts by the new rating at once.
     */
    async create(userId: string, rentalId: number, input: ReviewInput, files: UploadedFile[]): Promise<Review> {
      const r = await target(userId, rentalId);
      if (!parseSizes(r.sizes).includes(input.sizeWorn)) {
        throw new DomainError('VALIDATION_FAILED', `sizeWorn ${REVIEW_MESSAGES.sizeNotOfItem}`, {
          issues: [{ path: 'sizeWorn', message: REVIEW_MESSAGES.sizeNotOfItem }],
        });
      }
      const images = await preparePhotos(files);
      const at = now();
      let reviewId: number;
      try {
        reviewId = await withStoredPhotos(ctx.storage, images, ctx.logger, (names) =>
          db.transaction().execute(async (trx) => {
            const before = await repo.fitOf(userId, trx);
            const given = input.fitDetails ?? {};
            const fit = {
              ...fitOfRow(before),
              ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
            } as FitDetails;
            const { id } = await repo.insertReview(trx, {
              rental_id: rentalId,
              item_id: r.item_id,
              user_id: userId,
              rating: input.rating,
              fit: input.fit,
              size_worn: input.sizeWorn,
              occasion: input.occasion ?? null,
              body: input.text,
              height_cm: fit.heightCm,
              bust_cm: fit.bustCm,
              waist_cm: fit.waistCm,
              hips_cm: fit.hipsCm,
              usual_size: fit.usualSize,
              created_at: at,
            });
            await repo.insertPhotos(
              trx,
              images.map((img, i) => ({
                review_id: id,
                position: i,
                file_name: names[i]!,
                content_type: img.contentType,
                width: img.width,
                height: img.height,
                bytes: img.data.length,
              })),
            );
            if (Object.keys(given).length > 0) {
              await repo.upsertFit(
                trx,
                userId,
                {
                  height_cm: fit.heightCm,
                  bust_cm: fit.bustCm,
                  waist_cm: fit.waistCm,
                  hips_cm: fit.hipsCm,
                  usual_size: fit.usualSize,
                },
                at,
              );
            }
            const seed = await repo.lockItemSeed(trx, r.item_id);
            const real = await repo.realAggregate(trx, r.item_id);
            const shown = combinedRating(
              { rating: Number(seed?.seed_rating ?? 0), count: Number(seed?.seed_review_count ?? 0) },
              { sum: Number(real.total ?? 0), count: Number(real.n) },
            );
            await repo.setItemRating(trx, r.item_id, shown.rating, shown.reviewCount);
            return id;
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
        throw err;
      }
      const rows = await repo.list(r.item_id, { before: reviewId + 1, limit: 1 });
      const [review] = await shapeReviews(rows);
      return review!;
    },

    /** An item's reviews, newest first (optionally of one size worn), with its rating, count and fit summary. */
    async itemReviews(itemId: number, q: { size?: Size; before?: number }): Promise<ItemReviews> {
      const item = await repo.itemRating(itemId);
      if (!item || item.status !== 'active') throw notFound('Item not found');
      const [rows, fits] = await Promise.all([
        repo.list(itemId, { ...q, limit: REVIEW_PAGE_SIZE + 1 }),
        repo.fitsOf(itemId),
      ]);
      const page = rows.slice(0, REVIEW_PAGE_SIZE);
      const sizes = new Map<Size, number>();
      for (const f of fits) sizes.set(f.size_worn as Size, (sizes.get(f.size_worn as Size) ?? 0) + 1);
      return {
        itemId,
        rating: Number(item.rating),
        reviewCount: item.review_count,
        fitSummary: fitSummaryOf(fits.map((f) => f.fit as Fit)),
        sizes: [...sizes.entries()].map(([size, reviews]) => ({ size, reviews })),
        reviews: await shapeReviews(page),
        nextBefore: rows.length > REVIEW_PAGE_SIZE ? page[page.length - 1]!.id : null,
      };
    },

    async photo(reviewId: number, position: number): Promise<{ data: Buffer; contentType: string } | null> {
      const row = await repo.photoAt(reviewId, position);
      if (!row) return null;
      const data = await ctx.storage.get(row.file_name);
      return data ? { data, contentType: row.content_type } : null;
    },

    /** What members like her (height within 5 cm, same usual size) wore of this piece, and how it fit. */
    async sizeAdvice(userId: string, itemId: number): Promise<SizeAdvice> {
      const item = await repo.itemRating(itemId);
      if (!item || item.status !== 'active') throw notFound('Item not found');
      const fit = fitOfRow(await repo.fitOf(userId));
      if (fit.heightCm === null || fit.usualSize === null)
        return { status: 'no_fit_details', minimum: MIN_SIMILAR_REVIEWS };
      const rows = await repo.similar(
        itemId,
        userId,
        fit.usualSize,
        fit.heightCm - SIMILAR_HEIGHT_CM,
        fit.heightCm + SIMILAR_HEIGHT_CM,
      );
      return sizeAdviceOf(
        { heightCm: fit.heightCm, usualSize: fit.usualSize },
        rows.map((r) => ({ sizeWorn: r.size_worn as Size, fit: r.fit as Fit })),
      );
    },

    async getFit(userId: string): Promise<FitDetailsState> {
      const row = await repo.fitOf(userId);
      return { fit: fitOfRow(row), updatedAt: row?.updated_at ?? null };
    },

    async setFit(userId: string, fit: FitDetails): Promise<FitDetailsState> {
      const at = now();
      await repo.upsertFit(
        db,
        userId,
        {
          height_cm: fit.heightCm,
          bust_cm: fit.bustCm,
          waist_cm: fit.waistCm,
          hips_cm: fit.hipsCm,
          usual_size: fit.usualSize,
        },
        at,
      );
      return { fit, updatedAt: at };
    },

    /** Her returned rentals (to review, or reviewed) and her fit details, for the review form. */
    async mine(userId: string): Promise<MyReviews> {
      const [rows, fit] = await Promise.all([repo.returnedRentals(userId), repo.fitOf(userId)]);
      // Pictures of past rentals: a piece no longer listed keeps its nameless drawing (decision 0046).
      const pictures = await deps.catalogue.pictures.forIds([...new Set(rows.map((r) => r.item_id))]);
      return {
        rentals: rows.map((r) => ({
          rentalId: r.id,
          itemId: r.item_id,
          itemName: r.name,
          brand: r.brand,
          imageUrl: pictures.get(r.item_id)?.imageUrl ?? `/api/items/${r.item_id}/past-pictures/front.svg`,
          size: r.size as Size,
          sizes: parseSizes(r.sizes),
          startDate: r.start_date,
          endDate: r.end_date,
          reviewId: r.review_id,
        })),
        fit: fitOfRow(fit),
      };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
