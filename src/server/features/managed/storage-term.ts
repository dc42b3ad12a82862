import { addDays } from '../../../domain/calendar';
import { DomainError, notFound } from '../../../domain/errors';
import { MANAGED_MESSAGES, renewFrom, storageTermEnd } from '../../../domain/managed-lending';
import type { AppContext } from '../../context';
import { requestReturnLabel } from './labels';
import type { ManagedDeps } from './managed.service';
import { placeOf, termEndOf } from './managed-view';
import { createManagedRepository, type IntakeRow } from './managed.repository';

const conflict = (message: string) => new DomainError('CONFLICT', message);

/**
 * The storage term of a managed piece (docs/product.md "Lending: two ways", decision 0070). It
 * ends MANAGED_STORAGE_MONTHS after the desk put the piece live. STORAGE_REMINDER_DAYS before,
 * she is told by e-mail (once per term) and can renew it for another term; if she does not, on
 * the day it ends the piece is asked back for her, as her own recall would be, at no cost: it
 * leaves the catalogue, bookings already made are honoured, and it goes back by the way it came
 * (a parcel to the address it was collected from, or the studio it was dropped at). The job
 * (`sweep`, queue managedStorageTerms) may run any number of times: each reminder and each end
 * is a conditional update, the end under the item's lock, so it happens once per piece.
 */
export function createStorageTerm(ctx: AppContext, deps: ManagedDeps) {
  const { db } = ctx.database;
  const repo = createManagedRepository(db);
  const { core, notifications } = deps;
  const months = () => ctx.env.managedStorageMonths;

  async function remind(i: IntakeRow & { item_name: string }, endsOn: string, at: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.remindTerm(trx, i.id, at))) return false;
      await notifications.notify(trx, {
        kind: 'managed_term_ending',
        subjectType: 'storage-term',
        subjectId: `${i.id}:${endsOn}`,
        userId: i.owner_id,
        data: { itemName: i.item_name, endsOn, months: months() },
      });
      return true;
    });
  }

  async function end(i: IntakeRow & { item_name: string }, endsOn: string, at: string): Promise<boolean> {
    const studios = await deps.studios(); // read before the transaction (SQLite has one connection)
    const today = ctx.today();
    return db.transaction().execute(async (trx) => {
      await core.lock(trx, { itemId: i.item_id });
      const now = await repo.intake(i.id, trx);
      // Renewed, ended or recalled meanwhile: nothing to do.
      if (!now || now.term_ended_at || termEndOf(now, months()) !== endsOn) return false;
      if (!(await repo.moveItem(trx, i.item_id, ['active'], 'recalled'))) return false;
      if (!(await repo.endTerm(trx, i.id, at))) throw conflict(MANAGED_MESSAGES.recallTaken);
      const until = await repo.bookedUntil(i.item_id, trx);
      const back = {
        item_id: i.item_id,
        owner_id: i.owner_id,
        reason: 'recall',
        term_end: 1,
        method: i.method === 'pickup' ? 'parcel' : 'studio',
        day: until && until >= today ? addDays(until, 1) : today,
        address: i.method === 'pickup' ? i.address : null,
        studio_id: i.method === 'pickup' ? null : i.studio_id,
        status: 'waiting',
        label_status: 'none',
        created_at: at,
      };
      const id = await repo.insertRecall(trx, back);
      if (back.method === 'parcel') await requestReturnLabel(trx, id);
      await notifications.notify(trx, {
        kind: 'managed_term_ended',
        subjectType: 'intake',
        subjectId: String(i.id),
        userId: i.owner_id,
        data: {
          itemName: i.item_name,
          day: back.day,
          method: back.method as 'parcel' | 'studio',
          place: placeOf(back, studios),
        },
      });
      return true;
    });
  }

  return {
    /** The job: each live piece's reminder when its term ends within STORAGE_REMINDER_DAYS, and its end when the day has come. */
    async sweep(): Promise<{ reminded: number; ended: number }> {
      const today = ctx.today();
      const at = ctx.clock().toISOString();
      let reminded = 0;
      let ended = 0;
      for (const i of await repo.liveTerms()) {
        const endsOn = termEndOf(i, months());
        if (!endsOn) continue;
        if (today >= endsOn) ended += Number(await end(i, endsOn, at));
        else if (today >= renewFrom(endsOn) && !i.term_reminded_at) reminded += Number(await remind(i, endsOn, at));
      }
      return { reminded, ended };
    },

    /** She keeps it with us for another term: from STORAGE_REMINDER_DAYS before the term ends until it ends. */
    async renew(ownerId: string, itemId: number): Promise<string> {
      const at = ctx.clock().toISOString();
      const today = ctx.today();
      return db.transaction().execute(async (trx) => {
        await core.lock(trx, { itemId });
        const piece = await repo.piece(itemId, trx);
        if (!piece || piece.owner_id !== ownerId || piece.status === 'removed') throw notFound('Listing not found');
        const intake = await repo.latestIntake(itemId, trx);
        const endsOn = intake?.status === 'live' && !intake.term_ended_at ? termEndOf(intake, months()) : null;
        if (piece.lending_mode !== 'managed' || piece.status !== 'active' || !intake || !endsOn || today >= endsOn)
          throw conflict(MANAGED_MESSAGES.renewNotLive);
        if (today < renewFrom(endsOn)) throw conflict(MANAGED_MESSAGES.renewTooEarly(renewFrom(endsOn)));
        const next = storageTermEnd(endsOn, months());
        // Two renewals at once: the first moves the end on; the second finds it moved and renews nothing more.
        if (!(await repo.renewTerm(trx, intake.id, intake.term_ends_on, next, at)))
          throw conflict(MANAGED_MESSAGES.renewTooEarly(renewFrom(next)));
        return next;
      });
    },
  };
}

export type StorageTerm = ReturnType<typeof createStorageTerm>;
