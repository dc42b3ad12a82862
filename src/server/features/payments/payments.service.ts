import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DECLINE_CODES,
  type DeclineCode,
  type LedgerKind,
  type LedgerStatus,
  type PaymentPurpose,
} from '../../../domain/payments';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { PaymentDeclinedError, PaymentRequestError, type PaymentProvider } from './payment-provider';
import { createPaymentsRepository, type LedgerRow } from './payments.repository';

/** An entry not settled this long after it was recorded is taken over by the recovery (a crash, a lost answer). */
export const RECOVER_AFTER_MS = 2 * 60_000;
/** How many entries one recovery run looks at. */
const RECOVERY_BATCH = 100;

/** One operation with the provider, as the ledger records it. */
export interface LedgerEntry {
  id: number;
  userId: string;
  orderId: number | null;
  rentalId: number | null;
  purpose: PaymentPurpose | string;
  kind: LedgerKind;
  amountCents: number;
  status: LedgerStatus;
  idempotencyKey: string;
  /** The provider's id of what this operation made (a charge, refund, authorisation or payout). */
  providerRef: string | null;
  /** The entry a capture, void or refund acts on. */
  targetId: number | null;
  card: { brand: string; lastFour: string } | null;
  declineCode: string | null;
  message: string | null;
  description: string;
  context: Record<string, unknown>;
  createdAt: string;
  settledAt: string | null;
}

/** The provider's answer to an entry. */
export type PaymentOutcome =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'declined'; code: DeclineCode; message: string }
  | { status: 'failed'; code: string; message: string };

/**
 * Applies an answered entry's outcome to the business (confirm the booking, or release it...), in
 * the transaction that marks the entry settled: it runs once per entry, whether the request that
 * made the entry gets there or the recovery does.
 */
export type Settler = (trx: Kysely<DB>, entry: LedgerEntry, outcome: PaymentOutcome) => Promise<void>;

export interface RecordInput {
  userId: string;
  purpose: PaymentPurpose;
  kind: LedgerKind;
  amountCents: number;
  /** What the member's statement and receipt say. */
  description: string;
  /** Also the provider's idempotency key; unique in the ledger. A random one when left out. */
  idempotencyKey?: string;
  orderId?: number | null;
  rentalId?: number | null;
  /** The card to authorise or charge (its provider token, brand and last four). */
  card?: { token: string; brand: string; lastFour: string } | null;
  /** The entry a capture, void or refund acts on; it must have succeeded. */
  target?: LedgerEntry | null;
  /** A payout's receiver (a member id). */
  recipientId?: string | null;
  /** What the purpose's settler needs to apply the outcome (JSON; never card data). */
  context?: Record<string, unknown>;
}

function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    userId: row.user_id,
    orderId: row.order_id,
    rentalId: row.rental_id,
    purpose: row.purpose,
    kind: row.kind as LedgerKind,
    amountCents: row.amount_cents,
    status: row.status as LedgerStatus,
    idempotencyKey: row.idempotency_key,
    providerRef: row.provider_ref,
    targetId: row.target_id,
    card: row.card_brand && row.card_last_four ? { brand: row.card_brand, lastFour: row.card_last_four } : null,
    declineCode: row.decline_code,
    message: row.message,
    description: row.description,
    context: row.context ? (JSON.parse(row.context) as Record<string, unknown>) : {},
    createdAt: row.created_at,
    settledAt: row.settled_at,
  };
}

function outcomeOf(row: LedgerRow): PaymentOutcome | null {
  if (row.status === 'succeeded') return { status: 'succeeded', providerRef: row.provider_ref ?? '' };
  if (row.status === 'declined') {
    const code = (DECLINE_CODES as readonly string[]).includes(row.decline_code ?? '')
      ? (row.decline_code as DeclineCode)
      : 'card_declined';
    return { status: 'declined', code, message: row.message ?? '' };
  }
  if (row.status === 'failed')
    return { status: 'failed', code: row.decline_code ?? 'failed', message: row.message ?? '' };
  return null;
}

/**
 * Payments (decision 0029): every operation with the payment provider goes through here and is
 * recorded in the ledger (`payment_ledger`). Three steps, so that money and the business never
 * disagree for long and nothing happens twice:
 *
 * 1. `record(trx, ...)` inside the transaction that decides to move money (the one that holds the
 *    unit, claims the plan...): a `pending` entry with its idempotency key. It exists if and only
 *    if that decision commits.
 * 2. `perform(id)` after the commit: the provider call, with the entry's key, and its answer
 *    written on the entry (succeeded, declined, failed).
 * 3. `settle(id)`: the purpose's settler applies the outcome, once, in the transaction that marks
 *    the entry settled.
 *
 * `run(id)` is 2 and 3. A process that dies between 1 and 3 leaves an unsettled entry; `recover()`
 * (a periodic job) performs it again with the same key (the provider answers as it did, or does it
 * now) and settles it.
 */
export function createPaymentsService(ctx: AppContext, deps: { provider: PaymentProvider }) {
  const { db } = ctx.database;
  const repo = createPaymentsRepository(db);
  const { provider } = deps;
  const log = ctx.logger.child({ feature: 'payments' });
  const settlers = new Map<string, Settler>();
  const nowIso = () => ctx.clock().toISOString();

  async function record(trx: Kysely<DB>, input: RecordInput): Promise<LedgerEntry> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
      throw new Error(`a ledger entry needs a positive whole amount, got ${input.amountCents}`);
    const needsTarget = input.kind === 'capture' || input.kind === 'void' || input.kind === 'refund';
    if (needsTarget && (!input.target || input.target.status !== 'succeeded' || !input.target.providerRef)) {
      throw new Error(`a ${input.kind} acts on an entry that succeeded`);
    }
    if ((input.kind === 'charge' || input.kind === 'authorise') && !input.card)
      throw new Error(`a ${input.kind} needs a card`);
    if (input.kind === 'payout' && !input.recipientId) throw new Error('a payout needs a recipient');
    const now = nowIso();
    const row = await repo.insert(trx, {
      user_id: input.userId,
      order_id: input.orderId ?? null,
      rental_id: input.rentalId ?? null,
      purpose: input.purpose,
      kind: input.kind,
      amount_cents: input.amountCents,
      status: 'pending',
      idempotency_key: input.idempotencyKey ?? `${input.purpose}:${input.kind}:${randomUUID()}`,
      provider: provider.name,
      provider_ref: null,
      target_id: input.target?.id ?? null,
      card_token: input.card?.token ?? null,
      card_brand: input.card?.brand ?? input.target?.card?.brand ?? null,
      card_last_four: input.card?.lastFour ?? input.target?.card?.lastFour ?? null,
      recipient_id: input.recipientId ?? null,
      decline_code: null,
      message: null,
      description: input.description,
      context: input.context ? JSON.stringify(input.context) : null,
      created_at: now,
      updated_at: now,
      settled_at: null,
    });
    return toEntry(row);
  }

  /** The provider call of a pending entry, with its key; an answered entry keeps its answer. */
  async function perform(id: number): Promise<PaymentOutcome> {
    const row = await repo.find(id);
    if (!row) throw new Error(`no ledger entry ${id}`);
    const known = outcomeOf(row);
    if (known) return known;
    const target = row.target_id !== null ? await repo.find(row.target_id) : undefined;
    const key = row.idempotency_key;
    let answer: {
      status: LedgerStatus;
      providerRef: string | null;
      declineCode: string | null;
      message: string | null;
    };
    try {
      let ref: string;
      switch (row.kind) {
        case 'charge':
          ref = (
            await provider.charge({
              token: row.card_token ?? '',
              amountCents: row.amount_cents,
              description: row.description,
              idempotencyKey: key,
            })
          ).id;
          break;
        case 'authorise':
          ref = (
            await provider.authorise({
              token: row.card_token ?? '',
              amountCents: row.amount_cents,
              description: row.description,
              idempotencyKey: key,
            })
          ).id;
          break;
        case 'capture':
          ref = (
            await provider.capture({
              authorisationId: target?.provider_ref ?? '',
              amountCents: row.amount_cents,
              idempotencyKey: key,
            })
          ).id;
          break;
        case 'void':
          await provider.void({ authorisationId: target?.provider_ref ?? '', idempotencyKey: key });
          ref = target?.provider_ref ?? '';
          break;
        case 'refund':
          ref = (
            await provider.refund({
              chargeId: target?.provider_ref ?? '',
              amountCents: row.amount_cents,
              reason: row.description,
              idempotencyKey: key,
            })
          ).id;
          break;
        case 'payout':
          ref = (
            await provider.payout({
              recipientId: row.recipient_id ?? '',
              ...(row.card_token ? { destination: row.card_token } : {}),
              amountCents: row.amount_cents,
              description: row.description,
              idempotencyKey: key,
            })
          ).id;
          break;
        default:
          throw new Error(`unknown ledger kind ${row.kind}`);
      }
      answer = { status: 'succeeded', providerRef: ref, declineCode: null, message: null };
    } catch (err) {
      if (err instanceof PaymentDeclinedError)
        answer = { status: 'declined', providerRef: null, declineCode: err.code, message: err.message };
      else if (err instanceof PaymentRequestError) {
        log.error(
          { entryId: id, kind: row.kind, purpose: row.purpose, code: err.code, message: err.message },
          'payment request refused by the provider',
        );
        answer = { status: 'failed', providerRef: null, declineCode: err.code, message: err.message };
      } else throw err; // no answer (the provider unreachable...): the entry stays pending for the recovery
    }
    const after = await repo.answer(id, { ...answer, now: nowIso() });
    log.info(
      {
        entryId: id,
        userId: row.user_id,
        purpose: row.purpose,
        kind: row.kind,
        amountCents: row.amount_cents,
        status: after?.status,
      },
      'payment operation',
    );
    return outcomeOf(after!)!;
  }

  /** Applies an answered entry's outcome once (its purpose's settler); false when it was already applied or is still pending. */
  async function settle(id: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const row = await repo.claimSettlement(trx, id, nowIso());
      if (!row) return false;
      const settler = settlers.get(row.purpose);
      if (settler) await settler(trx, toEntry(row), outcomeOf(row)!);
      return true;
    });
  }

  return {
    provider,
    record,
    perform,
    settle,

    /** Performs a recorded entry and applies its outcome: call after the transaction that recorded it committed. */
    async run(id: number): Promise<PaymentOutcome> {
      const outcome = await perform(id);
      await settle(id);
      return outcome;
    },

    /**
     * Withdraws a recorded entry before it was sent (another move of the same decision was
     * declined, decision 0068): answered `failed` (`not_sent`) without asking the provider, then
     * settled like any refusal. An entry answered already keeps its answer.
     */
    async cancel(id: number): Promise<void> {
      const message = 'Not sent: another payment of the same booking was declined.';
      await repo.answer(id, { status: 'failed', providerRef: null, declineCode: 'not_sent', message, now: nowIso() });
      await settle(id);
    },

    /** The one settler of a purpose (registered by the feature that owns it, at start-up). */
    onSettle(purpose: PaymentPurpose, settler: Settler): void {
      if (settlers.has(purpose)) throw new Error(`a settler for ${purpose} is registered already`);
      settlers.set(purpose, settler);
    },

    /**
     * Performs and settles entries left unsettled for `olderThanMs` (a process died between the
     * steps, or the provider did not answer): the provider gets the same key again, so nothing is
     * done twice. Safe to run anywhere, any number of times.
     */
    async recover(opts: { olderThanMs?: number } = {}): Promise<{ settled: number; pending: number }> {
      const before = new Date(ctx.clock().getTime() - (opts.olderThanMs ?? RECOVER_AFTER_MS)).toISOString();
      let settled = 0;
      let pending = 0;
      for (const row of await repo.unsettled(before, RECOVERY_BATCH)) {
        try {
          await perform(row.id);
          if (await settle(row.id)) settled += 1;
        } catch (err) {
          pending += 1;
          log.warn({ err, entryId: row.id }, 'payment recovery: no answer yet');
        }
      }
      if (settled || pending) log.info({ settled, pending }, 'payment recovery');
      return { settled, pending };
    },

    async find(id: number, trx?: Kysely<DB>): Promise<LedgerEntry | null> {
      const row = await repo.find(id, trx);
      return row ? toEntry(row) : null;
    },

    async findByKey(key: string, trx?: Kysely<DB>): Promise<LedgerEntry | null> {
      const row = await repo.findByKey(key, trx);
      return row ? toEntry(row) : null;
    },

    /** A member's entries on her orders and on their rentals (late fees, damage claims), oldest first: receipts. */
    async forMemberOrders(userId: string, orderIds: number[], rentalIds: number[]): Promise<LedgerEntry[]> {
      return (await repo.forMemberOrders(userId, orderIds, rentalIds)).map(toEntry);
    },

    /** The entries of a rental (its booking's charge, extensions, refunds), oldest first, in the caller's transaction. */
    async forRental(rentalId: number, trx?: Kysely<DB>): Promise<LedgerEntry[]> {
      return (await repo.forRental(rentalId, trx)).map(toEntry);
    },

    async forUser(userId: string): Promise<LedgerEntry[]> {
      return (await repo.forUser(userId)).map(toEntry);
    },

    /**
     * What of a charge (or capture) can still be refunded: its amount less the refunds already
     * made or on their way. Read in the caller's transaction.
     */
    async refundableCents(trx: Kysely<DB>, charge: LedgerEntry): Promise<number> {
      if (charge.status !== 'succeeded' || (charge.kind !== 'charge' && charge.kind !== 'capture')) return 0;
      const refunds = await repo.targeting(trx, charge.id);
      const taken = refunds
        .filter((r) => r.kind === 'refund' && (r.status === 'pending' || r.status === 'succeeded'))
        .reduce((n, r) => n + r.amount_cents, 0);
      return Math.max(0, charge.amountCents - taken);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
