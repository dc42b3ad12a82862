import type { Kysely } from 'kysely';
import {
  CLAIM_MESSAGES,
  CLAIM_WINDOW_HOURS,
  MAX_CLAIM_PHOTOS,
  type Claim,
  type ClaimableRental,
  type ClaimChargeStatus,
  type ClaimInput,
  type ClaimStatus,
  type DeskClaim,
} from '../../../domain/claims';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DomainError, notFound } from '../../../domain/errors';
import { formatCents } from '../../../domain/money';
import type { UploadedFile } from '../../http/multipart';
import type { SessionUser } from '../../http/types';
import { withStoredPhotos } from '../../storage/storage';
import { createAuditRepository, staffActor } from '../audit';
import type { BookingsCore } from '../bookings';
import { preparePhotos } from '../listings';
import type { NotificationsService } from '../notifications';
import { isUniqueViolation, type PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import type { DepositMoves } from '../protection';
import { createClaimsRepository, type ClaimRow } from './claims.repository';

const HOUR_MS = 3_600_000;

/** The address of a claim photo (its parties and staff); the file name versions it. */
export function claimPhotoUrl(claimId: number, position: number, fileName: string): string {
  return `/api/claims/${claimId}/photos/${position}?v=${fileName.slice(0, 8)}`;
}

/**
 * Damage claims (docs/product.md "Damage claims", decision 0036). The lender of a member's piece
 * opens one within CLAIM_WINDOW_HOURS of the return, with photos (checked like a listing's) and
 * an amount up to the piece's retail price; one per rental (unique). Staff decide on the desk:
 * upholding charges the renter's card through the payments ledger (purpose 'damage_claim') and,
 * once the charge goes through, credits the lender (payouts read it); rejecting releases the
 * held earning. Each decision is audited; both parties are notified each time.
 */
export function createClaimsService(
  ctx: AppContext,
  deps: {
    payments: PaymentsService;
    notifications: NotificationsService;
    plans: PlansService;
    core: BookingsCore;
    /** Decision 0068: one credit per rental's damage; the deposit captured by an upheld claim, released by a rejected one. */
    deposits?: Pick<DepositMoves, 'creditOnce' | 'captureFor' | 'release' | 'run'>;
  },
) {
  const { db } = ctx.database;
  const repo = createClaimsRepository(db);
  const audit = createAuditRepository(db);
  const { payments, notifications, plans, core } = deps;
  const log = ctx.logger.child({ feature: 'claims' });
  const nowIso = () => ctx.clock().toISOString();

  payments.onSettle('damage_claim', async (trx, entry, outcome) => {
    await repo.setCharge(trx, Number(entry.context.claimId), {
      entryId: entry.id,
      status: outcome.status === 'succeeded' ? 'charged' : 'failed',
    });
  });

  async function shape(rows: ClaimRow[]): Promise<Claim[]> {
    const photos = await repo.photosOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      rentalId: r.rental_id,
      itemId: r.item_id,
      itemName: r.item_name,
      retailPriceCents: r.retail_price_cents,
      amountCents: r.amount_cents,
      description: r.description,
      status: r.status as ClaimStatus,
      note: r.note,
      chargeStatus: r.charge_status as ClaimChargeStatus | null,
      createdAt: r.created_at,
      decidedAt: r.decided_at,
      returnedAt: r.returned_at ?? r.created_at,
      photos: photos
        .filter((p) => p.claim_id === r.id)
        .map((p) => ({ url: claimPhotoUrl(p.claim_id, p.position, p.file_name), width: p.width, height: p.height })),
    }));
  }

  async function deskShape(rows: ClaimRow[]): Promise<DeskClaim[]> {
    const base = await shape(rows);
    const users = new Map(
      (
        await repo.usersOf([
          ...new Set(rows.flatMap((r) => [r.lender_id, r.renter_id, ...(r.decided_by ? [r.decided_by] : [])])),
        ])
      ).map((u) => [u.id, u]),
    );
    const person = (id: string) => ({
      id,
      name: users.get(id)?.name ?? 'Deleted account',
      email: users.get(id)?.email ?? '',
    });
    return rows.map((r, i) => ({
      ...base[i]!,
      lender: person(r.lender_id),
      renter: person(r.renter_id),
      decidedBy: r.decided_by ? (users.get(r.decided_by)?.email ?? r.decided_by) : null,
    }));
  }

  async function checkRental(lenderId: string, input: Pick<ClaimInput, 'rentalId' | 'amountCents'>) {
    const rental = await repo.lenderRental(input.rentalId, lenderId);
    if (!rental || rental.cancelled_at) throw notFound('Rental not found');
    if (rental.lending_mode === 'managed') throw new DomainError('CONFLICT', CLAIM_MESSAGES.managed);
    if (!rental.returned_at) throw new DomainError('CONFLICT', CLAIM_MESSAGES.notReturned);
    if (ctx.clock().getTime() - new Date(rental.returned_at).getTime() > CLAIM_WINDOW_HOURS * HOUR_MS)
      throw new DomainError('CONFLICT', CLAIM_MESSAGES.windowClosed, { details: { returnedAt: rental.returned_at } });
    if (input.amountCents > rental.retail_price_cents) {
      throw new DomainError('VALIDATION_FAILED', CLAIM_MESSAGES.overRetail, {
        issues: [
          { path: 'amountCents', message: `${CLAIM_MESSAGES.overRetail} (${formatCents(rental.retail_price_cents)})` },
        ],
      });
    }
    return rental;
  }

  /** The renter's charge for an upheld claim, in the ledger (run after the commit); its entry id. */
  async function recordCharge(
    trx: Kysely<DB>,
    claim: ClaimRow,
    card: NonNullable<Awaited<ReturnType<PlansService['cardForCharge']>>>,
    idempotencyKey: string,
  ): Promise<number> {
    const entry = await payments.record(trx, {
      userId: claim.renter_id,
      purpose: 'damage_claim',
      kind: 'charge',
      // The deposit's part was captured from it (decision 0068): the card is charged the rest.
      amountCents: claim.amount_cents - claim.deposit_captured_cents,
      description: `Damage claim upheld: ${claim.item_name}`,
      idempotencyKey,
      rentalId: claim.rental_id,
      card,
      context: { claimId: claim.id },
    });
    return entry.id;
  }

  /** Sends a recorded charge to the provider after its commit; without an answer, the payments recovery sends it again. */
  async function runCharge(entryId: number, claimId: number): Promise<void> {
    try {
      await payments.run(entryId);
    } catch (err) {
      log.warn({ err, claimId }, 'claim charge not answered in the request: the payments recovery performs it');
    }
  }

  async function decide(
    staff: SessionUser,
    claimId: number,
    decision: 'upheld' | 'rejected',
    note: string,
    requestId: string | null,
  ): Promise<DeskClaim> {
    const at = nowIso();
    const { chargeEntry, moves } = await db.transaction().execute(async (trx) => {
      const before = await repo.find(claimId, trx);
      if (!before) throw notFound('Claim not found');
      if (!(await repo.decide(trx, claimId, { status: decision, by: staff.id, at, note })))
        throw new DomainError('CONFLICT', CLAIM_MESSAGES.notOpen);
      let entryId: number | null = null;
      let moves: Parameters<DepositMoves['run']>[0] = [];
      if (decision === 'upheld') {
        // One credit per rental (refused after damage recorded by the desk), then the deposit first.
        // The rental's lock first, as recording damage takes it: the two never wait on each other in a cycle.
        await core.lock(trx, { rentalId: before.rental_id });
        await deps.deposits?.creditOnce(trx, before.rental_id, 'claim', claimId, at);
        const taken = await deps.deposits?.captureFor(trx, before.rental_id, before.amount_cents, staff.id, at);
        const fromDeposit = taken?.fromDeposit ?? 0;
        moves = [taken?.entry];
        await repo.setDepositCaptured(trx, claimId, fromDeposit);
        const card = await plans.cardForCharge(before.renter_id, trx);
        if (fromDeposit === before.amount_cents) {
          await repo.setCharge(trx, claimId, { entryId: null, status: 'charged' });
        } else if (card) {
          const claim = { ...before, deposit_captured_cents: fromDeposit };
          entryId = await recordCharge(trx, claim, card, `claim:${claimId}:charge`);
          await repo.setCharge(trx, claimId, { entryId, status: 'pending' });
        } else {
          await repo.setCharge(trx, claimId, { entryId: null, status: 'failed' });
        }
      } else moves = [await deps.deposits?.release(trx, before.rental_id, staff.id, at, 'claim rejected')];
      await audit.record(trx, {
        actor: staffActor(staff),
        action: decision === 'upheld' ? 'claim.uphold' : 'claim.reject',
        subjectType: 'claim',
        subjectId: claimId,
        before: { status: before.status },
        after: { status: decision, note, amountCents: before.amount_cents, rentalId: before.rental_id },
        requestId,
        at,
      });
      for (const [party, userId] of [
        ['lender', before.lender_id],
        ['renter', before.renter_id],
      ] as const) {
        await notifications.notify(trx, {
          kind: 'claim_decided',
          subjectType: 'claim',
          subjectId: String(claimId),
          userId,
          data: {
            itemName: before.item_name,
            amount: formatCents(before.amount_cents),
            party,
            upheld: decision === 'upheld',
            note,
          },
        });
      }
      return { chargeEntry: entryId, moves };
    });
    await deps.deposits?.run(moves);
    if (chargeEntry !== null) await runCharge(chargeEntry, claimId);
    log.info({ claimId, decision, staffId: staff.id, requestId }, 'claim decided');
    return (await deskShape([(await repo.find(claimId))!]))[0]!;
  }

  /**
   * Charges an upheld claim again after its charge failed (no card then, or a declined one): the
   * renter's card on file now, under a new idempotency key per failed attempt. Of several clicks
   * at once one moves the claim from failed to pending (a conditional update); audited.
   */
  async function retryCharge(staff: SessionUser, claimId: number, requestId: string | null): Promise<DeskClaim> {
    const at = nowIso();
    const entryId = await db.transaction().execute(async (trx) => {
      const before = await repo.find(claimId, trx);
      if (!before) throw notFound('Claim not found');
      if (before.status !== 'upheld' || before.charge_status !== 'failed')
        throw new DomainError('CONFLICT', CLAIM_MESSAGES.nothingToRetry, {
          details: { chargeStatus: before.charge_status },
        });
      const card = await plans.cardForCharge(before.renter_id, trx);
      if (!card) throw new DomainError('CONFLICT', CLAIM_MESSAGES.renterHasNoCard);
      const failed = await repo.retryCharge(trx, claimId);
      if (!failed) throw new DomainError('CONFLICT', CLAIM_MESSAGES.nothingToRetry);
      const entryId = await recordCharge(
        trx,
        before,
        card,
        `claim:${claimId}:charge:after:${failed.charge_entry_id ?? 'no-card'}`,
      );
      await repo.setCharge(trx, claimId, { entryId, status: 'pending' });
      await audit.record(trx, {
        actor: staffActor(staff),
        action: 'claim.retry_charge',
        subjectType: 'claim',
        subjectId: claimId,
        before: { chargeStatus: 'failed', entryId: failed.charge_entry_id },
        after: { chargeStatus: 'pending', entryId, amountCents: before.amount_cents },
        requestId,
        at,
      });
      return entryId;
    });
    await runCharge(entryId, claimId);
    log.info({ claimId, staffId: staff.id, requestId }, 'claim charge retried');
    return (await deskShape([(await repo.find(claimId))!]))[0]!;
  }

  return {
    /** Whether a claim on the rental is open: the lending feature lets staff read its thread then. */
    hasOpenClaim: (rentalId: number): Promise<boolean> => repo.hasOpen(rentalId),

    /** Her rentals she may still claim on. */
    async claimable(lenderId: string): Promise<ClaimableRental[]> {
      const since = new Date(ctx.clock().getTime() - CLAIM_WINDOW_HOURS * HOUR_MS).toISOString();
      return (await repo.claimable(lenderId, since)).map((r) => ({
        rentalId: r.id,
        itemId: r.item_id,
        itemName: r.name,
        retailPriceCents: r.retail_price_cents,
        returnedAt: r.returned_at!,
        claimUntil: new Date(new Date(r.returned_at!).getTime() + CLAIM_WINDOW_HOURS * HOUR_MS).toISOString(),
      }));
    },

    /** 404 / 409 / 400 for a claim that cannot be opened, before the photos are read. */
    checkRental,

    /** Opens a claim with its photos; both parties are notified. */
    async open(lenderId: string, input: ClaimInput, files: UploadedFile[]): Promise<Claim> {
      const rental = await checkRental(lenderId, input);
      if (files.length === 0)
        throw new DomainError('VALIDATION_FAILED', CLAIM_MESSAGES.noPhoto, {
          issues: [{ path: 'photos', message: CLAIM_MESSAGES.noPhoto }],
        });
      if (files.length > MAX_CLAIM_PHOTOS)
        throw new DomainError('VALIDATION_FAILED', CLAIM_MESSAGES.tooManyPhotos, {
          issues: [{ path: 'photos', message: CLAIM_MESSAGES.tooManyPhotos }],
        });
      const images = await preparePhotos(files);
      let claimId: number;
      try {
        claimId = await withStoredPhotos(ctx.storage, images, ctx.logger, async (names) => {
          const at = nowIso();
          return db.transaction().execute(async (trx) => {
            // The rental's row lock, taken through the bookings core (decision 0053).
            await core.lock(trx, { rentalId: rental.id });
            const id = await repo.insert(trx, {
              rental_id: rental.id,
              lender_id: lenderId,
              renter_id: rental.user_id,
              item_id: rental.item_id,
              amount_cents: input.amountCents,
              description: input.description,
              created_at: at,
            });
            await repo.insertPhotos(
              trx,
              images.map((img, i) => ({
                claim_id: id,
                position: i,
                file_name: names[i]!,
                content_type: img.contentType,
                width: img.width,
                height: img.height,
                bytes: img.data.length,
                created_at: at,
              })),
            );
            for (const [party, userId] of [
              ['lender', lenderId],
              ['renter', rental.user_id],
            ] as const) {
              await notifications.notify(trx, {
                kind: 'claim_opened',
                subjectType: 'claim',
                subjectId: String(id),
                userId,
                data: { itemName: rental.name, amount: formatCents(input.amountCents), party },
              });
            }
            return id;
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('CONFLICT', CLAIM_MESSAGES.already);
        throw err;
      }
      return (await shape([(await repo.find(claimId))!]))[0]!;
    },

    /** Claims she is a party to (as lender or renter). */
    async mine(userId: string): Promise<Claim[]> {
      return shape(await repo.ofParty(userId));
    },

    /** A claim photo's bytes, for its two parties and staff. */
    async photo(
      claimId: number,
      position: number,
      viewer: { id: string; role: string },
    ): Promise<{ data: Buffer; contentType: string } | null> {
      const row = await repo.photoAt(claimId, position);
      if (!row || !(viewer.role === 'staff' || viewer.id === row.lender_id || viewer.id === row.renter_id)) return null;
      const data = await ctx.storage.get(row.file_name);
      return data ? { data, contentType: row.content_type } : null;
    },

    async desk(status: ClaimStatus): Promise<DeskClaim[]> {
      return deskShape(await repo.byStatus(status));
    },

    async deskOne(claimId: number): Promise<DeskClaim> {
      const row = await repo.find(claimId);
      if (!row) throw notFound('Claim not found');
      return (await deskShape([row]))[0]!;
    },

    uphold: (staff: SessionUser, claimId: number, note: string, requestId: string | null) =>
      decide(staff, claimId, 'upheld', note, requestId),
    reject: (staff: SessionUser, claimId: number, note: string, requestId: string | null) =>
      decide(staff, claimId, 'rejected', note, requestId),
    retryCharge,
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
