import { startDateProblem, type Rental } from '../../../domain/rentals';
import {
  WAITLIST_HOLD_HOURS,
  WAITLIST_MESSAGES,
  WAITLIST_STATUSES,
  type ConfirmHoldInput,
  type JoinWaitlistInput,
  type WaitlistEntry,
  type WaitlistStatus,
} from '../../../domain/waitlist';
import { handoffOf } from '../../../domain/availability';
import type { AppContext } from '../../context';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { DomainError, notFound } from '../../../domain/errors';
import { QUEUES } from '../../jobs/queues';
import type { BookingsCore } from '../bookings';
import type { CatalogueService, ItemPicturesService } from '../catalogue';
import type { NotificationsService } from '../notifications';
import type { PlansService } from '../plans';
import type { RentalsService } from '../rentals';
import { createWaitlistRepository, type WaitlistRow } from './waitlist.repository';

/** True for a unique-constraint violation on SQLite or PostgreSQL. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Thrown inside an offer's transaction to roll it back when the entry stopped waiting meanwhile. */
class NoLongerWaiting extends Error {}

const invalid = (path: string, message: string) =>
  new DomainError('VALIDATION_FAILED', `Invalid body: ${path} ${message}`, { issues: [{ path, message }] });

/**
 * The waitlist (docs/product.md "Waitlist", decision 0034). A member joins for a size sold out for
 * her dates. The sweep (a durable job, sent by whatever frees a unit and every minute by the
 * scheduler) expires holds not confirmed in 24 hours and offers free units to those waiting, first
 * come first: a hold is a booking of the unit (so availability counts it like any rental) made in
 * the transaction that moves the entry from waiting to held (a conditional update), with her
 * notification. Confirming books through the rentals service, claiming the hold in the booking's
 * transaction (held -> booked, once).
 */
export function createWaitlistService(
  ctx: AppContext,
  deps: {
    catalogue: CatalogueService;
    rentals: RentalsService;
    notifications: NotificationsService;
    pictures: ItemPicturesService;
    plans: PlansService;
    core: BookingsCore;
  },
) {
  const { db } = ctx.database;
  const repo = createWaitlistRepository(db);
  const { pictures } = deps;
  const { catalogue, rentals, notifications, core } = deps;
  const log = ctx.logger.child({ feature: 'waitlist' });
  const nowIso = () => ctx.clock().toISOString();
  const today = () => ctx.today();

  async function toEntries(rows: WaitlistRow[]): Promise<WaitlistEntry[]> {
    const pics = await pictures.forIds(rows.map((r) => r.item_id));
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        itemId: r.item_id,
        name: r.name,
        brand: r.brand,
        imageUrl: pics.get(r.item_id)?.imageUrl ?? '',
        size: r.size,
        startDate: r.start_date,
        returnDate: r.end_date,
        status: (WAITLIST_STATUSES as readonly string[]).includes(r.status) ? (r.status as WaitlistStatus) : 'waiting',
        position: r.status === 'waiting' ? await repo.position(r.item_id, r.size, r.id) : null,
        createdAt: r.created_at,
        holdExpiresAt: r.status === 'held' ? r.hold_expires_at : null,
        rentalId: r.rental_id,
      })),
    );
  }

  async function own(id: number, userId: string): Promise<WaitlistRow> {
    const row = await repo.forUser(id, userId);
    if (!row) throw notFound('Waitlist entry not found');
    return row;
  }

  /** Holds a free unit for a waiting entry; false when none is free for its dates (or it stopped waiting). */
  async function offer(e: WaitlistRow): Promise<boolean> {
    const held = catalogue.occupancy(e.start_date, e.end_date, 'delivery');
    if (!(await catalogue.hasFreeUnit(e.item_id, e.size, held))) return false;
    const at = nowIso();
    const expires = new Date(ctx.clock().getTime() + WAITLIST_HOLD_HOURS * 3_600_000).toISOString();
    try {
      return await db.transaction().execute(async (trx) => {
        // The item's lock, then the unit's (freeUnitFor): the order a booking takes them in.
        await core.lock(trx, { itemId: e.item_id });
        const item = await repo.item(trx, e.item_id);
        if (!item || item.status !== 'active') return false;
        const unitId = await core.freeUnitFor(trx, e.item_id, e.size, held);
        if (unitId === null) return false;
        const bookingId = await core.hold(trx, {
          unit_id: unitId,
          item_id: e.item_id,
          start_date: held.start,
          end_date: held.end,
          created_at: at,
        });
        if (!(await repo.hold(trx, e.id, bookingId, at, expires))) throw new NoLongerWaiting();
        await notifications.notify(trx, {
          kind: 'waitlist_hold',
          subjectType: 'waitlist',
          subjectId: String(e.id),
          userId: e.user_id,
          data: {
            itemId: e.item_id,
            itemName: e.name,
            size: e.size,
            startDate: e.start_date,
            returnDate: e.end_date,
            expiresAt: expires,
          },
        });
        return true;
      });
    } catch (err) {
      if (err instanceof NoLongerWaiting) return false;
      throw err;
    }
  }

  async function sweepSoon(trx: Kysely<DB>): Promise<void> {
    await ctx.jobs.send(QUEUES.waitlistSweep.name, {}, { trx, singletonKey: 'sweep' });
  }

  /** Books the entry's piece through the rentals service, claiming her hold in the booking's transaction. */
  function bookHeld(userId: string, id: number, e: WaitlistRow, input: ConfirmHoldInput): Promise<Rental> {
    return rentals.book(
      userId,
      {
        itemId: e.item_id,
        size: e.size as Parameters<RentalsService['book']>[1]['size'],
        startDate: e.start_date,
        endDate: e.end_date,
        ...input,
      },
      {
        async claim(trx) {
          const at = nowIso();
          const claimed = await repo.claimHold(trx, id, userId, at);
          if (!claimed) throw new DomainError('CONFLICT', WAITLIST_MESSAGES.notHeld);
          if (claimed.hold_booking_id !== null) await core.release(trx, claimed.hold_booking_id, at);
        },
        async attach(trx, rentalId) {
          await repo.attachRental(trx, id, rentalId);
        },
      },
    );
  }

  // A declined card after 'Confirm' (docs/product.md "Waitlist"): the hold is hers again until
  // its time is up, on the same unit if nobody has taken it meanwhile; otherwise she waits again
  // in her place. Runs in the settlement's transaction, before the rental is deleted.

  return {
    /**
     * A booking made from her hold was declined for its card (the rentals feature tells, in the
     * settlement's transaction): the hold is hers again until it expires, or her place in line.
     */
    async bookingDeclined(trx: Kysely<DB>, rentalId: number): Promise<void> {
      const e = await repo.bookedFrom(trx, rentalId);
      if (!e) return;
      const at = nowIso();
      // The item's lock first, as a booking and an offer take it: no booking of the piece runs meanwhile.
      await core.lock(trx, { itemId: e.item_id });
      const inTime = (e.hold_expires_at ?? '') > at && !(await repo.hasLiveTwin(trx, e));
      if (
        inTime &&
        e.hold_booking_id !== null &&
        (await repo.holdUnitFree(trx, e.hold_booking_id, rentalId)) &&
        (await repo.reHold(trx, e.id, e.hold_booking_id))
      ) {
        await core.unrelease(trx, e.hold_booking_id);
        return;
      }
      await repo.unbook(trx, e.id, inTime ? 'waiting' : 'expired', at);
      await sweepSoon(trx);
    },

    async list(userId: string): Promise<WaitlistEntry[]> {
      return toEntries(await repo.listLive(userId));
    },

    /** Joins the waitlist for a size that is sold out for the dates (409 when a unit is free: book it). */
    async join(userId: string, input: JoinWaitlistInput): Promise<WaitlistEntry> {
      const problem = startDateProblem(input.startDate, today());
      if (problem) throw invalid('startDate', problem);
      const item = await catalogue.getItem(input.itemId);
      if (!(item.sizes as string[]).includes(input.size))
        throw invalid('size', `must be one of ${item.sizes.join(', ')}`);
      const handoff = handoffOf((await deps.plans.getPickup(userId)).option);
      if (
        await catalogue.hasFreeUnit(
          input.itemId,
          input.size,
          catalogue.occupancy(input.startDate, input.endDate, handoff),
        )
      ) {
        throw new DomainError('CONFLICT', WAITLIST_MESSAGES.available, { details: { action: 'book' } });
      }
      let id: number;
      try {
        id = await repo.insert({
          user_id: userId,
          item_id: input.itemId,
          size: input.size,
          start_date: input.startDate,
          end_date: input.endDate,
          created_at: nowIso(),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('CONFLICT', WAITLIST_MESSAGES.already);
        throw err;
      }
      return (await toEntries([await own(id, userId)]))[0]!;
    },

    /** Leaves the list; a unit held for her goes to the next member waiting. */
    async leave(userId: string, id: number): Promise<WaitlistEntry> {
      await own(id, userId);
      await db.transaction().execute(async (trx) => {
        const left = await repo.leave(trx, id, userId, nowIso());
        if (!left) throw new DomainError('CONFLICT', 'You are no longer on this waitlist.');
        // The update returns the row as it is now ('left'): a hold booking means she was held.
        if (left.hold_booking_id !== null) {
          await core.release(trx, left.hold_booking_id, nowIso());
          await sweepSoon(trx);
        }
      });
      return (await toEntries([await own(id, userId)]))[0]!;
    },

    /**
     * Books the piece held for her, as a normal booking (payment included): the hold is claimed in
     * the booking's transaction (held -> booked, only before it expires), so of twenty clicks at
     * once one books it and the others are told it is no longer held.
     */
    async confirm(userId: string, id: number, input: ConfirmHoldInput): Promise<Rental> {
      const e = await own(id, userId);
      if (e.status !== 'held' || (e.hold_expires_at ?? '') <= nowIso())
        throw new DomainError('CONFLICT', WAITLIST_MESSAGES.notHeld, { details: { status: e.status } });
      try {
        return await bookHeld(userId, id, e, input);
      } catch (err) {
        // The decline gave her hold back (above): say until when, and send her back here after the card.
        if (!(err instanceof DomainError) || err.code !== 'PAYMENT_DECLINED') throw err;
        const after = await repo.forUser(id, userId);
        if (after?.status !== 'held' || !after.hold_expires_at) throw err;
        throw new DomainError(
          'PAYMENT_DECLINED',
          `${err.message} ${WAITLIST_MESSAGES.stillHeld(after.hold_expires_at)}`,
          {
            details: {
              ...err.details,
              holdExpiresAt: after.hold_expires_at,
            },
          },
        );
      }
    },

    /**
     * The durable job's work: holds past their 24 hours expire (the unit goes back), waiting
     * entries whose dates have begun end, and every free unit is offered to the first member
     * waiting for it. Idempotent: each step is a conditional update.
     */
    async sweep(): Promise<{ expired: number; held: number }> {
      let expired = 0;
      for (const due of await repo.heldDue(nowIso())) {
        const done = await db.transaction().execute(async (trx) => {
          const at = nowIso();
          const row = await repo.expire(trx, due.id, at);
          if (!row) return false;
          if (row.hold_booking_id !== null) await core.release(trx, row.hold_booking_id, at);
          return true;
        });
        if (done) expired += 1;
      }
      await repo.expireStale(today(), nowIso());
      let held = 0;
      for (const e of await repo.waiting()) {
        try {
          if (await offer(e)) held += 1;
        } catch (err) {
          log.error({ err, entryId: e.id }, 'waitlist offer failed');
        }
      }
      if (expired || held) log.info({ expired, held }, 'waitlist sweep');
      return { expired, held };
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
