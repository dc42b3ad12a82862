import type { AppContext } from './context';
import { addDays } from '../domain/catalogue';
import type { Seed } from './db/seed';
import { createAccountDeletionService, createAccountService } from './features/account';
import { createBookingsCore } from './features/bookings';
import { createAssistantService } from './features/assistant';
import {
  catalogueSeed,
  createCatalogueService,
  createIndexRowsRepository,
  createIndexFollower,
  createItemAvailability,
  createItemPictures,
  createServedPictures,
  LIKED_LIMIT,
  RECENT_DAYS,
} from './features/catalogue';
import { createDashboardService } from './features/dashboard';
import { createEventsService, eventsSeed } from './features/events';
import {
  createCalendarFeedService,
  createLenderCancellation,
  createLendingCalendarService,
  createLendingService,
  createLendingThreadsService,
  createRequestSettlement,
} from './features/lending';
import { createListingPhotosService, createListingsService } from './features/listings';
import { createMatchService, createMemberLikes } from './features/match';
import { createNotificationsService } from './features/notifications';
import {
  createConditionPhotosService,
  createInventoryService,
  createOpsService,
  createUnitLifeService,
} from './features/ops';
import { createOffersService } from './features/offers';
import { createCreditService, createGiftCardsService, createReferralsService } from './features/credit';
import { createPassportService } from './features/passport';
import { createPreLovedService } from './features/preloved';
import { createParcelsService, createSimulatedCarrier, type Carrier } from './features/parcels';
import { createOrdersService } from './features/orders';
import { createPaymentsService, createSimulatedPaymentProvider, type PaymentProvider } from './features/payments';
import { createPlanBilling, createPlanGifts, createPlanRenewals, createPlansService } from './features/plans';
import {
  createRentalCancellation,
  createRentalExtension,
  createRentalKeep,
  createRentalQuote,
  createRentalsService,
} from './features/rentals';
import { createReviewsService } from './features/reviews';
import { createSupportService } from './features/support';
import { createClaimsService } from './features/claims';
import { createReportsService } from './features/reports';
import { createPayoutsService } from './features/payouts';
import { createLenderRatings, createRatingsService } from './features/ratings';
import { createWaitlistService } from './features/waitlist';
import { createShortlistsService } from './features/shortlists';
import { createManagedDeskService, createManagedService, createStorageTerm } from './features/managed';
import { createMemberSizes } from './features/reviews';
import { createSavedSearchesService } from './features/saved-searches';
import {
  createLenderPolicyService,
  createProtectionService,
  createSimulatedIdentityProvider,
  createTrustService,
} from './features/protection';
import { createHash } from 'node:crypto';

/**
 * The composition root: every service is built here, once per process, with the services it
 * depends on passed in. Routes, background jobs and seeds receive them from here; no feature
 * builds another feature's service. (One catalogue service means one search index; one payment
 * provider serves every caller.)
 */
export function createServices(
  ctx: AppContext,
  overrides: { paymentProvider?: PaymentProvider; carrier?: Carrier } = {},
) {
  const paymentProvider =
    overrides.paymentProvider ??
    createSimulatedPaymentProvider({ db: ctx.database.db, delayMs: ctx.env.paymentDelayMs, clock: ctx.clock });
  const payments = createPaymentsService(ctx, { provider: paymentProvider });
  // One reader of the items' pictures for every feature that shows a piece.
  const pictures = createItemPictures(ctx.database.db);
  // The in-process search index of this process, following the catalogue's change log (decision 0057).
  const searchIndex = createIndexFollower({
    repo: createIndexRowsRepository(ctx.database.db),
    listen: (channel, onNotify) => ctx.database.listen(channel, onNotify),
    ...(ctx.database.changeToken && { changeToken: ctx.database.changeToken }),
    readAhead: ctx.database.dialect === 'postgres',
    // Recommended's recent rentals (decision 0071): those of the last RECENT_DAYS from the day it loads.
    recentSince: () => addDays(ctx.today(), 1 - RECENT_DAYS),
    onError: (err) => ctx.logger.error({ err }, 'search index: could not follow the catalogue'),
  });
  const catalogue = createCatalogueService(ctx, {
    pictures,
    index: searchIndex,
    availability: createItemAvailability(ctx),
    served: createServedPictures(ctx.database.db),
    lenderRatings: createLenderRatings(ctx),
    memberSizes: createMemberSizes(ctx.database.db),
    memberLikes: createMemberLikes(ctx.database.db, LIKED_LIMIT),
  });
  const orders = createOrdersService(ctx, { payments, pictures });
  // The welcome offer and promo codes (decision 0056): a first rental is one after no paid order.
  const offers = createOffersService(ctx, { hasPaidOrder: (reader, userId) => orders.hasPaidOrder(reader, userId) });
  const notifications = createNotificationsService(ctx);
  // The plan's billing calendar (decision 0058): renewals, pause, change, cancel.
  const planBilling = createPlanBilling(ctx, {
    payments,
    renewals: createPlanRenewals(ctx, { payments, notifications }),
  });
  const plans = createPlansService(ctx, { payments, orders, billing: planBilling });
  // Store credit (decision 0063): spent at checkout before the card; earned from referrals, gift cards, goodwill.
  const credit = createCreditService(ctx);
  const referrals = createReferralsService(ctx, {
    credit,
    cardOf: (userId) => plans.cardForCharge(userId),
    hasPaidOrder: (reader, userId) => orders.hasPaidOrder(reader, userId),
  });
  const giftCards = createGiftCardsService(ctx, {
    payments,
    credit,
    cardForCharge: (userId) => plans.cardForCharge(userId),
    // A gift month redeemed into her plan (decision 0069).
    planGifts: createPlanGifts(ctx),
  });
  // The only writer of item_units, bookings, rentals and unit_states (decision 0053): every use-case below books, holds and moves units through it.
  const core = createBookingsCore(ctx, { catalogue, plans, payments });
  // Damage cover, deposits and damage per the schedule (decision 0064); its deposit moves serve requests and claims (0068).
  const protection = createProtectionService(ctx, { payments, plans, core });
  // A member's listings and, after it is made, a listing's photos: one object for its routes.
  const listings = {
    // Lending is for verified members (decision 0068; trust is built below).
    ...createListingsService(ctx, { core, mayLend: (userId) => trust.isVerified(userId) }),
    ...createListingPhotosService(ctx),
  };
  // The carrier behind its interface (decision 0061): the simulator unless a real adapter is passed.
  const carrier = overrides.carrier ?? createSimulatedCarrier(ctx);
  // Parcels: pieces travelling together, their labels and tracking (decision 0061).
  const parcels = createParcelsService(ctx, { core, carrier, notifications });
  // Managed lending (decision 0062): intake, recall, her share credited at check-in.
  const managedDeps = { core, notifications, studios: () => orders.listStudios(), parcels };
  const managed = createManagedService(ctx, managedDeps);
  // Lender policies (decision 0067): cancellation refunds, notice, the longer-rental discount, her record.
  const policies = createLenderPolicyService(ctx, { payments });
  const units = createUnitLifeService(ctx, {
    core,
    catalogue,
    payments,
    notifications,
    checkedIn: (trx, rentalId) => managed.checkedIn(trx, rentalId),
    // Damage found at check-in is charged per the schedule (decision 0064).
    // A managed piece's owner is told what the desk found and what her payouts get (decision 0070).
    recordDamage: async (staff, rentalId, input, requestId) => {
      const p = await protection.recordDamage(staff, rentalId, input, requestId);
      if (p.damage) await managed.damaged(rentalId, p.damage);
      return p;
    },
  });
  const rentals = createRentalsService(ctx, {
    pictures,
    catalogue,
    plans,
    core,
    payments,
    orders,
    offers,
    credit,
    quote: createRentalQuote(ctx, {
      catalogue,
      plans,
      offers,
      credit,
      longDiscount: (itemId, priceCents, days) => policies.longDiscount(itemId, priceCents, days),
    }),
    extension: createRentalExtension(ctx, { core, catalogue, payments, plans }),
    keep: createRentalKeep(ctx, { core, payments, plans, notifications }),
    cancellation: createRentalCancellation(ctx, {
      core,
      payments,
      orders,
      notifications,
      credit,
      refundPercent: (trx, rentalId, startDate) => policies.refundPercent(rentalId, startDate, trx),
      // A deposit held on a cancelled rental is released (decision 0068).
      releaseDeposit: protection.deposits.release,
    }),
    // A booking made from a waitlist hold and declined for its card gives the hold back (decision 0043).
    // The waitlist is built below (it books through rentals); this runs only once a payment settles.
    bookingDeclined: (trx, rentalId) => waitlist.bookingDeclined(trx, rentalId),
    // A booked piece joins its open parcel (decision 0061).
    booked: (rentalId) => parcels.assign(rentalId),
    // A managed piece is booked at once at the managed share, and she is told (decision 0062).
    managed: {
      isManaged: (trx, itemId) => managed.isManaged(trx, itemId),
      sharePercent: ctx.env.managedLenderSharePercent,
      booked: (trx, r) => managed.booked(trx, r),
      confirmed: (trx, rentalId) => managed.confirmed(trx, rentalId),
    },
  });
  // The account (profile, devices, data file) and its deletion: one object for its routes.
  const account = {
    ...createAccountService(ctx),
    // Deleting an account with a reservation not sent yet may cancel it first (a full refund).
    ...createAccountDeletionService(ctx, {
      cancelReservation: (userId, rentalId) => rentals.cancel(userId, rentalId),
      core,
    }),
  };
  const events = createEventsService(ctx);
  const claims = createClaimsService(ctx, { payments, notifications, plans, core, deposits: protection.deposits });
  // A renter's problem reports (decision 0060): a report waits for a payout of the lender being made (built below).
  const reports = createReportsService(ctx, {
    payments,
    notifications,
    core,
    lockPayouts: (trx, lenderId) => payouts.lockLender(trx, lenderId),
  });
  const ratings = createRatingsService(ctx, { core });
  // Lending's requests, the threads between its two members, and the lender's calendar: one object for its routes.
  const lending = {
    ...createLendingService(ctx, {
      pictures,
      catalogue,
      plans,
      payments,
      orders,
      notifications,
      core,
      settlement: createRequestSettlement(ctx, {
        core,
        payments,
        orders,
        notifications,
        deposits: protection.deposits,
      }),
      // The lender's days, notice and discount bind every request (decisions 0064 and 0067).
      policyDays: (itemId) => policies.policyOf(itemId),
      // Decision 0068: the deposit with the request; a verified identity above a value (trust is built below).
      deposits: protection.deposits,
      mayRent: (userId, itemId) => trust.mayRent(userId, itemId),
    }),
    ...createLendingThreadsService(ctx, {
      core,
      notifications,
      pictures,
      // Staff read a thread between two members only while a damage claim on that rental is open.
      staffMayRead: (rentalId) => claims.hasOpenClaim(rentalId),
    }),
    ...createLendingCalendarService(ctx, { core }),
  };
  // A lender's cancellation of an accepted request, and her private calendar feed (decision 0067).
  const lenderPolicies = {
    ...createLenderCancellation(ctx, {
      core,
      payments,
      orders,
      notifications,
      similar: async (itemId) => (await catalogue.similar(itemId)).map((x) => ({ id: x.id, name: x.name })),
      view: (id, userId) => lending.get(id, userId),
    }),
    ...createCalendarFeedService(ctx),
  };
  const waitlist = createWaitlistService(ctx, { pictures, catalogue, rentals, notifications, plans, core });
  // The identity provider's test mode; its webhook secret derived from the app's secret (decision 0064).
  const identityProvider = createSimulatedIdentityProvider({
    secret: createHash('sha256')
      .update(`identity-webhook:${ctx.env.authSecret ?? 'development'}`)
      .digest('hex'),
    clock: ctx.clock,
  });
  // Lender policies, verification and Instant Book (a request accepted at once, through lending).
  const trust = createTrustService(ctx, { identity: identityProvider, lending, policies });
  // Payouts hold a rental's earning while a problem report on it is open and take the refund's share (decision 0060).
  // The pre-loved sale (decision 0066): units offered and sold through the core, the desk's dispatches of them.
  const preloved = createPreLovedService(ctx, { core, payments, plans, orders, notifications, pictures, parcels });
  const payouts = createPayoutsService(ctx, {
    payments,
    listings,
    reports,
    damage: protection,
    policy: async (lenderId, q) => [
      ...(await lenderPolicies.fees(lenderId, q)),
      ...(await policies.keptShares(lenderId, q)),
    ],
  });
  // A lender's pieces sold in the pre-loved sale pay her share like an earning (source sale:<id>).
  payouts.addSales((lenderId) => preloved.lenderSales(lenderId));
  orders.addBought((orderIds) => preloved.boughtOn(orderIds));
  return {
    paymentProvider,
    payments,
    orders,
    offers,
    credit,
    referrals,
    giftCards,
    catalogue,
    searchIndex,
    plans,
    planBilling,
    account,
    notifications,
    listings,
    rentals,
    units,
    events,
    match: createMatchService(ctx, { pictures }),
    assistant: createAssistantService(ctx, { pictures }),
    support: createSupportService(ctx),
    dashboard: createDashboardService(ctx, { account, catalogue, rentals, listings }),
    managed,
    managedDesk: createManagedDeskService(ctx, managedDeps),
    // The storage term's reminder, renewal and end (decision 0070).
    managedTerm: createStorageTerm(ctx, managedDeps),
    ops: createOpsService(ctx, {
      approvedStatus: (trx, itemId) => managed.approvedStatus(trx, itemId),
      listings,
      notifications,
      units,
      photos: createConditionPhotosService(ctx, { core }),
      inventory: createInventoryService(ctx, { catalogue, core }),
    }),
    ratings,
    payouts,
    claims,
    reports,
    reviews: createReviewsService(ctx, { catalogue }),
    waitlist,
    shortlists: createShortlistsService(ctx, { catalogue }),
    lending,
    passport: createPassportService(ctx),
    preloved,
    carrier,
    parcels,
    savedSearches: createSavedSearchesService(ctx, { catalogue, notifications }),
    protection,
    trust,
    policies,
    lenderPolicies,
    identityProvider,
  };
}

export type Services = ReturnType<typeof createServices>;

/** The sample data, in order: the house catalogue, then upcoming events. Each seed is idempotent. */
export function seedsOf(services: Services): Seed[] {
  return [catalogueSeed, eventsSeed(services.events)];
}
