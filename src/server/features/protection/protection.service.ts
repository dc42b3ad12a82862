import type { Kysely } from 'kysely';
import {
  COSTED_KINDS,
  PROTECTION_MESSAGES as M,
  PROTECTION_SETTINGS,
  damageCharge,
  depositFor,
  type DamageInput,
  type RentalProtection,
} from '../../../domain/protection';
import { DomainError, notFound } from '../../../domain/errors';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import type { RateLimit } from '../../rate-limit';
import { createAuditRepository, staffActor } from '../audit';
import type { BookingsCore } from '../bookings';
import { isUniqueViolation, type PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import { depositMovesOf } from './deposit-moves';
import { createProtectionRepository } from './protection.repository';
import { protectionView } from './protection-view';

type Db = Kysely<DB>;
const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

/** Cover and deposit charges per member and hour: each reaches the payment provider. */
const CHARGES: RateLimit = { name: 'protection-charge', max: 20, windowMs: 60 * 60_000 };

/**
 * Damage cover, deposits and damage recorded against the schedule (docs/product.md "Damage
 * cover, deposits and Instant Book", decision 0064). Money moves only through the payments
 * ledger, each entry under a key that names its rental (`cover:<id>:charge`,
 * `deposit:<id>:authorise|capture|void`, `damage:<id>:charge`), recorded in the deciding
 * transaction and sent after it commits. Each limit is the database's: one cover, one deposit and
 * one damage record per rental (primary or unique keys), and a deposit leaves 'held' once (a
 * conditional update), so two staff settling at once capture it once.
 */
export function createProtectionService(
  ctx: AppContext,
  deps: { payments: PaymentsService; plans: PlansService; core: BookingsCore },
) {
  const { db } = ctx.database;
  const repo = createProtectionRepository(db);
  const audit = createAuditRepository(db);
  const { payments, plans, core } = deps;
  const log = ctx.logger.child({ feature: 'protection' });
  const nowIso = () => ctx.clock().toISOString();
  const deposits = depositMovesOf(ctx, repo, payments);

  payments.onSettle('damage_cover', async (trx, entry, outcome) => {
    await repo.setCover(trx, Number(entry.context.rentalId), {
      status: outcome.status === 'succeeded' ? 'active' : 'failed',
    });
  });
  payments.onSettle('deposit', async (trx, entry, outcome) => {
    if (entry.kind !== 'authorise') {
      if (outcome.status !== 'succeeded') log.error({ entryId: entry.id, kind: entry.kind }, 'deposit move refused');
      return;
    }
    await trx
      .updateTable('rental_deposits')
      .set({ status: outcome.status === 'succeeded' ? 'held' : 'declined' })
      .where('rental_id', '=', Number(entry.context.rentalId))
      .where('status', '=', 'authorising')
      .execute();
  });
  payments.onSettle('damage', async (trx, entry, outcome) => {
    await repo.setDamageCharge(trx, Number(entry.context.damageId), {
      charge_status: outcome.status === 'succeeded' ? 'charged' : 'failed',
    });
  });

  async function takeAttempt(userId: string): Promise<void> {
    const v = await ctx.limits.take(CHARGES, userId);
    if (!v.allowed)
      throw new DomainError('RATE_LIMITED', 'Too many payment attempts. Please try again later.', {
        details: { retryAfterSeconds: v.retryAfterSeconds, limit: CHARGES.max },
      });
  }

  async function runAll(ids: number[]): Promise<void> {
    for (const id of ids) {
      try {
        await payments.run(id);
      } catch (err) {
        log.warn({ err, entryId: id }, 'not answered in the request: the payments recovery performs it');
      }
    }
  }

  async function renterRental(userId: string, rentalId: number, q: Db = db) {
    const r = await repo.rental(rentalId, q);
    if (!r || r.user_id !== userId) throw notFound('Rental not found');
    return r;
  }

  async function cardOf(userId: string, trx: Db) {
    const card = await plans.cardForCharge(userId, trx);
    if (!card) throw new DomainError('CARD_REQUIRED', M.noCard);
    return card;
  }

  /** A member's piece asks a deposit by its lender's policy or the value rule; the house's pieces ask none (decision 0068). */
  async function depositDue(r: { item_id: number; retail_price_cents: number; owner_id: string | null }, q: Db = db) {
    if (r.owner_id === null) return 0;
    const policy = await repo.policy(r.item_id, q);
    return depositFor(r.retail_price_cents, policy?.deposit_required === 1);
  }

  const view = (rentalId: number) => protectionView(repo, rentalId, (r) => depositDue(r));

  return {
    /** The deposit's moves made in other features' transactions (requests, check-in, claims). */
    deposits,

    /** What protects a rental: its cover, its deposit and any damage recorded (its renter, its lender, staff). */
    async ofRental(viewer: { id: string; role: string }, rentalId: number): Promise<RentalProtection> {
      const r = await repo.rental(rentalId);
      if (!r || (viewer.role !== 'staff' && viewer.id !== r.user_id && viewer.id !== r.lender_id))
        throw notFound('Rental not found');
      return view(rentalId);
    },

    /** A piece's lender's minimum and maximum days, or null when she set none (lending's requests check them). */
    async policyDays(itemId: number): Promise<{ minDays: number; maxDays: number } | null> {
      const p = await repo.policy(itemId);
      return p ? { minDays: p.min_days, maxDays: p.max_days } : null;
    },

    /** She adds damage cover until the piece is sent: its fee charged once (`cover:<rental>:charge`). */
    async addCover(userId: string, rentalId: number): Promise<RentalProtection> {
      await takeAttempt(userId);
      let entryId: number;
      try {
        entryId = await db.transaction().execute(async (trx) => {
          const r = await renterRental(userId, rentalId, trx);
          if (r.dispatched_at !== null || r.returned_at !== null || r.released_at !== null)
            throw conflict(M.coverTooLate);
          const card = await cardOf(userId, trx);
          const fee = PROTECTION_SETTINGS.coverFeeCents;
          // A declined fee may be tried again: the failed cover moves back to pending once (a
          // conditional update: two retries at once, one charge) under a key naming the failed entry.
          const before = await repo.cover(rentalId, trx);
          let key = `cover:${rentalId}:charge`;
          if (before) {
            if (before.status !== 'failed' || !(await repo.retryCover(trx, rentalId))) throw conflict(M.coverAlready);
            key = `cover:${rentalId}:charge:after:${before.entry_id ?? 'none'}`;
          } else
            await repo.insertCover(trx, {
              rental_id: rentalId,
              user_id: userId,
              fee_cents: fee,
              status: 'pending',
              entry_id: null,
              created_at: nowIso(),
            });
          const entry = await payments.record(trx, {
            userId,
            purpose: 'damage_cover',
            kind: 'charge',
            amountCents: fee,
            description: `Damage cover: ${r.item_name}`,
            idempotencyKey: key,
            rentalId,
            card,
            context: { rentalId },
          });
          await repo.setCover(trx, rentalId, { status: 'pending', entry_id: entry.id });
          return entry.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(M.coverAlready);
        throw err;
      }
      await runAll([entryId]);
      return view(rentalId);
    },

    /** The deposit a high-value piece asks: authorised on her card (a hold), once per rental. */
    async placeDeposit(userId: string, rentalId: number): Promise<RentalProtection> {
      await takeAttempt(userId);
      let entryId: number;
      try {
        entryId = await db.transaction().execute(async (trx) => {
          const r = await renterRental(userId, rentalId, trx);
          const amount = await depositDue(r, trx);
          if (amount === 0) throw conflict(M.depositNotNeeded);
          if (r.returned_at !== null || r.checked_in_at !== null || r.released_at !== null)
            throw conflict(M.coverTooLate);
          const card = await cardOf(userId, trx);
          await repo.insertDeposit(trx, {
            rental_id: rentalId,
            user_id: userId,
            amount_cents: amount,
            status: 'authorising',
            created_at: nowIso(),
          });
          const entry = await payments.record(trx, {
            userId,
            purpose: 'deposit',
            kind: 'authorise',
            amountCents: amount,
            description: `Deposit held: ${r.item_name}`,
            idempotencyKey: `deposit:${rentalId}:authorise`,
            rentalId,
            card,
            context: { rentalId },
          });
          await repo.setDeposit(trx, rentalId, { auth_entry_id: entry.id });
          return entry.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(M.depositAlready);
        throw err;
      }
      await runAll([entryId]);
      return view(rentalId);
    },

    /** Staff release the deposit after a clean return: the hold voided, once; audited. */
    async releaseDeposit(staff: SessionUser, rentalId: number, requestId: string | null): Promise<RentalProtection> {
      const at = nowIso();
      const voidId = await db.transaction().execute(async (trx) => {
        await core.lock(trx, { rentalId });
        const r = await repo.rental(rentalId, trx);
        if (!r) throw notFound('Rental not found');
        if (r.returned_at === null && r.checked_in_at === null) throw conflict(M.notReturned);
        const dep = await repo.deposit(rentalId, trx);
        if (!dep || dep.auth_entry_id === null) throw conflict(M.depositNotHeld);
        if (!(await repo.settleDeposit(trx, rentalId, { status: 'released', capturedCents: 0, by: staff.id, at })))
          throw conflict(M.depositNotHeld, { status: dep.status });
        const auth = (await payments.find(dep.auth_entry_id, trx))!;
        const entry = await payments.record(trx, {
          userId: r.user_id,
          purpose: 'deposit',
          kind: 'void',
          amountCents: dep.amount_cents,
          description: `Deposit released: ${r.item_name}`,
          idempotencyKey: `deposit:${rentalId}:void`,
          rentalId,
          target: auth,
          context: { rentalId },
        });
        await audit.record(trx, {
          actor: staffActor(staff),
          action: 'deposit.release',
          subjectType: 'rental',
          subjectId: rentalId,
          before: { deposit: 'held', amountCents: dep.amount_cents },
          after: { deposit: 'released' },
          requestId,
          at,
        });
        return entry.id;
      });
      await runAll([voidId]);
      return view(rentalId);
    },

    /**
     * Staff record damage on a rental that is back: the schedule decides what she owes (covered:
     * nothing or capped; not: the repair or replacement up to its cap). It comes first from her
     * deposit (captured for that much, the rest released) and then from her card; the lender of a
     * member's piece is owed the whole (the cover pays the difference). Once per rental; audited.
     */
    async recordDamage(
      staff: SessionUser,
      rentalId: number,
      input: DamageInput,
      requestId: string | null,
    ): Promise<RentalProtection> {
      if (COSTED_KINDS.includes(input.kind) && input.costCents === undefined)
        throw new DomainError('VALIDATION_FAILED', M.costNeeded, {
          issues: [{ path: 'costCents', message: M.costNeeded }],
        });
      const at = nowIso();
      let ids: number[];
      try {
        ids = await db.transaction().execute(async (trx) => {
          await core.lock(trx, { rentalId });
          const r = await repo.rental(rentalId, trx);
          if (!r) throw notFound('Rental not found');
          if (r.returned_at === null && r.checked_in_at === null) throw conflict(M.notReturned);
          const cover = await repo.cover(rentalId, trx);
          const covered = cover?.status === 'active';
          const charge = damageCharge(input.kind, {
            covered,
            retailCents: r.retail_price_cents,
            ...(input.costCents !== undefined ? { costCents: input.costCents } : {}),
          });
          const dep = await repo.deposit(rentalId, trx);
          const held = dep?.status === 'held' && dep.auth_entry_id !== null ? dep : null;
          const fromDeposit = held ? Math.min(charge.renterCents, held.amount_cents) : 0;
          const rest = charge.renterCents - fromDeposit;
          const damageId = await repo.insertDamage(trx, {
            rental_id: rentalId,
            renter_id: r.user_id,
            lender_id: r.lender_id,
            item_id: r.item_id,
            kind: input.kind,
            covered: covered ? 1 : 0,
            cost_cents: input.costCents ?? 0,
            renter_cents: charge.renterCents,
            full_cents: charge.fullCents,
            deposit_captured_cents: fromDeposit,
            charged_cents: rest,
            charge_entry_id: null,
            charge_status: null,
            note: input.note,
            recorded_by: staff.id,
            created_at: at,
          });
          // The lender of a member's piece is credited once for its damage: refused after an upheld claim.
          if (r.lender_id && charge.fullCents > 0) await deposits.creditOnce(trx, rentalId, 'damage', damageId, at);
          const out: number[] = [];
          if (held) {
            const moved = await repo.settleDeposit(trx, rentalId, {
              status: fromDeposit > 0 ? 'captured' : 'released',
              capturedCents: fromDeposit,
              by: staff.id,
              at,
            });
            if (!moved) throw conflict(M.damageAlready);
            const auth = (await payments.find(held.auth_entry_id!, trx))!;
            const e = await payments.record(trx, {
              userId: r.user_id,
              purpose: 'deposit',
              kind: fromDeposit > 0 ? 'capture' : 'void',
              amountCents: fromDeposit > 0 ? fromDeposit : held.amount_cents,
              description:
                fromDeposit > 0 ? `Deposit kept for damage: ${r.item_name}` : `Deposit released: ${r.item_name}`,
              idempotencyKey: `deposit:${rentalId}:${fromDeposit > 0 ? 'capture' : 'void'}`,
              rentalId,
              target: auth,
              context: { rentalId, damageId },
            });
            out.push(e.id);
          }
          if (rest > 0) {
            const card = await plans.cardForCharge(r.user_id, trx);
            if (card) {
              const e = await payments.record(trx, {
                userId: r.user_id,
                purpose: 'damage',
                kind: 'charge',
                amountCents: rest,
                description: `Damage per the schedule: ${r.item_name}`,
                idempotencyKey: `damage:${rentalId}:charge`,
                rentalId,
                card,
                context: { rentalId, damageId },
              });
              await repo.setDamageCharge(trx, damageId, { charge_entry_id: e.id, charge_status: 'pending' });
              out.push(e.id);
            } else await repo.setDamageCharge(trx, damageId, { charge_status: 'failed' });
          }
          await audit.record(trx, {
            actor: staffActor(staff),
            action: 'damage.record',
            subjectType: 'rental',
            subjectId: rentalId,
            before: { deposit: dep?.status ?? null, covered },
            after: { kind: input.kind, costCents: input.costCents ?? null, ...charge, fromDeposit, charged: rest },
            requestId,
            at,
          });
          return out;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(M.damageAlready);
        throw err;
      }
      await runAll(ids);
      log.info({ rentalId, kind: input.kind, requestId }, 'damage recorded');
      return view(rentalId);
    },

    /**
     * What the schedule owes a lender for damage to her pieces (payouts add it): the whole, once
     * the renter's part is collected (nothing to collect, her deposit, or her card's charge).
     */
    async lenderCredits(lenderId: string, q: Db = db) {
      return (await repo.damageOfLender(lenderId, q))
        .filter((d) => d.charge_status === null || d.charge_status === 'charged')
        .map((d) => ({
          id: d.id,
          rentalId: d.rental_id,
          amountCents: d.full_cents,
          itemName: d.item_name,
          at: d.created_at,
        }));
    },
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;
