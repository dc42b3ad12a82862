import { handoffOf } from '../../../domain/availability';
import { notFound } from '../../../domain/errors';
import { handoverStage, lendingActions, type BookingRequest, type RequestStatus } from '../../../domain/lending';
import { lenderShareCents } from '../../../domain/listings';
import type { AppContext } from '../../context';
import type { ItemPicturesService } from '../catalogue';
import type { LendingRepository, RequestRow } from './lending.repository';

const asStatus = (s: string): RequestStatus => s as RequestStatus;

/** The address of a handover photo (the two parties only); the file name versions it. */
export function handoverPhotoUrl(rentalId: number, stage: string, position: number, fileName: string): string {
  return `/api/lending/rentals/${rentalId}/photos/${stage}/${position}?v=${fileName.slice(0, 8)}`;
}

/** A request as its two parties see it (its stage, their actions, unread messages, handover photos). */
export function requestViewsOf(ctx: AppContext, repo: LendingRepository, pictures: ItemPicturesService) {
  const today = () => ctx.today();

  async function toRequests(rows: RequestRow[], reader: string): Promise<BookingRequest[]> {
    const [pics, unread, photos] = await Promise.all([
      pictures.forIds(rows.map((r) => r.item_id)),
      repo.unreadByRental(
        reader,
        rows.map((r) => r.rental_id),
      ),
      repo.photos(rows.map((r) => r.rental_id)),
    ]);
    const day = today();
    return rows.map((r) => {
      const role = r.lender_id === reader ? 'lender' : 'renter';
      const status = asStatus(r.status);
      const handoff = handoffOf(r.pickup_option);
      const stage = handoverStage({
        status,
        dispatchedAt: r.dispatched_at,
        receivedAt: r.received_at,
        returnedAt: r.returned_at,
        checkedInAt: r.checked_in_at,
        cancelledAt: r.cancelled_at,
        cleaned: r.booking_released_at !== null,
      });
      return {
        id: r.id,
        rentalId: r.rental_id,
        role,
        status,
        stage,
        actions: lendingActions(role, stage, { today: day, startDate: r.start_date, handoff, status }),
        item: { id: r.item_id, name: r.item_name, brand: r.brand, imageUrl: pics.get(r.item_id)?.imageUrl ?? '' },
        size: r.size,
        startDate: r.start_date,
        returnDate: r.end_date,
        handoff,
        priceCents: r.price_cents,
        lenderShareCents: lenderShareCents(r.price_cents),
        renterName: r.renter_name,
        lenderName: r.lender_name,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        decidedAt: r.decided_at,
        unreadMessages: unread.get(r.rental_id) ?? 0,
        dispatchedAt: r.dispatched_at,
        receivedAt: r.received_at,
        returnedAt: r.returned_at,
        checkedInAt: r.checked_in_at,
        // A cancelled rental of an accepted request; a pending one she withdrew is 'withdrawn', not cancelled.
        cancelledBy: r.lender_cancelled_at ? 'lender' : r.cancelled_at && r.status === 'accepted' ? 'renter' : null,
        photos: photos
          .filter((p) => p.rental_id === r.rental_id)
          .map((p) => ({
            stage: p.stage as 'sent' | 'returned',
            url: handoverPhotoUrl(p.rental_id, p.stage, p.position, p.file_name),
            width: p.width,
            height: p.height,
          })),
      };
    });
  }

  /** A request the member is a party to (404 for anyone else: its existence is not told). */
  async function partyRequest(id: number, userId: string): Promise<RequestRow> {
    const row = await repo.request(id);
    if (!row || (row.renter_id !== userId && row.lender_id !== userId)) throw notFound('Request not found');
    return row;
  }

  async function oneRequest(id: number, userId: string): Promise<BookingRequest> {
    return (await toRequests([await partyRequest(id, userId)], userId))[0]!;
  }

  return { toRequests, partyRequest, oneRequest };
}
