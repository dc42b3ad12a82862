import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PaymentFormInput } from '../../../domain/card';
import type { Subscription } from '../../../domain/plans';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * The setup of the plans tests (plans*.api.test.ts): an unseeded app on a clock the tests move
 * (billing periods roll over) whose logs are captured in `logLines`, a card with distinctive
 * digits, and the requests the tests repeat. Call plansTestApp() at the top of the file; read `t`
 * inside the tests (made in beforeAll).
 */
export function plansTestApp() {
  let now = new Date('2026-11-22T10:00:00.000Z');
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  let t: TestApp | undefined;
  beforeAll(async () => {
    // No redaction on purpose: the card data must never be handed to the logger at all.
    t = await createTestApp({ seed: false, clock: () => now, logger: pino({ level: 'trace' }, logStream) });
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t(): TestApp {
      if (!t) throw new Error('plansTestApp: read t inside a test (made in beforeAll)');
      return t;
    },
    /** The app's clock. */
    get now(): Date {
      return now;
    },
    setNow(at: Date) {
      now = at;
    },
    logLines,
  };
}

/** A card number with a correct Luhn digit, from its first 15 digits. */
function withLuhn(first15: string): string {
  for (let d = 0; d <= 9; d += 1) {
    const n = first15 + d;
    let sum = 0;
    for (let i = 0; i < n.length; i += 1) {
      let x = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) {
        x *= 2;
        if (x > 9) x -= 9;
      }
      sum += x;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

// Distinctive digits, so a scan of the database and the logs cannot be fooled by a coincidence.
export const PAN = withLuhn('491768523901736');
export const PAN_GROUPED = PAN.replace(/(\d{4})(?=\d)/g, '$1 ');
/** The same number with a wrong check digit. */
export const PAN_BAD_GROUPED = PAN_GROUPED.slice(0, -1) + String((Number(PAN.slice(-1)) + 1) % 10);
export const CVV = '8642';

export const card = (over: Partial<PaymentFormInput> = {}): PaymentFormInput => ({
  cardNumber: PAN_GROUPED,
  expiryMonth: '08',
  expiryYear: '2029',
  cvv: CVV,
  cardholderName: 'Ada Lovelace',
  billingAddress: { street: '12 Analytical Way', city: 'Brooklyn', state: 'NY', zipCode: '11201', country: 'US' },
  ...over,
});

export const getSub = async (m: TestMember) => {
  const res = await m.request('/api/plans/subscription');
  expect(res.status).toBe(200);
  return (await res.json()) as Subscription;
};
export const choose = (m: TestMember, json: unknown) => m.request('/api/plans/subscription', { method: 'PUT', json });
export const pay = (m: TestMember, json: unknown) => m.request('/api/plans/payment-method', { method: 'PUT', json });
export const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; issues?: { path: string; message: string }[] } })
    .error;
