import type { AppContext } from './context';
import { QUEUES } from './jobs/queues';
import { createScheduler, type Scheduler } from './jobs/scheduler';
import { deliverSimulatedEvent, type SimulatedEventJob } from './features/parcels';
import type { Services } from './services';

/** How often unsettled payments are looked for (each is taken over RECOVER_AFTER_MS after it was recorded). */
const PAYMENT_RECOVERY_EVERY_MS = 60_000;
/** How often expired waitlist holds are passed on and free units offered, besides the sweep each freeing sends (decision 0034). */
const WAITLIST_SWEEP_EVERY_MS = 60_000;

export interface Background {
  /** Starts the job workers and the scheduler in this process. */
  start(): Promise<void>;
  stop(): Promise<void>;
  scheduler: Scheduler;
}

/**
 * The app's background work (decisions 0021, 0050): the handler of each queue, and the periodic
 * jobs (the reminder scan and the hold of overdue units every SCAN_INTERVAL_MS, queue
 * housekeeping) that the scheduler queues once per interval across all processes. Creating it registers the handlers, so `ctx.jobs.runDue()` can run jobs
 * in-process (tests); start() begins polling (src/server/index.ts, unless JOBS=off).
 */
export function createBackground(ctx: AppContext, services: Services): Background {
  const { env, jobs } = ctx;
  const { notifications, payments, units, orders, lending } = services;

  jobs.work<{ notificationId: number }>(QUEUES.notificationEmail.name, async (job) => {
    await notifications.sendEmail(job.data.notificationId);
  });
  jobs.work(QUEUES.reminderScan.name, async () => {
    await notifications.scan();
  });
  jobs.work(QUEUES.paymentRecovery.name, async () => {
    await payments.recover();
  });
  jobs.work(QUEUES.overdueHold.name, async () => {
    await units.holdOverdueUnits();
  });
  jobs.work<{ orderEmailId: number }>(QUEUES.orderEmail.name, async (job) => {
    await orders.sendEmail(job.data.orderEmailId);
  });
  jobs.work(QUEUES.waitlistSweep.name, async () => {
    await services.waitlist.sweep();
  });
  jobs.work(QUEUES.requestExpiry.name, async () => {
    await lending.expireDue();
    // Lenders' pauses whose 30 days are up: their pieces back in the catalogue (decision 0067).
    await services.lenderPolicies.liftDuePauses();
  });
  jobs.work(QUEUES.lateDispatch.name, async () => {
    await services.rentals.sweepLateDispatch();
  });
  jobs.work(QUEUES.planRenewals.name, async () => {
    await services.planBilling.renewDue();
  });
  // The simulated carrier's tracking events, POSTed to our webhook when due (decision 0061).
  jobs.work<SimulatedEventJob>(QUEUES.carrierSimEvent.name, async (job) => {
    await deliverSimulatedEvent(ctx, job.data);
  });
  jobs.work(QUEUES.savedSearchAlerts.name, async () => {
    await services.savedSearches.sendAlerts();
  });
  jobs.work(QUEUES.creditSweep.name, async () => {
    await services.referrals.rewardDue();
    await services.giftCards.deliverDue();
  });
  jobs.work(QUEUES.managedStorageTerms.name, async () => {
    await services.managedTerm.sweep();
  });
  jobs.work(QUEUES.queueMaintenance.name, async () => {
    await jobs.maintain();
  });

  const scheduler = createScheduler({
    jobs,
    logger: ctx.logger,
    tickMs: Math.min(env.jobPollMs, env.scanIntervalMs, env.savedSearchScanMs),
    tasks: [
      { name: 'reminder-scan', everyMs: env.scanIntervalMs, queue: QUEUES.reminderScan.name, singletonKey: 'scan' },
      {
        name: 'payment-recovery',
        everyMs: PAYMENT_RECOVERY_EVERY_MS,
        queue: QUEUES.paymentRecovery.name,
        singletonKey: 'recover',
      },
      { name: 'overdue-hold', everyMs: env.scanIntervalMs, queue: QUEUES.overdueHold.name, singletonKey: 'hold' },
      {
        name: 'waitlist-sweep',
        everyMs: WAITLIST_SWEEP_EVERY_MS,
        queue: QUEUES.waitlistSweep.name,
        singletonKey: 'sweep',
      },
      {
        name: 'late-dispatch',
        everyMs: env.scanIntervalMs,
        queue: QUEUES.lateDispatch.name,
        singletonKey: 'late-dispatch',
      },
      {
        name: 'request-expiry',
        everyMs: Math.min(env.scanIntervalMs, 60_000),
        queue: QUEUES.requestExpiry.name,
        singletonKey: 'expire',
      },
      {
        name: 'plan-renewals',
        everyMs: env.scanIntervalMs,
        queue: QUEUES.planRenewals.name,
        singletonKey: 'plan-renewals',
      },
      {
        name: 'saved-search-alerts',
        everyMs: env.savedSearchScanMs,
        queue: QUEUES.savedSearchAlerts.name,
        singletonKey: 'saved-search-alerts',
      },
      {
        name: 'credit-sweep',
        everyMs: env.scanIntervalMs,
        queue: QUEUES.creditSweep.name,
        singletonKey: 'credit-sweep',
      },
      {
        name: 'managed-storage-terms',
        everyMs: env.scanIntervalMs,
        queue: QUEUES.managedStorageTerms.name,
        singletonKey: 'managed-storage-terms',
      },
      {
        name: 'queue-maintenance',
        everyMs: Math.max(1000, env.jobLeaseSeconds * 500),
        queue: QUEUES.queueMaintenance.name,
        singletonKey: 'maintain',
      },
    ],
  });

  return {
    scheduler,
    async start() {
      await jobs.start();
      scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      await jobs.stop();
    },
  };
}
