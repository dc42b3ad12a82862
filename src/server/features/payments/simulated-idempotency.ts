/**
 * The simulated provider's idempotency, as a real provider keeps it: each operation runs in one
 * transaction of its own that ends by storing its answer under its idempotency key
 * (payment_sim_requests' primary key), so a second call with the key gets the first one's answer:
 * its own insert of the key fails (after waiting for the first to commit) and its work is rolled back.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DeclineCode } from '../../../domain/payments';
import type { DB } from '../../db/schema';
import { PaymentDeclinedError, PaymentRequestError, type PaymentRequestErrorCode } from './payment-provider';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type StoredResponse =
  | { ok: unknown }
  | {
      error:
        | { type: 'declined'; code: DeclineCode; message: string }
        | { type: 'request'; code: PaymentRequestErrorCode; message: string };
    };

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function replay<T>(response: StoredResponse): T {
  if ('ok' in response) return response.ok as T;
  const { error } = response;
  if (error.type === 'declined') throw new PaymentDeclinedError(error.code, error.message);
  throw new PaymentRequestError(error.code, error.message);
}

/**
 * Runs `work` once per idempotency key: the first call claims the key and stores its answer
 * (a result, a decline or a request error); later calls with the key get the same answer, or
 * `idempotency_key_reused` when their request differs.
 */
export async function once<T>(
  opts: { db: Kysely<DB>; delayMs: number; clock: () => Date },
  operation: string,
  key: string,
  params: Record<string, unknown>,
  work: (trx: Kysely<DB>, now: Date) => Promise<T>,
): Promise<T> {
  const { db, clock } = opts;
  if (!key || key.length > 255)
    throw new PaymentRequestError('not_found', 'An idempotency key of 1 to 255 characters is required.');
  if (opts.delayMs > 0) await sleep(opts.delayMs);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([operation, params]))
    .digest('hex');
  const stored = async (): Promise<StoredResponse> => {
    const row = await db
      .selectFrom('payment_sim_requests')
      .select(['operation', 'fingerprint', 'response'])
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    if (row.operation !== operation || row.fingerprint !== fingerprint) {
      return {
        error: {
          type: 'request',
          code: 'idempotency_key_reused',
          message: `The idempotency key ${key} was used for another request.`,
        },
      };
    }
    return JSON.parse(row.response) as StoredResponse;
  };
  let response: StoredResponse;
  try {
    // The work and its answer in one transaction: the key is stored with the answer, at the end.
    // A second call with the key waits on the first's insert and rolls its own work back.
    response = await db.transaction().execute(async (trx) => {
      const now = clock();
      let answer: StoredResponse;
      try {
        answer = { ok: await work(trx, now) };
      } catch (err) {
        if (err instanceof PaymentDeclinedError)
          answer = { error: { type: 'declined', code: err.code, message: err.message } };
        else if (err instanceof PaymentRequestError)
          answer = { error: { type: 'request', code: err.code, message: err.message } };
        else throw err;
      }
      await trx
        .insertInto('payment_sim_requests')
        .values({
          idempotency_key: key,
          operation,
          fingerprint,
          response: JSON.stringify(answer),
          created_at: now.toISOString(),
        })
        .execute();
      return answer;
    });
  } catch (err) {
    // Another call with this key committed first: its answer is ours.
    if (isUniqueViolation(err)) return replay<T>(await stored());
    throw err;
  }
  return replay<T>(response);
}
