import type { QueueSpec } from './queue';

/**
 * Every queue of the app. A queue is declared here and given a handler where its feature is
 * wired (src/server/background.ts); the periodic ones are sent by the scheduler there.
 */
export const QUEUES = {
  /** Sends the e-mail of one notification: { notificationId }. */
  notificationEmail: { name: 'notification-email', singleton: true },
  /** Finds due reminders (due back, overdue, RSVP) and unsent e-mails: {}. */
  reminderScan: { name: 'reminder-scan', singleton: true },
  /** Settles payment ledger entries left unsettled by a crash (decision 0029): {}. */
  paymentRecovery: { name: 'payment-recovery', singleton: true },
  /** Keeps the units of overdue rentals held (and moves the reservations they block): {}. */
  overdueHold: { name: 'overdue-hold', singleton: true },
  /** Sends one e-mail of an order (its confirmation, its cancellation): { orderEmailId }. */
  orderEmail: { name: 'order-email', singleton: true },
  /** Expires waitlist holds not confirmed in time and holds freed units for those waiting (decision 0034): {}. */
  waitlistSweep: { name: 'waitlist-sweep', singleton: true },
  /** Bookings not dispatched by their start: the member told, and cancelled and refunded once on the stated day (docs/product.md "Renting"): {}. */
  lateDispatch: { name: 'late-dispatch', singleton: true },
  /** Expires the booking requests whose lender did not answer within 48 hours (decision 0035): {}. */
  requestExpiry: { name: 'request-expiry', singleton: true },
  /** Plans whose billing date has come: renewals charged (retried, then paused), pauses and cancellations taking effect (decision 0058): {}. */
  planRenewals: { name: 'plan-renewals', singleton: true },
  /** The simulated carrier's tracking events, each POSTed to our webhook when due (decision 0061): { trackingNumber, status }. */
  carrierSimEvent: { name: 'carrier-sim-event' },
  /** Saved searches' alerts (decision 0065): new pieces that match, told at most once a day per search: {}. */
  savedSearchAlerts: { name: 'saved-search-alerts', singleton: true },
  /** Store credit's sweep (decision 0063): referral rewards due, gift card e-mails whose day has come: {}. */
  creditSweep: { name: 'credit-sweep', singleton: true },
  /** Managed pieces' storage terms (decision 0070): the reminder before a term ends, the piece asked back for her when it ends: {}. */
  managedStorageTerms: { name: 'managed-storage-terms', singleton: true },
  /** The queue's own housekeeping (JobQueue.maintain): fails jobs whose last lease ran out, drops old finished jobs: {}. */
  queueMaintenance: { name: 'queue-maintenance', singleton: true },
} as const satisfies Record<string, QueueSpec>;

export const QUEUE_SPECS: QueueSpec[] = Object.values(QUEUES);
