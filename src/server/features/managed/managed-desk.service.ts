import type { Kysely } from 'kysely';
import { DomainError, notFound } from '../../../domain/errors';
import { MANAGED_MESSAGES, storageTermEnd, type DeskBoard, type IntakeCheck } from '../../../domain/managed-lending';
import type { AuditAction } from '../../../domain/ops';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { SessionUser } from '../../http/types';
import { createAuditRepository } from '../audit';
import { photoUrl } from '../catalogue';
import type { ManagedDeps } from './managed.service';
import { buyLabel, labelOf, requestReturnLabel, returnParcel } from './labels';
import { placeOf, termEndOf } from './managed-view';
import { createManagedRepository, type IntakeRow } from './managed.repository';

const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

/**
 * The desk's side of managed lending (decision 0062): the "Incoming from members" list, the
 * pieces in storage with their owner and the recalls to send back; receiving, checking against
 * her photos (or rejecting: it goes back to her), cleaning and putting live, sending back. Each
 * step is a conditional move (taken once) audited in its transaction, and told to her.
 */
export function createManagedDeskService(ctx: AppContext, deps: ManagedDeps) {
  const { db } = ctx.database;
  const repo = createManagedRepository(db);
  const audit = createAuditRepository(db);
  const { core, notifications } = deps;
  const nowIso = () => ctx.clock().toISOString();
  const actor = (s: SessionUser) => ({ kind: 'staff' as const, id: s.id, email: s.email });

  /** One intake step: from `from` to the next status, audited, in one transaction with `more`. */
  async function step(
    staff: SessionUser,
    intakeId: number,
    from: string,
    action: AuditAction,
    set: Parameters<typeof repo.moveIntake>[3],
    requestId: string | null,
    more?: (trx: Kysely<DB>, i: IntakeRow) => Promise<void>,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const intake = await repo.intake(intakeId, trx);
      if (!intake) throw notFound('Intake not found');
      await core.lock(trx, { itemId: intake.item_id });
      if (!(await repo.moveIntake(trx, intakeId, from, set)))
        throw conflict(MANAGED_MESSAGES.wrongStep((await repo.intake(intakeId, trx))?.status ?? 'gone'), {
          status: intake.status,
        });
      await audit.record(trx, {
        actor: actor(staff),
        action,
        subjectType: 'listing',
        subjectId: intake.item_id,
        before: { intakeId, status: intake.status },
        after: { intakeId, ...set },
        requestId,
        at: set.updated_at,
      });
      if (more) await more(trx, intake);
    });
  }

  return {
    async board(): Promise<DeskBoard> {
      const [incoming, stored, recalls, studios] = await Promise.all([
        repo.incoming(),
        repo.stored(),
        repo.recallsWaiting(),
        deps.studios(),
      ]);
      const today = ctx.today();
      const pickups = await deps.parcels.managed.ofIntakes(incoming.map((i) => i.id));
      const photos = new Map(
        await Promise.all(
          incoming.map(
            async (i) =>
              [
                i.item_id,
                (await repo.photoNames(i.item_id)).map((p) => photoUrl(i.item_id, p.position, p.file_name)),
              ] as const,
          ),
        ),
      );
      const ready = await Promise.all(
        recalls.map(
          async (r) =>
            r.day <= today && !(await repo.bookedUntil(r.item_id)) && (await repo.allUnitsOnShelf(r.item_id)),
        ),
      );
      return {
        incoming: incoming.map((i) => ({
          id: i.id,
          itemId: i.item_id,
          itemName: i.item_name,
          ownerName: i.owner_name ?? 'A member',
          ownerEmail: i.owner_email ?? '',
          method: i.method,
          day: i.day,
          place: placeOf(i, studios),
          status: i.status as 'booked',
          ...labelOf(i.label_status, pickups.get(i.id)),
          photos: photos.get(i.item_id) ?? [],
          conditionNote: i.condition_note,
        })),
        stored: stored.map((s) => ({
          itemId: s.id,
          itemName: s.name,
          ownerName: s.owner_name ?? 'A member',
          ownerEmail: s.owner_email ?? '',
          liveSince: s.live_at ?? null,
          storedUntil: termEndOf(
            { term_ends_on: s.term_ends_on ?? null, live_at: s.live_at ?? null },
            ctx.env.managedStorageMonths,
          ),
        })),
        recalls: recalls.map((r, n) => ({
          id: r.id,
          itemId: r.item_id,
          itemName: r.item_name,
          ownerName: r.owner_name ?? 'A member',
          reason: r.reason,
          method: r.method,
          day: r.day,
          place: placeOf(r, studios),
          ready: ready[n]!,
          labelStatus: r.label_status,
          termEnd: r.term_end === 1,
        })),
      };
    },

    /** The piece arrived (collected, or dropped at a studio). */
    receive: (staff: SessionUser, intakeId: number, requestId: string | null) => {
      const at = nowIso();
      return step(
        staff,
        intakeId,
        'booked',
        'managed.receive',
        { status: 'received', received_at: at, updated_at: at },
        requestId,
      );
    },

    /** Checked against her photos: accepted (to cleaning), or rejected and sent back to her. */
    check: (staff: SessionUser, intakeId: number, input: IntakeCheck, requestId: string | null) => {
      const at = nowIso();
      if (input.accept)
        return step(
          staff,
          intakeId,
          'received',
          'managed.check',
          { status: 'checked', condition_note: input.note, checked_at: at, updated_at: at },
          requestId,
        );
      return step(
        staff,
        intakeId,
        'received',
        'managed.reject',
        { status: 'rejected', reject_reason: input.note, checked_at: at, updated_at: at },
        requestId,
        async (trx, intake) => {
          await repo.moveItem(trx, intake.item_id, ['intake'], 'recalled');
          const id = await repo.insertRecall(trx, {
            item_id: intake.item_id,
            owner_id: intake.owner_id,
            reason: 'rejected',
            method: intake.method === 'pickup' ? 'parcel' : 'studio',
            day: ctx.today(),
            address: intake.address,
            studio_id: intake.studio_id,
            status: 'waiting',
            label_status: 'none',
            created_at: at,
          });
          if (intake.method === 'pickup') await requestReturnLabel(trx, id);
          const piece = await repo.piece(intake.item_id, trx);
          await notifications.notify(trx, {
            kind: 'managed_rejected',
            subjectType: 'intake',
            subjectId: String(intakeId),
            userId: intake.owner_id,
            data: { itemName: piece?.name ?? 'your piece', reason: input.note },
          });
        },
      );
    },

    /** Cleaned: the piece goes live in the catalogue, booked at once from now on. */
    putLive: (staff: SessionUser, intakeId: number, requestId: string | null) => {
      const at = nowIso();
      return step(
        staff,
        intakeId,
        'checked',
        'managed.live',
        {
          status: 'live',
          live_at: at,
          term_ends_on: storageTermEnd(ctx.today(), ctx.env.managedStorageMonths),
          updated_at: at,
        },
        requestId,
        async (trx, intake) => {
          await repo.moveItem(trx, intake.item_id, ['intake'], 'active');
          const piece = await repo.piece(intake.item_id, trx);
          await notifications.notify(trx, {
            kind: 'managed_live',
            subjectType: 'intake',
            subjectId: String(intakeId),
            userId: intake.owner_id,
            data: { itemId: intake.item_id, itemName: piece?.name ?? 'your piece' },
          });
        },
      );
    },

    /**
     * Sends a recalled piece back (by parcel, or ready at the studio): only once no booking holds it
     * and its day has come. By parcel, its back_to_lender parcel is made in the transaction and its
     * label bought after the commit; a piece sent whose label failed gets it on a second send.
     */
    async sendBack(staff: SessionUser, recallId: number, requestId: string | null): Promise<void> {
      const at = nowIso();
      const studios = await deps.studios(); // read before the transaction (SQLite has one connection)
      const missing = await deps.parcels.managed.recallLabelMissing(recallId);
      if (missing !== null) return buyLabel(deps.parcels, missing); // sent, its label failed: asked again
      const parcelId = await db.transaction().execute(async (trx) => {
        const recall = await repo.recall(recallId, trx);
        if (!recall) throw notFound('Recall not found');
        await core.lock(trx, { itemId: recall.item_id });
        const until = await repo.bookedUntil(recall.item_id, trx);
        if (recall.status !== 'waiting') throw conflict(MANAGED_MESSAGES.wrongStep('already sent back'));
        if (until || recall.day > ctx.today() || !(await repo.allUnitsOnShelf(recall.item_id, trx)))
          throw conflict(MANAGED_MESSAGES.recallNotReady, { bookedUntil: until, day: recall.day });
        if (!(await repo.markRecallSent(trx, recallId, at)))
          throw conflict(MANAGED_MESSAGES.wrongStep('already sent back'));
        await repo.moveItem(trx, recall.item_id, ['recalled'], 'returned');
        const pid = recall.method === 'parcel' ? await returnParcel(trx, deps.parcels, recall, at) : null;
        await audit.record(trx, {
          actor: actor(staff),
          action: 'managed.send_back',
          subjectType: 'listing',
          subjectId: recall.item_id,
          before: { recallId, status: 'waiting' },
          after: { recallId, status: 'sent', method: recall.method, parcelId: pid },
          requestId,
          at,
        });
        const piece = await repo.piece(recall.item_id, trx);
        await notifications.notify(trx, {
          kind: 'managed_returned',
          subjectType: 'recall',
          subjectId: String(recallId),
          userId: recall.owner_id,
          data: {
            itemName: piece?.name ?? 'your piece',
            method: recall.method as 'parcel' | 'studio',
            place: placeOf(recall, studios),
          },
        });
        return pid;
      });
      if (parcelId !== null) await buyLabel(deps.parcels, parcelId);
    },
  };
}

export type ManagedDeskService = ReturnType<typeof createManagedDeskService>;
