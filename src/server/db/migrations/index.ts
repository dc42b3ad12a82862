import type { Migration } from 'kysely';
import * as profiles from './2026-11-22T0900-profiles';
import * as catalogue from './2026-11-22T1000-catalogue';
import * as catalogueIndexes from './2026-11-22T1001-catalogue-indexes';
import * as subscriptions from './2026-11-22T1100-subscriptions';
import * as match from './2026-11-22T1200-match';
import * as rentals from './2026-11-22T1400-rentals';
import * as listings from './2026-11-22T1401-listings';
import * as events from './2026-11-22T1402-events';
import * as listingQuotas from './2026-11-23T1000-listing-quotas';
import * as requestLimits from './2026-11-23T1001-request-limits';
import * as accountDeletion from './2026-11-23T1100-account-deletion';
import * as itemLook from './2026-11-23T1200-item-look';
import * as auditLog from './2026-11-23T1500-audit-log';
import * as listingReview from './2026-11-23T1501-listing-review';
import * as notifications from './2026-11-23T1502-notifications';
import * as jobs from './2026-11-23T1503-jobs';
import * as contactAndAppointments from './2026-11-23T1600-contact-and-appointments';
import * as search from './2026-11-23T1600-search';
import * as itemColourIndex from './2026-11-23T1601-item-colour-index';
import * as catalogueVersion from './2026-11-24T0900-catalogue-version';
import * as bookingDatesIndex from './2026-11-24T0901-booking-dates-index';
import * as browseIndexes from './2026-11-24T0902-browse-indexes';
import * as searchOneLetterPrefix from './2026-11-24T0903-search-one-letter-prefix';
import * as itemUnitSizes from './2026-11-24T0904-item-unit-sizes';
import * as simulatedPaymentProvider from './2026-11-26T1100-simulated-payment-provider';
import * as paymentLedger from './2026-11-26T1101-payment-ledger';
import * as orders from './2026-11-26T1102-orders';
import * as unitLife from './2026-11-26T1200-unit-life';
import * as ratingsPayoutsClaims from './2026-11-26T1900-ratings-payouts-claims';
import * as reviewsAndFit from './2026-11-26T1300-reviews-and-fit';
import * as backupSizeWaitlistShortlists from './2026-11-26T1800-backup-size-waitlist-shortlists';
import * as lendingRequests from './2026-11-26T1400-lending-requests';
import * as requestWithdrawn from './2026-11-26T2000-request-withdrawn';
import * as oneJobQueue from './2026-11-29T0100-one-job-queue';
import * as planBillingCalendar from './2026-11-29T1100-plan-billing-calendar';
import * as catalogueChanges from './2026-11-29T1200-catalogue-changes';
import * as offers from './2026-11-29T1200-offers';
import * as keepIt from './2026-11-30T0100-keep-it';
import * as problemReports from './2026-11-30T0200-problem-reports';
import * as preloved from './2026-11-30T0800-preloved';
import * as parcels from './2026-11-30T0300-parcels';
import * as managedLending from './2026-11-30T0400-managed-lending';
import * as savedSearches from './2026-11-30T0700-saved-searches';
import * as storeCredit from './2026-11-30T0500-store-credit';
import * as protection from './2026-11-30T0600-protection';
import * as sendoffParcels from './2026-11-30T0900-sendoff-parcels';
import * as favoriteChanges from './2026-11-30T1500-favourite-changes';
import * as managedParcels from './2026-11-30T1000-managed-parcels';
import * as lenderPolicies from './2026-11-30T1100-lender-policies';
import * as managedStorageTerm from './2026-11-30T1400-managed-storage-term';
import * as giftMonths from './2026-11-30T1300-gift-months';
import * as depositsOneCredit from './2026-11-30T1200-deposits-one-credit';
import * as listRowChanges from './2026-12-02T0100-list-row-changes';

/**
 * Every migration, by name. Names are dated so they sort in the order they were written;
 * a landed migration is never edited: add a new one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0900-profiles': profiles,
  '2026-11-22T1000-catalogue': catalogue,
  '2026-11-22T1001-catalogue-indexes': catalogueIndexes,
  '2026-11-22T1100-subscriptions': subscriptions,
  '2026-11-22T1200-match': match,
  '2026-11-22T1400-rentals': rentals,
  '2026-11-22T1401-listings': listings,
  '2026-11-22T1402-events': events,
  '2026-11-23T1000-listing-quotas': listingQuotas,
  '2026-11-23T1001-request-limits': requestLimits,
  '2026-11-23T1100-account-deletion': accountDeletion,
  '2026-11-23T1200-item-look': itemLook,
  '2026-11-23T1500-audit-log': auditLog,
  '2026-11-23T1501-listing-review': listingReview,
  '2026-11-23T1502-notifications': notifications,
  '2026-11-23T1503-jobs': jobs,
  '2026-11-23T1600-contact-and-appointments': contactAndAppointments,
  '2026-11-23T1600-search': search,
  '2026-11-23T1601-item-colour-index': itemColourIndex,
  '2026-11-24T0900-catalogue-version': catalogueVersion,
  '2026-11-24T0901-booking-dates-index': bookingDatesIndex,
  '2026-11-24T0902-browse-indexes': browseIndexes,
  '2026-11-24T0903-search-one-letter-prefix': searchOneLetterPrefix,
  '2026-11-24T0904-item-unit-sizes': itemUnitSizes,
  '2026-11-26T1100-simulated-payment-provider': simulatedPaymentProvider,
  '2026-11-26T1101-payment-ledger': paymentLedger,
  '2026-11-26T1102-orders': orders,
  '2026-11-26T1200-unit-life': unitLife,
  '2026-11-26T1900-ratings-payouts-claims': ratingsPayoutsClaims,
  '2026-11-26T1300-reviews-and-fit': reviewsAndFit,
  '2026-11-26T1800-backup-size-waitlist-shortlists': backupSizeWaitlistShortlists,
  '2026-11-26T1400-lending-requests': lendingRequests,
  '2026-11-26T2000-request-withdrawn': requestWithdrawn,
  '2026-11-29T0100-one-job-queue': oneJobQueue,
  '2026-11-29T1100-plan-billing-calendar': planBillingCalendar,
  '2026-11-29T1200-catalogue-changes': catalogueChanges,
  '2026-11-29T1200-offers': offers,
  '2026-11-30T0100-keep-it': keepIt,
  '2026-11-30T0200-problem-reports': problemReports,
  '2026-11-30T0800-preloved': preloved,
  '2026-11-30T0300-parcels': parcels,
  '2026-11-30T0400-managed-lending': managedLending,
  '2026-11-30T0700-saved-searches': savedSearches,
  '2026-11-30T0500-store-credit': storeCredit,
  '2026-11-30T0600-protection': protection,
  '2026-11-30T0900-sendoff-parcels': sendoffParcels,
  '2026-11-30T1000-managed-parcels': managedParcels,
  '2026-11-30T1100-lender-policies': lenderPolicies,
  '2026-11-30T1400-managed-storage-term': managedStorageTerm,
  '2026-11-30T1300-gift-months': giftMonths,
  '2026-11-30T1200-deposits-one-credit': depositsOneCredit,
  '2026-11-30T1500-favourite-changes': favoriteChanges,
  '2026-12-02T0100-list-row-changes': listRowChanges,
};
