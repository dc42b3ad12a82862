import type { Kysely } from 'kysely';
import { DomainError, notFound } from '../../../domain/errors';
import { LENDER_SHARE_PERCENT } from '../../../domain/listings';
import {
  MANAGED_DAMAGE_WORDS,
  MANAGED_MESSAGES,
  type Care,
  type CareList,
  type IntakeInput,
  type LendingTerms,
  type RecallInput,
} from '../../../domain/managed-lending';
import type { Studio } from '../../../domain/orders';
import type { DamageKind } from '../../../domain/protection';
import { formatCents } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { BookingsCore } from '../bookings';
import type { NotificationsService } from '../notifications';
import type { ParcelsService } from '../parcels';
import { isUniqueViolation } from '../payments';
import { buyLabel, requestInboundLabel, requestReturnLabel } from './labels';
import { careOf } from './managed-view';
import { createManagedRepository } from './managed.repository';

type Db = Kysely<DB>;
const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

export type ManagedDeps = {
  core: BookingsCore;
  notifications: NotificationsService;
  studios: () => Promise<Studio[]>;
  /** Her pickup's and her recall's parcels by carrier, with their labels (decision 0061). */
  parcels: ParcelsService;
};

/**
 * "Rentique looks after it" for the lender (docs/product.md "Lending: two ways", decision 0062):
 * the terms, her pieces' steps into our care, her pickup or drop-off, her recall, her travelling
 * date and switching a self-lent piece to managed; and the hooks the booking, the review and the
 * check-in call in their transactions (approved status, her share written and credited once).
 */
export function createManagedService(ctx: AppContext, deps: ManagedDeps) {
  const { db } = ctx.database;
  const repo = createManagedRepository(db);
  const { core, notifications } = deps;
  const nowIso = () => ctx.clock().toISOString();
  const terms = (): LendingTerms => ({
    managedSharePercent: ctx.env.managedLenderSharePercent,
    selfSharePercent: LENDER_SHARE_PERCENT,
    storageMonths: ctx.env.managedStorageMonths,
  });

  async function ownedManaged(trx: Db, itemId: number, ownerId: string) {
    const piece = await repo.piece(itemId, trx);
    if (!piece || piece.owner_id !== ownerId || piece.status === 'removed') throw notFound('Listing not found');
    if (piece.lending_mode !== 'managed') throw conflict(MANAGED_MESSAGES.notManaged);
    return piece;
  }

  async function checkPlace(input: { method: string; day: string; studioId?: number | undefined }, byAddress: string) {
    if (input.day <= ctx.today())
      throw new DomainError('VALIDATION_FAILED', MANAGED_MESSAGES.dayPast, {
        issues: [{ path: 'day', message: MANAGED_MESSAGES.dayPast }],
      });
    if (input.method !== byAddress && !(await deps.studios()).some((s) => s.id === input.studioId))
      throw new DomainError('VALIDATION_FAILED', MANAGED_MESSAGES.unknownStudio, {
        issues: [{ path: 'studioId', message: MANAGED_MESSAGES.unknownStudio }],
      });
  }

  async function care(
    itemId: number,
    piece: { id: number; name: string; status: string },
    studios: Studio[],
  ): Promise<Care> {
    const [intake, recall, bookedUntil] = await Promise.all([
      repo.latestIntake(itemId),
      repo.latestRecall(itemId),
      repo.bookedUntil(itemId),
    ]);
    const [ip, rp] = await Promise.all([
      deps.parcels.managed.ofIntakes(intake ? [intake.id] : []),
      deps.parcels.managed.ofRecalls(recall ? [recall.id] : []),
    ]);
    return careOf(
      piece,
      intake,
      recall,
      bookedUntil,
      studios,
      { intake: intake && ip.get(intake.id), recall: recall && rp.get(recall.id) },
      { today: ctx.today(), months: ctx.env.managedStorageMonths },
    );
  }

  async function careOfOwned(ownerId: string, itemId: number): Promise<Care> {
    const piece = await ownedManaged(db, itemId, ownerId);
    return care(itemId, piece, await deps.studios());
  }

  return {
    terms,

    /** Her managed pieces, each with its steps; the terms; her travelling date. */
    async list(ownerId: string): Promise<CareList> {
      const [pieces, studios, settings] = await Promise.all([
        repo.piecesOf(ownerId),
        deps.studios(),
        repo.settings(ownerId),
      ]);
      return {
        pieces: await Promise.all(pieces.map((p) => care(p.id, p, studios))),
        terms: terms(),
        travellingUntil: settings?.travelling_until ?? null,
      };
    },

    get: careOfOwned,

    /** She books a pickup at her address, or a drop-off at a studio, for an approved managed piece. */
    async bookIntake(ownerId: string, itemId: number, input: IntakeInput): Promise<Care> {
      await checkPlace(input, 'pickup');
      const at = nowIso();
      let parcelId: number | null = null;
      try {
        await db.transaction().execute(async (trx) => {
          await core.lock(trx, { itemId });
          const piece = await ownedManaged(trx, itemId, ownerId);
          if (piece.status !== 'intake') throw conflict(MANAGED_MESSAGES.notReadyForIntake);
          const last = await repo.latestIntake(itemId, trx);
          if (last && ['booked', 'received', 'checked'].includes(last.status))
            throw conflict(MANAGED_MESSAGES.intakeTaken);
          const id = await repo.insertIntake(trx, {
            item_id: itemId,
            owner_id: ownerId,
            method: input.method,
            day: input.day,
            address: input.method === 'pickup' ? (input.address ?? null) : null,
            studio_id: input.method === 'drop-off' ? (input.studioId ?? null) : null,
            status: 'booked',
            label_status: 'none',
            created_at: at,
            updated_at: at,
          });
          if (input.method === 'pickup')
            parcelId = await requestInboundLabel(
              trx,
              deps.parcels,
              { id, owner_id: ownerId, address: input.address ?? null },
              at,
            );
        });
      } catch (err) {
        // Two bookings at once: the partial unique index keeps one open intake per piece.
        if (isUniqueViolation(err)) throw conflict(MANAGED_MESSAGES.intakeTaken);
        throw err;
      }
      if (parcelId !== null) await buyLabel(deps.parcels, parcelId);
      return careOfOwned(ownerId, itemId);
    },

    /**
     * She asks for a live piece back on `day`: it leaves the catalogue at once (status
     * 'recalled': no new booking), bookings already made are honoured, and the day must come
     * after the last of them. Takes the item's lock, as a booking does: of a recall and a booking
     * at once, the one that commits first decides what the other is told.
     */
    async recall(ownerId: string, itemId: number, input: RecallInput): Promise<Care> {
      await checkPlace(input, 'parcel');
      const at = nowIso();
      try {
        await db.transaction().execute(async (trx) => {
          await core.lock(trx, { itemId });
          const piece = await ownedManaged(trx, itemId, ownerId);
          if (piece.status === 'recalled') throw conflict(MANAGED_MESSAGES.recallTaken);
          if (piece.status !== 'active') throw conflict(MANAGED_MESSAGES.notLive);
          const until = await repo.bookedUntil(itemId, trx);
          if (until && input.day <= until)
            throw conflict(MANAGED_MESSAGES.bookedUntil(until), { bookedUntil: until, reason: 'booked' });
          if (!(await repo.moveItem(trx, itemId, ['active'], 'recalled'))) throw conflict(MANAGED_MESSAGES.notLive);
          const id = await repo.insertRecall(trx, {
            item_id: itemId,
            owner_id: ownerId,
            reason: 'recall',
            method: input.method,
            day: input.day,
            address: input.method === 'parcel' ? (input.address ?? null) : null,
            studio_id: input.method === 'studio' ? (input.studioId ?? null) : null,
            status: 'waiting',
            label_status: 'none',
            created_at: at,
          });
          if (input.method === 'parcel') await requestReturnLabel(trx, id);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MANAGED_MESSAGES.recallTaken);
        throw err;
      }
      return careOfOwned(ownerId, itemId);
    },

    async travelling(userId: string): Promise<{ until: string | null }> {
      return { until: (await repo.settings(userId))?.travelling_until ?? null };
    },

    async setTravelling(userId: string, until: string | null): Promise<{ until: string | null }> {
      await repo.saveSettings(userId, until, nowIso());
      return { until };
    },

    /** A self-lent piece becomes managed: it leaves the catalogue and goes through intake (once approved). */
    async switchToManaged(ownerId: string, itemId: number): Promise<Care> {
      await db.transaction().execute(async (trx) => {
        await core.lock(trx, { itemId });
        const piece = await repo.piece(itemId, trx);
        if (!piece || piece.owner_id !== ownerId || piece.status === 'removed') throw notFound('Listing not found');
        if (piece.lending_mode === 'managed') throw conflict(MANAGED_MESSAGES.alreadyManaged);
        if (await repo.bookedUntil(itemId, trx)) throw conflict(MANAGED_MESSAGES.switchRented);
        await repo.setMode(trx, itemId, 'managed', piece.tags ?? '');
        await repo.moveItem(trx, itemId, ['active'], 'intake');
      });
      return careOfOwned(ownerId, itemId);
    },

    /* ------------------------------------------------ hooks, in the callers' transactions */

    /** The review's approval: a managed piece not yet in our care goes to intake, not to the catalogue. */
    async approvedStatus(trx: Db, itemId: number): Promise<'active' | 'intake'> {
      const piece = await repo.piece(itemId, trx);
      if (piece?.lending_mode !== 'managed') return 'active';
      const intake = await repo.latestIntake(itemId, trx);
      return intake?.status === 'live' ? 'active' : 'intake';
    },

    /** Whether a member's piece is managed (booked at once, at the managed share). */
    async isManaged(trx: Db, itemId: number): Promise<boolean> {
      return (await repo.piece(itemId, trx))?.lending_mode === 'managed';
    },

    /** A managed piece was booked: her share is written once (credited at check-in). */
    async booked(trx: Db, r: { rentalId: number; itemId: number; lenderId: string; shareCents: number }) {
      await repo.insertCredit(trx, { ...r, amountCents: r.shareCents, at: nowIso() });
    },

    /** A managed piece's booking is confirmed (paid, or on her plan): she is told by e-mail. */
    async confirmed(trx: Db, rentalId: number): Promise<void> {
      const credit = await repo.creditOf(rentalId, trx);
      const r = credit ? await core.rental(rentalId, trx) : undefined;
      const piece = credit ? await repo.piece(credit.item_id, trx) : undefined;
      if (!credit || !r || !piece) return;
      await notifications.notify(trx, {
        kind: 'managed_rented',
        subjectType: 'rental',
        subjectId: String(rentalId),
        userId: credit.lender_id,
        data: {
          itemName: piece.name,
          startDate: r.start_date,
          returnDate: r.end_date,
          share: formatCents(credit.amount_cents),
        },
      });
    },

    /** A managed rental was checked in: her share goes into her payouts, once (a conditional update), and she is told. */
    async checkedIn(trx: Db, rentalId: number): Promise<void> {
      const credited = await repo.credit(trx, rentalId, nowIso());
      if (!credited) return;
      const piece = await repo.piece(credited.item_id, trx);
      await notifications.notify(trx, {
        kind: 'managed_earning',
        subjectType: 'rental',
        subjectId: String(rentalId),
        userId: credited.lender_id,
        data: { itemName: piece?.name ?? 'your piece', share: formatCents(credited.amount_cents) },
      });
    },

    /**
     * The desk recorded damage on a rental at check-in (decision 0070): if it is a managed piece's,
     * she is told what was found and what is in her payouts for it (once per rental).
     */
    async damaged(rentalId: number, d: { kind: DamageKind; lenderCents: number }): Promise<void> {
      const credit = await repo.creditOf(rentalId);
      if (!credit || d.kind === 'wear') return;
      const piece = await repo.piece(credit.item_id);
      await db.transaction().execute((trx) =>
        notifications.notify(trx, {
          kind: 'managed_damage',
          subjectType: 'rental',
          subjectId: String(rentalId),
          userId: credit.lender_id,
          data: {
            itemName: piece?.name ?? 'your piece',
            damage: MANAGED_DAMAGE_WORDS[d.kind],
            share: formatCents(d.lenderCents),
          },
        }),
      );
    },

    /** Her credits (the payouts read which managed rentals are credited and for how much). */
    creditsOf: (lenderId: string) => repo.creditsOf(lenderId),
  };
}

export type ManagedService = ReturnType<typeof createManagedService>;
