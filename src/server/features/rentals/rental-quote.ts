import { DomainError } from '../../../domain/errors';
import { handoffOf, type Handoff } from '../../../domain/availability';
import { RENTAL_DAYS } from '../../../domain/catalogue';
import { OFFER_MESSAGES, type Discount } from '../../../domain/offers';
import { planTitle } from '../../../domain/plans';
import { RENTAL_MESSAGES, daysBetween, rentalPriceCents, type Quote, type QuoteQuery } from '../../../domain/rentals';
import type { AppContext } from '../../context';
import type { CatalogueService } from '../catalogue';
import type { CreditService } from '../credit';
import type { OffersService } from '../offers';
import type { PlansService } from '../plans';
import { rangeOf, sizeChecked } from './booking-checks';
import { climb, firstRefusal } from './booking-ladder';
import { createRentalsRepository } from './rentals.repository';

/**
 * The booking's quote for the item page: what booking would cost and whether it would go through
 * (no session: the pay-per-item price). Built in services.ts and passed to the rentals service.
 */
export function createRentalQuote(
  ctx: AppContext,
  deps: {
    catalogue: CatalogueService;
    plans: PlansService;
    offers: OffersService;
    credit: CreditService;
    /** A member's piece's longer-rental discount (decision 0067), the one the request takes off. */
    longDiscount?: (itemId: number, priceCents: number, days: number) => Promise<Discount | null>;
  },
) {
  const { db } = ctx.database;
  const repo = createRentalsRepository(db);
  const { catalogue } = deps;
  const subscriptions = deps.plans;
  /**
   * What booking would cost and whether it would go through, for the item page (no session:
   * the pay-per-item price). Dates in the past or beyond the booking window are a 400 naming
   * startDate, like the booking.
   */
  return async function quote(userId: string | null, q: QuoteQuery): Promise<Quote> {
    let range!: { startDate: string; endDate: string };
    let item!: Awaited<ReturnType<typeof sizeChecked>>;
    await climb(
      {
        range: () => void (range = rangeOf(q, ctx.today())),
        size: async () => void (item = await sizeChecked(catalogue, q.itemId, q.size)),
      },
      'range',
      'size',
    );
    const { startDate, endDate } = range;
    const days = daysBetween(startDate, endDate);
    const priceCents = rentalPriceCents(item.rentalPriceCents, startDate, endDate);
    const handoff: Handoff = handoffOf(q.delivery ?? (userId ? (await subscriptions.getPickup(userId)).option : null));
    const available = await catalogue.hasFreeUnit(q.itemId, q.size, catalogue.occupancy(startDate, endDate, handoff));
    const nextFreeDate = available
      ? startDate
      : await catalogue.nextFreeDate(db, q.itemId, q.size, startDate, Math.max(1, days), handoff);
    // A member's piece is paid per piece whatever her plan (decision 0035): no allowance applies.
    const terms = userId ? await subscriptions.bookingTerms(userId) : null;
    const period = !item.fromMember ? (terms?.allowance ?? null) : null;
    const used = period && userId ? await repo.allowanceUsed(userId, period.start) : 0;
    const remaining = period ? Math.max(0, period.itemAllowance - used) : 0;
    // Plan pieces are not booked while her plan is paused (decision 0058).
    const paused = !item.fromMember ? (terms?.paused ?? null) : null;
    const card = !period ? (terms?.card ?? null) : null;
    const open = userId ? await repo.hasOpenRental(db, userId, q.itemId) : false;
    const own = userId ? item.fromMember && (await repo.itemForBooking(db, q.itemId))?.owner_id === userId : false;
    // The welcome offer or her code (decision 0056): the same rule the booking applies in its transaction.
    // A member's piece is requested, never booked here: no offer on it.
    if (userId && q.code) await deps.offers.takeCodeAttempt(userId);
    const pricing =
      !item.fromMember && !period
        ? await deps.offers.price(db, { userId, priceCents, coveredByPlan: false, code: q.code })
        : {
            discount: item.fromMember ? ((await deps.longDiscount?.(q.itemId, priceCents, days)) ?? null) : null,
            note: null,
            refusal: null,
            code: null,
          };
    // Her store credit pays before the card (decision 0063), as the booking will spend it; credit
    // that pays it all needs no card (decision 0069).
    const dueCents = period ? 0 : priceCents - (pricing.discount?.cents ?? 0);
    const creditCents = userId && !item.fromMember && dueCents > 0 ? await deps.credit.preview(userId, dueCents) : 0;
    const creditPaysAll = dueCents > 0 && creditCents === dueCents;
    // The ladder's rungs after the input (booking-ladder.ts), in the quote's words; no address is asked yet.
    const refusal: Quote['refusal'] = await firstRefusal(
      {
        member: () => (userId ? null : new DomainError('UNAUTHENTICATED', 'Sign in to rent this piece.')),
        own: () => (own ? new DomainError('FORBIDDEN', RENTAL_MESSAGES.ownListing) : null),
        open: () => (open ? new DomainError('ALREADY_RENTED', RENTAL_MESSAGES.alreadyRentedBody) : null),
        soldOut: () => (available ? null : new DomainError('SOLD_OUT', RENTAL_MESSAGES.soldOut)),
        paused: () => paused,
        allowance: () =>
          period && remaining === 0
            ? new DomainError(
                'ALLOWANCE_EXCEEDED',
                `You have rented all ${period.itemAllowance} pieces your plan includes this billing month (until ${period.end}).`,
              )
            : null,
        card: () =>
          !period && !card && !creditPaysAll
            ? new DomainError('CARD_REQUIRED', creditCents > 0 ? RENTAL_MESSAGES.creditShort : RENTAL_MESSAGES.addCard)
            : null,
        offer: () =>
          pricing.refusal ??
          (q.code && userId && item.fromMember
            ? new DomainError('PROMO_CODE_NOT_ELIGIBLE', OFFER_MESSAGES.memberPiece, {
                details: { reason: 'member_piece' },
              })
            : q.code && userId && period
              ? new DomainError('PROMO_CODE_NOT_ELIGIBLE', OFFER_MESSAGES.planCovered, { details: { reason: 'plan' } })
              : null),
      },
      'member',
    );
    return {
      itemId: q.itemId,
      size: q.size,
      handoff,
      startDate,
      endDate,
      days,
      weeks: Math.max(1, Math.ceil(days / RENTAL_DAYS)),
      weeklyPriceCents: item.rentalPriceCents,
      priceCents,
      chargeCents: dueCents - creditCents,
      creditCents,
      discount: pricing.discount,
      discountNote: pricing.note,
      includedInPlan: !!period && remaining > 0,
      plan: period
        ? {
            id: period.plan,
            title: planTitle(period.plan),
            allowance: period.itemAllowance,
            used,
            remaining,
            periodEnd: period.end,
          }
        : null,
      available,
      nextFreeDate,
      card: card ? { brand: card.brand, lastFour: card.lastFour } : null,
      signedIn: !!userId,
      refusal,
    };
  };
}

export type RentalQuote = ReturnType<typeof createRentalQuote>;
