import { createHash } from 'node:crypto';
import { TRACKING_LABELS, type TrackingStatus } from '../../../domain/parcels';
import type { AppContext } from '../../context';
import { QUEUES } from '../../jobs/queues';
import { parseEventBody, signWebhook, verifyWebhook, SIGNATURE_HEADER, type Carrier } from './carrier';

/** The events the simulator sends for every label, one step apart (the first at once). */
export const SIMULATED_JOURNEY: TrackingStatus[] = [
  'label_created',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
];

export interface SimulatedEventJob {
  trackingNumber: string;
  status: TrackingStatus;
}

/**
 * The carrier in test mode (decision 0061), like the payment provider's (decision 0029): no
 * parcel moves, but it behaves as a real carrier's sandbox does. A label's tracking number is
 * derived from its idempotency key (the same request gets the same label), and its tracking
 * events are queued on the job queue one `CARRIER_SIM_STEP_MS` apart; each, when due, is POSTed
 * to our webhook signed with CARRIER_WEBHOOK_SECRET, exactly as a real carrier's would be
 * (`deliverSimulatedEvent`, run by the queue's worker in background.ts).
 */
export function createSimulatedCarrier(ctx: AppContext): Carrier {
  const secret = ctx.env.carrierWebhookSecret;
  return {
    name: 'simulated',

    async createLabel(req) {
      const digest = createHash('sha256').update(`sim-carrier:${req.idempotencyKey}`).digest('hex');
      const trackingNumber = `RTQ${digest.slice(0, 12).toUpperCase()}`;
      const step = ctx.env.carrierSimStepMs;
      // A once key per event: a retried label request queues its journey once.
      for (const [i, status] of SIMULATED_JOURNEY.entries())
        await ctx.jobs.send<SimulatedEventJob>(
          QUEUES.carrierSimEvent.name,
          { trackingNumber, status },
          { delayMs: i * step, onceKey: `${trackingNumber}:${status}` },
        );
      return { carrier: 'simulated', trackingNumber, labelCode: trackingNumber };
    },

    parseWebhook(rawBody, headers) {
      verifyWebhook(secret, rawBody, headers.get(SIGNATURE_HEADER), ctx.clock());
      return parseEventBody(rawBody);
    },
  };
}

/** The body and signature of one simulated event (also what tests sign by hand). */
export function simulatedEvent(ctx: AppContext, job: SimulatedEventJob): { body: string; signature: string } {
  const body = JSON.stringify({
    eventId: `sim_evt_${job.trackingNumber}_${job.status}`,
    trackingNumber: job.trackingNumber,
    status: job.status,
    occurredAt: ctx.clock().toISOString(),
    description: TRACKING_LABELS[job.status],
  });
  return { body, signature: signWebhook(ctx.env.carrierWebhookSecret, body, ctx.clock()) };
}

/** POSTs one due simulated event to the webhook URL; a refusal throws, so the queue retries it. */
export async function deliverSimulatedEvent(ctx: AppContext, job: SimulatedEventJob): Promise<void> {
  const { body, signature } = simulatedEvent(ctx, job);
  const res = await fetch(ctx.env.carrierWebhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    body,
  });
  if (!res.ok) throw new Error(`carrier webhook answered ${res.status}`);
}
