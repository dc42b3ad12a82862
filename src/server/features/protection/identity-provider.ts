import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * The seam to an identity-check provider (decision 0064), like the payment provider's (0029):
 * the app starts a check with the member's document and selfie and learns its outcome only from
 * the provider's signed webhook. `createSimulatedIdentityProvider` is the provider in use today (a
 * test mode that behaves like a real one: the outcome comes later, by webhook, signed); a real
 * provider (Onfido, Persona, Stripe Identity) implements the same interface.
 */
export interface IdentityProvider {
  readonly name: string;
  /** Starts a check; the same idempotency key gives the same check. */
  startCheck(req: IdentityCheckRequest): Promise<{ ref: string }>;
  /** The event of a webhook whose signature holds (and is recent), else null: nothing else may change a check. */
  verifyWebhook(rawBody: string, signature: string | null | undefined): IdentityEvent | null;
}

export interface IdentityCheckRequest {
  userId: string;
  documentType: string;
  documentNumber: string;
  selfie: boolean;
  idempotencyKey: string;
}

export type IdentityOutcome = 'approved' | 'rejected' | 'needs_review';

/** A webhook event: its id is unique (a replay carries the same id). */
export interface IdentityEvent {
  id: string;
  type: 'check.completed';
  ref: string;
  outcome: IdentityOutcome;
  createdAt: string;
}

/** How long a signed event is accepted after it was signed (a replay later is refused by age as well as by id). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/**
 * The simulated provider's test documents, like test cards: a document number starting REJECT
 * is rejected, REVIEW needs review, any other is approved.
 */
export function simulatedOutcomeOf(documentNumber: string): IdentityOutcome {
  const n = documentNumber.toUpperCase();
  if (n.startsWith('REJECT')) return 'rejected';
  if (n.startsWith('REVIEW')) return 'needs_review';
  return 'approved';
}

/** `t=<ms>,v1=<hex hmac of "t.body">`, Stripe's scheme. */
export function signIdentityWebhook(secret: string, body: string, at: number): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

/**
 * The simulated provider. A started check's event is kept and handed to `deliver` (the app's
 * webhook path) when asked, as a real provider calls the webhook a moment later; `events(ref)`
 * gives a test the signed deliveries so it can replay or tamper with them.
 */
export function createSimulatedIdentityProvider(opts: { secret: string; clock: () => Date }) {
  const byKey = new Map<string, string>();
  const deliveries = new Map<string, { body: string; signature: string }>();
  return {
    name: 'simulated',
    async startCheck(req: IdentityCheckRequest): Promise<{ ref: string }> {
      const known = byKey.get(req.idempotencyKey);
      if (known) return { ref: known };
      const ref = `idv_${randomUUID()}`;
      byKey.set(req.idempotencyKey, ref);
      const event: IdentityEvent = {
        id: `evt_${randomUUID()}`,
        type: 'check.completed',
        ref,
        outcome: req.selfie ? simulatedOutcomeOf(req.documentNumber) : 'rejected',
        createdAt: opts.clock().toISOString(),
      };
      const body = JSON.stringify(event);
      deliveries.set(ref, { body, signature: signIdentityWebhook(opts.secret, body, opts.clock().getTime()) });
      return { ref };
    },
    verifyWebhook(rawBody: string, signature: string | null | undefined): IdentityEvent | null {
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature ?? '');
      if (!m) return null;
      const at = Number(m[1]);
      const expected = createHmac('sha256', opts.secret).update(`${at}.${rawBody}`).digest();
      const given = Buffer.from(m[2]!, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Math.abs(opts.clock().getTime() - at) > WEBHOOK_TOLERANCE_MS) return null;
      try {
        const e = JSON.parse(rawBody) as IdentityEvent;
        if (typeof e.id !== 'string' || typeof e.ref !== 'string' || e.type !== 'check.completed') return null;
        if (!['approved', 'rejected', 'needs_review'].includes(e.outcome)) return null;
        return e;
      } catch {
        return null;
      }
    },
    /** The signed delivery of a check's event (test mode), as the provider would POST it. */
    delivery(ref: string): { body: string; signature: string } | null {
      return deliveries.get(ref) ?? null;
    },
  } satisfies IdentityProvider & Record<string, unknown>;
}

export type SimulatedIdentityProvider = ReturnType<typeof createSimulatedIdentityProvider>;
