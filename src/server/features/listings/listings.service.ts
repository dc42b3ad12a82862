import type { BookingsCore } from '../bookings';
import { type Category } from '../../../domain/catalogue';
import {
  ITEM_STATUS_FOR_REVIEW,
  LISTING_MESSAGES,
  LENDER_SHARE_PERCENT,
  lenderShareCents,
  MAX_LIVE_LISTINGS,
  type Listing,
  type ListingInput,
  type ListingList,
  type ListingUpdate,
  rentalPriceProblems,
} from '../../../domain/listings';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { DomainError, notFound } from '../../../domain/errors';
import { withStoredPhotos, type FileStorage } from '../../storage/storage';
import type { ListingPhotosService } from './listing-photos.service';
import { checkPhotoCount, discardFiles, preparePhotos } from './listing-photos';
import { earningsOf, listingsOf, ownedListing } from './listing-view';
import { createListingsRepository } from './listings.repository';

const tooManyListings = () =>
  new DomainError('CONFLICT', LISTING_MESSAGES.tooManyListings, { details: { limit: MAX_LIVE_LISTINGS } });

/**
 * A member's listings from listing to withdrawal: the piece with its units and first photos (in
 * review until staff approve it), its changes, its removal, and what her lending has earned. Its
 * photos afterwards are listing-photos.service.ts's; the lender's view of a listing listing-view.ts's.
 */
export function createListingsService(
  ctx: AppContext,
  deps: {
    core: BookingsCore;
    storage?: FileStorage;
    /** Whether the member's identity is verified: lending asks it (decision 0068). */
    mayLend?: (userId: string) => Promise<boolean>;
  },
) {
  const { db } = ctx.database;
  const repo = createListingsRepository(db);
  const storage = deps.storage ?? ctx.storage;
  const { core } = deps;
  const now = () => ctx.clock().toISOString();
  /** Lending (listing a piece for others to rent) is for verified members (decision 0068). */
  const mustBeVerified = async (ownerId: string) => {
    if (deps.mayLend && !(await deps.mayLend(ownerId)))
      throw new DomainError('FORBIDDEN', LISTING_MESSAGES.verifyToLend, {
        details: { needs: 'identity_verification' },
      });
  };
  const getOwned = (itemId: number, ownerId: string) => ownedListing(repo, itemId, ownerId, ctx.today());

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
        /** A managed piece's rental (decision 0062): when her share was credited (at check-in), or null. */
        managed: { creditedAt: string | null } | null;
        /** Keep it (decision 0059): the renter bought the piece; her share of the price. */
        kept: { at: string; priceCents: number; shareCents: number } | null;
      }[]
    > {
      const rows = await repo.earningRentals(lenderId, ctx.today());
      return rows.map((r) => ({
        rentalId: r.id,
        itemId: r.item_id,
        priceCents: r.price_cents,
        shareCents: r.managed_share_cents ?? lenderShareCents(r.price_cents),
        managed: r.managed_share_cents !== null ? { creditedAt: r.credited_at } : null,
        startDate: r.start_date,
        returnedAt: r.returned_at,
        kept:
          r.kept_at && r.kept_earnings_cents
            ? { at: r.kept_at, priceCents: r.kept_price_cents ?? 0, shareCents: r.kept_earnings_cents }
            : null,
      }));
    },

    async list(ownerId: string): Promise<ListingList> {
      const today = ctx.today();
      const [rows, earned] = await Promise.all([repo.listByOwner(ownerId), earningsOf(repo, ownerId, today)]);
      return {
        listings: await listingsOf(repo, rows, ownerId, today, earned),
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
      await mustBeVerified(ownerId);
      if ((await repo.liveListings(ownerId)) >= MAX_LIVE_LISTINGS) throw tooManyListings();
    },

    /**
     * Lists a piece: the item (owned by the member), one unit per size, and 1-4 photos. It waits
     * for staff review (status pending_review) before anyone else can see or rent it.
     */
    async create(ownerId: string, input: ListingInput, files: UploadedFile[]): Promise<Listing> {
      await mustBeVerified(ownerId);
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
              // The catalogue's mark of a managed piece (booked at once); listings.lending_mode is the fact.
              tags: input.lendingMode === 'managed' ? 'member,managed' : 'member',
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
            {
              owner_id: ownerId,
              handover: input.handover,
              lending_mode: input.lendingMode,
              created_at: created,
              submitted_at: created,
            },
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
        // A piece in our care is asked back first (decision 0062): it is removed once it is with her again.
        if (row.lending_mode === 'managed' && ['active', 'recalled', 'intake'].includes(row.status))
          throw new DomainError('CONFLICT', LISTING_MESSAGES.inOurCare);
        await repo.releaseListingSlot(trx, ownerId);
        return repo.removeListing(trx, itemId);
      });
      await discardFiles(storage, ctx.logger, files);
    },
  };
}

export type ListingPublishingService = ReturnType<typeof createListingsService>;

/** A member's listings: what she lists and earns ({@link createListingsService}) and their photos afterwards. */
export type ListingsService = ListingPublishingService & ListingPhotosService;
