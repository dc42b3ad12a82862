import {
  RATING_BLIND_DAYS,
  RATING_MESSAGES,
  type Rating,
  type RatingInput,
  type RatingSide,
  type RentalRatings,
} from '../../../domain/ratings';
import type { AppContext } from '../../context';
import type { BookingsCore } from '../bookings';
import { DomainError, notFound } from '../../../domain/errors';
import { isUniqueViolation } from '../payments';
import { createRatingsRepository } from './ratings.repository';

const DAY_MS = 86_400_000;
/** How many returned rentals the ratings page lists. */
const LIST_LIMIT = 50;

const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || 'A member';
const revealAtOf = (returnedAt: string) =>
  new Date(new Date(returnedAt).getTime() + RATING_BLIND_DAYS * DAY_MS).toISOString();

type RatingRow = {
  rental_id: number;
  side: string;
  stars: number;
  comment: string | null;
  created_at: string;
  visible_at: string;
};
const toRating = (r: RatingRow): Rating => ({ stars: r.stars, comment: r.comment, createdAt: r.created_at });

/**
 * Ratings both ways after a rental of a member's piece (docs/product.md "Ratings", decision 0036).
 * Double-blind by one column: a rating's `visible_at` is the return plus 14 days, brought forward
 * to now when the second side writes (in the same transaction, under the rental row's lock taken
 * through the bookings core, so two sides writing at once cannot both miss each other). Everything reads `visible_at <= now`.
 */
export function createRatingsService(ctx: AppContext, deps: { core: BookingsCore }) {
  const { db } = ctx.database;
  const repo = createRatingsRepository(db);
  const { core } = deps;
  const nowIso = () => ctx.clock().toISOString();

  function view(
    rental: {
      id: number;
      user_id: string;
      lender_id: string | null;
      item_id: number;
      item_name: string;
      returned_at: string | null;
    },
    viewerId: string,
    ratings: RatingRow[],
    names: Map<string, string>,
    now: string,
  ): RentalRatings {
    const side: RatingSide = rental.user_id === viewerId ? 'renter' : 'lender';
    const otherId = side === 'renter' ? rental.lender_id! : rental.user_id;
    const mine = ratings.find((r) => r.rental_id === rental.id && r.side === side);
    const theirs = ratings.find((r) => r.rental_id === rental.id && r.side !== side);
    const visible = theirs && theirs.visible_at <= now;
    return {
      rentalId: rental.id,
      itemId: rental.item_id,
      itemName: rental.item_name,
      side,
      otherName: firstName(names.get(otherId)),
      returnedAt: rental.returned_at!,
      mine: mine ? toRating(mine) : null,
      theirs: visible ? toRating(theirs) : null,
      theirsWaiting: !!theirs && !visible,
      revealAt: revealAtOf(rental.returned_at!),
    };
  }

  async function one(rentalId: number, userId: string): Promise<RentalRatings> {
    const rental = await repo.rentalOfParty(rentalId, userId);
    if (!rental || !rental.returned_at || rental.cancelled_at) throw notFound(RATING_MESSAGES.notYours);
    const names = new Map((await repo.namesOf([rental.user_id, rental.lender_id!])).map((u) => [u.id, u.name]));
    return view(rental, userId, await repo.ratingsOf([rentalId]), names, nowIso());
  }

  return {
    /** The member's returned rentals of members' pieces (as renter or lender) with both ratings as she may see them. */
    async list(userId: string): Promise<RentalRatings[]> {
      const rentals = await repo.returnedRentalsOf(userId, LIST_LIMIT);
      const ratings = await repo.ratingsOf(rentals.map((r) => r.id));
      const names = new Map(
        (await repo.namesOf([...new Set(rentals.flatMap((r) => [r.user_id, r.lender_id!]))])).map((u) => [
          u.id,
          u.name,
        ]),
      );
      const now = nowIso();
      return rentals.map((r) => view(r, userId, ratings, names, now));
    },

    get: one,

    /** One side's rating of a returned rental; once per side (409 after). */
    async rate(userId: string, input: RatingInput): Promise<RentalRatings> {
      const now = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          await core.lock(trx, { rentalId: input.rentalId });
          const rental = await repo.rentalOfParty(input.rentalId, userId, trx);
          if (!rental || rental.cancelled_at) throw notFound(RATING_MESSAGES.notYours);
          if (!rental.returned_at) throw new DomainError('CONFLICT', RATING_MESSAGES.notReturned);
          const side: RatingSide = rental.user_id === userId ? 'renter' : 'lender';
          const subject = side === 'renter' ? rental.lender_id! : rental.user_id;
          const existing = await repo.ratingsOf([rental.id], trx);
          if (existing.some((r) => r.side === side)) throw new DomainError('CONFLICT', RATING_MESSAGES.already);
          const comment = input.comment?.trim() ? input.comment.trim() : null;
          await repo.insert(trx, {
            rental_id: rental.id,
            side,
            author_id: userId,
            subject_id: subject,
            stars: input.stars,
            comment,
            created_at: now,
            visible_at: revealAtOf(rental.returned_at),
          });
          if (existing.length > 0) await repo.revealBoth(trx, rental.id, now);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('CONFLICT', RATING_MESSAGES.already);
        throw err;
      }
      return one(input.rentalId, userId);
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
