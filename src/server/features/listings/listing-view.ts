import { parseSizes, type Category, type ItemGender } from '../../../domain/catalogue';
import {
  ITEM_STATUS_FOR_REVIEW,
  lenderShareCents,
  reviewStatusOfItem,
  type Handover,
  type Listing,
} from '../../../domain/listings';
import { notFound } from '../../../domain/errors';
import type { LendingMode } from '../../../domain/managed-lending';
import { photoUrl, picturesOf } from '../catalogue';
import type { ListingRow, ListingsRepository } from './listings.repository';

/*
 * A member's listing as she sees it on her lending page: its fields, photos, review state, who has
 * it now, and what it has earned her. Read by the listing's changes and its photos' alike.
 */

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
  lending_mode?: string | null;
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
    lendingMode: (r.lending_mode === 'managed' ? 'managed' : 'self') as LendingMode,
  };
}

function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] || 'A member';
}

export type Earnings = { totalCents: number; byItem: Map<number, { cents: number; times: number }> };

/**
 * What the member has earned from lending, in all and per item: the lender's share of each of
 * her earning rentals (repo.earningRentals decides which those are).
 */
export async function earningsOf(repo: ListingsRepository, ownerId: string, today: string): Promise<Earnings> {
  const rows = await repo.earningRentals(ownerId, today);
  const byItem = new Map<number, { cents: number; times: number }>();
  let totalCents = 0;
  for (const r of rows) {
    const share = r.managed_share_cents ?? lenderShareCents(r.price_cents);
    totalCents += share;
    const e = byItem.get(r.item_id) ?? { cents: 0, times: 0 };
    e.cents += share;
    e.times += 1;
    byItem.set(r.item_id, e);
  }
  return { totalCents, byItem };
}

/** Her listings as her lending page shows them (earnings worked out unless given). */
export async function listingsOf(
  repo: ListingsRepository,
  rows: ListingRow[],
  ownerId: string,
  today: string,
  earned?: Earnings,
): Promise<Listing[]> {
  const ids = rows.map((r) => r.id);
  const [photos, rentals, { byItem }] = await Promise.all([
    repo.photosOf(ids),
    repo.openRentalsOf(ids),
    earned ?? earningsOf(repo, ownerId, today),
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

/** One of her listings (404 when it is not hers or no longer listed). */
export async function ownedListing(
  repo: ListingsRepository,
  itemId: number,
  ownerId: string,
  today: string,
): Promise<Listing> {
  const row = await repo.findOwned(itemId, ownerId);
  if (!row) throw notFound('Listing not found');
  const [listing] = await listingsOf(repo, [row], ownerId, today);
  return listing!;
}
