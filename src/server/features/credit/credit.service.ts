import type { Kysely } from 'kysely';
import {
  CREDIT_KINDS,
  type CreditEntry,
  type CreditKind,
  type CreditStatement,
  type GoodwillInput,
} from '../../../domain/credit';
import { DomainError, notFound } from '../../../domain/errors';
import { formatCents } from '../../../domain/money';
import { MIN_CHARGE_CENTS } from '../../../domain/offers.rules';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import { createAuditRepository, staffActor } from '../audit';
import { createCreditRepository, type CreditEntryRow } from './credit.repository';

export interface CreditMove {
  userId: string;
  kind: CreditKind;
  /** Signed: earned > 0, spent < 0; never 0. */
  amountCents: number;
  description: string;
  /** Unique in the credit ledger: a retried move with the same key changes nothing. */
  idempotencyKey: string;
  orderId?: number | null;
  actorId?: string | null;
}

function toEntry(row: CreditEntryRow): CreditEntry {
  return {
    id: row.id,
    kind: ((CREDIT_KINDS as readonly string[]).includes(row.kind) ? row.kind : 'goodwill') as CreditKind,
    amountCents: row.amount_cents,
    balanceAfterCents: row.balance_after_cents,
    description: row.description,
    orderId: row.order_id,
    createdAt: row.created_at,
  };
}

/**
 * What store credit pays of `dueCents` from a balance: all of it when the balance covers it,
 * otherwise as much as leaves the card at least MIN_CHARGE_CENTS (the provider's least charge).
 */
export function creditToApply(balanceCents: number, dueCents: number): number {
  if (balanceCents <= 0 || dueCents <= 0) return 0;
  if (balanceCents >= dueCents) return dueCents;
  return Math.max(0, Math.min(balanceCents, dueCents - MIN_CHARGE_CENTS));
}

/**
 * Store credit (docs/product.md "Store credit, referrals and gift cards"; decision 0063): a
 * balance per member that is the sum of her credit entries, never a number kept beside them.
 * Every move takes her credit lock, reads her last entry and writes the next one with the
 * balance after it: a CHECK refuses a balance below zero and (user_id, seq) is unique, so two
 * spends at once cannot both take the same credit. Each move has an idempotency key.
 */
export function createCreditService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = createCreditRepository(db);
  const audit = createAuditRepository(db);
  const nowIso = () => ctx.clock().toISOString();

  /**
   * One move of her credit, in the caller's transaction: the entry written, the entry already
   * written under the same key (a retry), or null when a spend is more than her balance.
   */
  async function move(trx: Kysely<DB>, m: CreditMove): Promise<CreditEntryRow | null> {
    if (!Number.isInteger(m.amountCents) || m.amountCents === 0)
      throw new Error(`a credit move needs a non-zero whole amount, got ${m.amountCents}`);
    const at = nowIso();
    await repo.lock(trx, m.userId, at);
    const done = await repo.byKey(trx, m.idempotencyKey);
    if (done) {
      if (done.user_id !== m.userId) throw new Error(`credit key ${m.idempotencyKey} belongs to another member`);
      return done;
    }
    const last = await repo.last(trx, m.userId);
    const balance = last?.balance_after_cents ?? 0;
    if (balance + m.amountCents < 0) return null;
    return repo.insert(trx, {
      user_id: m.userId,
      seq: (last?.seq ?? 0) + 1,
      kind: m.kind,
      amount_cents: m.amountCents,
      balance_after_cents: balance + m.amountCents,
      description: m.description,
      idempotency_key: m.idempotencyKey,
      order_id: m.orderId ?? null,
      actor_id: m.actorId ?? null,
      created_at: at,
    });
  }

  async function balanceIn(q: Kysely<DB>, userId: string): Promise<number> {
    return (await repo.last(q, userId))?.balance_after_cents ?? 0;
  }

  /** Takes her credit lock and reads her balance under it (none to read before her first entry). */
  async function lockedBalance(trx: Kysely<DB>, userId: string): Promise<number> {
    return (await repo.lock(trx, userId, nowIso())) === 0 ? 0 : balanceIn(trx, userId);
  }

  return {
    move,

    /** Credit earned (a referral, a gift card, goodwill), in the caller's transaction; once per key. */
    async grant(
      trx: Kysely<DB>,
      m: Omit<CreditMove, 'amountCents'> & { amountCents: number },
    ): Promise<CreditEntryRow> {
      if (m.amountCents <= 0) throw new Error('a grant is positive');
      return (await move(trx, m))!;
    },

    /** Her balance now (her last entry's balance). */
    balance: (userId: string, q: Kysely<DB> = db) => balanceIn(q, userId),

    /** Her balance and entries, newest first (the account's credit page). */
    async statement(userId: string): Promise<CreditStatement> {
      const rows = await repo.forUser(userId);
      return { balanceCents: rows[0]?.balance_after_cents ?? 0, entries: rows.map(toEntry) };
    },

    /** The sum of her entries: always her balance (the tests compare them). */
    sum: (userId: string) => repo.sum(userId),

    /**
     * Whether her credit pays all of `dueCents`, read under her credit lock in the booking's
     * transaction (the card rung of a member without a card, decision 0069): the lock is held to
     * the commit, so two bookings at once that each need the whole balance are decided one after
     * the other, and the second finds it spent. Returns her balance and whether it covers.
     */
    async covers(
      trx: Kysely<DB>,
      userId: string,
      dueCents: number,
    ): Promise<{ covers: boolean; balanceCents: number }> {
      const balanceCents = await lockedBalance(trx, userId);
      return { covers: dueCents > 0 && balanceCents >= dueCents, balanceCents };
    },

    /** What credit would pay of `dueCents` now (the quote). */
    async preview(userId: string, dueCents: number): Promise<number> {
      return creditToApply(await balanceIn(db, userId), dueCents);
    },

    /**
     * Spends her credit on an order at checkout, before the card, in the booking's transaction:
     * what credit pays (creditToApply of her balance read under her lock), written as one spend
     * under the key `order:<number>:credit`. Returns the cents spent (0: no credit).
     */
    async spendAtCheckout(
      trx: Kysely<DB>,
      o: { userId: string; orderId: number; orderNumber: string; dueCents: number },
    ): Promise<number> {
      const cents = creditToApply(await lockedBalance(trx, o.userId), o.dueCents);
      if (cents <= 0) return 0;
      const entry = await move(trx, {
        userId: o.userId,
        kind: 'spend',
        amountCents: -cents,
        description: `Spent on order ${o.orderNumber}`,
        idempotencyKey: `order:${o.orderNumber}:credit`,
        orderId: o.orderId,
      });
      if (!entry) throw new DomainError('CONFLICT', 'Your store credit changed meanwhile. Please try again.');
      return -entry.amount_cents;
    },

    /**
     * Gives back the credit an order spent (a declined card, a cancellation), once: under the key
     * `order:<id>:credit:returned`. Returns the cents given back.
     */
    async returnForOrder(trx: Kysely<DB>, orderId: number, why: string): Promise<number> {
      const entries = await repo.forOrder(trx, orderId);
      const spend = entries.find((e) => e.kind === 'spend');
      if (!spend || entries.some((e) => e.kind === 'spend_returned')) return 0;
      const entry = await move(trx, {
        userId: spend.user_id,
        kind: 'spend_returned',
        amountCents: -spend.amount_cents,
        description: why,
        idempotencyKey: `order:${orderId}:credit:returned`,
        orderId,
      });
      return entry ? entry.amount_cents : 0;
    },

    /** Staff grant goodwill credit to a member (by e-mail), audited; once per form (its key). */
    async goodwill(staff: SessionUser, input: GoodwillInput & { email: string }, requestId: string | null) {
      const member = await db
        .selectFrom('user')
        .select(['id', 'email'])
        .where('email', '=', input.email.trim().toLowerCase())
        .executeTakeFirst();
      if (!member) throw notFound('No member with this e-mail address.');
      return db.transaction().execute(async (trx) => {
        const key = `goodwill:${staff.id}:${input.idempotencyKey}`;
        const known = await repo.byKey(trx, key);
        const entry = await move(trx, {
          userId: member.id,
          kind: 'goodwill',
          amountCents: input.amountCents,
          description: `Goodwill: ${input.reason}`,
          idempotencyKey: key,
          actorId: staff.id,
        });
        if (!known)
          await audit.record(trx, {
            actor: staffActor(staff),
            action: 'credit.goodwill',
            subjectType: 'user',
            subjectId: member.id,
            before: null,
            after: { amount: formatCents(input.amountCents), reason: input.reason, email: member.email },
            requestId,
            at: nowIso(),
          });
        return { ...toEntry(entry!), email: member.email };
      });
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
