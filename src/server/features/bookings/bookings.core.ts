import type { Kysely } from 'kysely';
import { handoffOf, heldUntilAfterCleaning } from '../../../domain/availability';
import { DomainError, notFound } from '../../../domain/errors';
import { OPS_MESSAGES } from '../../../domain/ops';
import { RENTAL_MESSAGES, daysLate, lateFeeCents } from '../../../domain/rentals';
import {
  UNIT_STATES,
  UNIT_TRANSITIONS,
  type Condition,
  type UnitAction,
  type UnitState,
} from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';
import type { CatalogueService } from '../catalogue';
import type { PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import { lock, lockItemForBooking } from './bookings.lock';
import { carrierMovesOf } from './carrier-moves';
import { lateClockStop, toDeskRental } from './desk-rental';
import * as holds from './holds.repository';
import { keepMovesOf } from './keep';
import { lateFeesOf } from './late-fees';
import { saleMovesOf } from './sale';
import * as rentalRows from './rental-rows';
import * as reads from './unit-reads';

type Db = Kysely<DB>;

export const asUnitState = (v: string | null | undefined): UnitState =>
  (UNIT_STATES as readonly string[]).includes(v ?? '') ? (v as UnitState) : 'available';
const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

/**
 * The bookings core (decision 0053): the only code that writes `item_units`, `bookings`,
 * `rentals` and `unit_states`, that is, which unit exists, which days it is held and where it
 * is. It owns the lock order (`lock`: item, then units, then rental) and the unit's state
 * machine (domain/unit-life.ts), and offers the moves the use-cases compose in their own
 * transactions: hold, release, extend, move to another unit, dispatch, receive, return, check
 * in, clean, retire. Rentals, lending requests, waitlist holds, the desk and account deletion
 * call it; none of them writes these tables.
 */
export function createBookingsCore(
  ctx: AppContext,
  deps: { catalogue: CatalogueService; plans: PlansService; payments: PaymentsService },
) {
  const { db } = ctx.database;
  const { catalogue } = deps;
  const rules = catalogue.availabilityRules;
  const log = ctx.logger.child({ feature: 'bookings' });
  const today = () => ctx.today();
  const nowIso = () => ctx.clock().toISOString();
  const lateFees = lateFeesOf({ plans: deps.plans, payments: deps.payments, log });
  lateFees.settleOutcomes();

  /**
   * A unit of the item's size with nothing held overlapping `held`, or null; the unit's row stays
   * locked to the end of the transaction. The caller has locked the item (`lock`: the item before
   * its units). PostgreSQL runs transactions side by side: each candidate is locked, then looked
   * at again, so two members booking the last unit at once cannot both get it (the second sees
   * the first's booking). SQLite runs them one at a time (the lock is dropped there).
   */
  async function freeUnitFor(
    trx: Db,
    itemId: number,
    size: string,
    held: { start: string; end: string },
  ): Promise<number | null> {
    for (const id of await catalogue.freeUnits(trx, itemId, size, held)) {
      await lock(trx, { unitIds: [id] });
      if (await catalogue.unitFree(trx, id, held)) return id;
    }
    return null;
  }

  /**
   * Moves the reservations (not dispatched yet) that the unit can no longer serve in [from, to) to
   * another unit of the same item and size that is free for their held days; those with no such
   * unit stay and show on the desk (their unit is not ready).
   */
  async function rehome(
    trx: Db,
    unitId: number,
    from: string,
    to: string,
  ): Promise<{ moved: number[]; stranded: number[] }> {
    const moved: number[] = [];
    const stranded: number[] = [];
    for (const r of await reads.reservationsOverlapping(trx, unitId, from, to)) {
      const other = await freeUnitFor(trx, r.item_id, r.size, { start: r.start_date, end: r.end_date });
      if (other !== null && other !== unitId) {
        await holds.moveReservation(trx, r.id, r.booking_id, other);
        moved.push(r.id);
      } else {
        stranded.push(r.id);
      }
    }
    if (stranded.length)
      log.warn({ unitId, stranded }, 'reservations left on a unit that cannot serve them: no other unit is free');
    return { moved, stranded };
  }

  /**
   * Sends a reservation's unit out (the desk's dispatch, the lender's send): its state row, the
   * conditional move from the shelf, then the rental's mark. `to` is `with_member` for a lender's
   * studio handover (then also received). Throws the desk's conflicts.
   */
  async function dispatch(
    trx: Db,
    r: reads.RentalView,
    by: string,
    at: string,
    to: 'dispatched' | 'with_member',
    unitConflict: () => Promise<DomainError>,
  ): Promise<void> {
    await holds.ensureState(trx, r.unit_id, at);
    if (!(await holds.moveUnit(trx, r.unit_id, UNIT_TRANSITIONS.dispatch.from, to, at, { rental_id: r.rental_id })))
      throw await unitConflict();
    if (!(await rentalRows.markDispatched(trx, r.rental_id, by, at))) throw conflict(OPS_MESSAGES.unitChanged);
    if (to === 'with_member' && !(await rentalRows.markReceived(trx, r.rental_id, at)))
      throw conflict(OPS_MESSAGES.unitChanged);
  }

  /** Checks a dispatched rental's state against a dispatch today (desk and lender alike). */
  function assertDispatchable(r: reads.RentalView): void {
    const day = today();
    if (r.dispatched_at || r.returned_at)
      throw conflict(OPS_MESSAGES.notDispatchable, { status: toDeskRental(r, day, ctx.dayOf).status });
    if (r.held_from > day) throw conflict(OPS_MESSAGES.tooEarlyToDispatch, { holdsFrom: r.held_from });
  }

  /**
   * Checks an out rental in, in `trx` (the unit's row locked by the caller): the unit moves to
   * `to` graded, the rental ends with its late days and fee (recorded in the ledger), and the unit
   * is held for the cleaning window from today, or with no end in repair; reservations it can no
   * longer serve move to another unit. Returns the fee and its ledger entry to run after the commit.
   */
  async function checkIn(
    trx: Db,
    r: reads.RentalView,
    v: { by: string; condition: Condition; note: string | null; to: 'cleaning' | 'repair'; at: string },
  ): Promise<{ days: number; fee: number; entryId: number | null }> {
    const day = today();
    const days = daysLate(r.end_date, lateClockStop(r, day, ctx.dayOf));
    const fee = lateFeeCents(days, r.rental_price_cents, r.retail_price_cents);
    const hold =
      v.to === 'repair'
        ? await holds.hold(trx, {
            unit_id: r.unit_id,
            item_id: r.item_id,
            start_date: day,
            end_date: holds.OPEN_END,
            created_at: v.at,
          })
        : null;
    const set = {
      condition: v.condition,
      note: v.note,
      rental_id: r.rental_id,
      ...(hold !== null ? { hold_booking_id: hold } : {}),
    };
    if (!(await holds.moveUnit(trx, r.unit_id, UNIT_TRANSITIONS.check_in.from, v.to, v.at, set, r.rental_id)))
      throw conflict(OPS_MESSAGES.unitChanged);
    const checkedIn = await rentalRows.markCheckedIn(trx, r.rental_id, {
      at: v.at,
      by: v.by,
      condition: v.condition,
      note: v.note,
      lateDays: days,
      feeCents: fee,
      feeStatus: fee > 0 ? 'due' : null,
    });
    if (!checkedIn) throw conflict(OPS_MESSAGES.unitChanged);
    const entryId = await lateFees.record(trx, r, days, fee);
    if (hold !== null) {
      // In repair: the hold with no end replaces the rental's days.
      await holds.release(trx, r.booking_id, v.at);
      await rehome(trx, r.unit_id, day, holds.OPEN_END);
    } else {
      // Cleaning: held until the window after today has passed (earlier than booked if she was early).
      const until = heldUntilAfterCleaning(day, rules);
      await holds.setHeldUntil(trx, r.booking_id, until);
      if (until > r.held_until) await rehome(trx, r.unit_id, r.held_until, until);
    }
    return { days, fee, entryId };
  }

  /**
   * Moves a unit by an action of the state machine (domain/unit-life.ts): its state row first,
   * then the conditional update from the states the action allows; a conflict naming the unit's
   * state when it was not in one of them.
   */
  async function moveByAction(
    trx: Db,
    unit: { id: number },
    action: UnitAction,
    to: UnitState,
    at: string,
    set: holds.UnitStateSet = {},
  ): Promise<void> {
    await holds.ensureState(trx, unit.id, at);
    if (!(await holds.moveUnit(trx, unit.id, UNIT_TRANSITIONS[action].from, to, at, set))) {
      const now = await reads.unitRow(trx, unit.id);
      throw conflict(
        `${UNIT_TRANSITIONS[action].label} is not possible: the unit is ${asUnitState(now?.state).replace('_', ' ')}`,
        { unitState: asUnitState(now?.state), action },
      );
    }
  }

  return {
    lock,
    lockItemForBooking,
    freeUnitFor,
    moveByAction,
    /* The writes, for the moves the use-cases compose (each takes their transaction). */
    hold: holds.hold,
    release: holds.release,
    unrelease: holds.unrelease,
    setHeldUntil: holds.setHeldUntil,
    stretchHold: holds.stretchHold,
    unstretchHold: holds.unstretchHold,
    addUnits: holds.addUnits,
    firstUnits: holds.firstUnits,
    ensureState: holds.ensureState,
    moveUnit: holds.moveUnit,
    book: rentalRows.book,
    deleteRental: rentalRows.deleteRental,
    endBeforeDispatch: rentalRows.endBeforeDispatch,
    recordCharge: rentalRows.recordCharge,
    extendRental: rentalRows.extendRental,
    markReceived: rentalRows.markReceived,
    waiveFee: rentalRows.waive,
    /* Reads of the core's tables that the moves and the desk share. */
    unit: (unitId: number, q: Db = db) => reads.unitRow(q, unitId),
    rental: (rentalId: number, q: Db = db) => reads.rentalView(q, rentalId),
    lateFee: (rentalId: number, q: Db = db) => reads.lateFee(q, rentalId),
    lateFees,
    rehome,
    dispatch,
    assertDispatchable,
    checkIn,
    /** Keep it (decision 0059): claim the unit's days from now on, give them back, end the rental as bought. */
    keepMoves: keepMovesOf({ rehome }),
    /** The pre-loved sale (decision 0066): offer a unit for sale (retired, out of the rentable stock), mark it sold. */
    saleMoves: saleMovesOf({ rehome }),
    /** What the carrier's tracking does to a piece (decision 0061): delivered to her, scanned on its way back. */
    carrierMoves: carrierMovesOf(),

    /**
     * The daily hold of units that are not back (decision 0031): a rental out past its return
     * date keeps its unit held to at least today + the cleaning window, and the reservations that
     * now collide with it move to another free unit when there is one. Idempotent.
     */
    async holdOverdueUnits(): Promise<{ held: number; moved: number; stranded: number }> {
      const till = heldUntilAfterCleaning(today(), rules);
      let held = 0;
      let moved = 0;
      let stranded = 0;
      for (const r of await reads.holdsToPush(db, till)) {
        await db.transaction().execute(async (trx) => {
          await lock(trx, { unitIds: [r.unit_id] });
          if (!(await reads.stillOut(trx, r.id)) || !(await holds.pushHold(trx, r.booking_id, till))) return;
          held += 1;
          const res = await rehome(trx, r.unit_id, r.end_date, till);
          moved += res.moved.length;
          stranded += res.stranded.length;
        });
      }
      if (held) log.info({ held, moved, stranded, till }, 'overdue units held');
      return { held, moved, stranded };
    },

    /* ---------------------------------------------------------------- the member's moves */

    /** The member marks a delivered piece received (optional: a piece not marked is with her from its start date). */
    async memberReceive(userId: string, rentalId: number): Promise<void> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const r = await reads.rentalView(trx, rentalId);
        if (!r || r.user_id !== userId) throw notFound('Rental not found');
        if (handoffOf(r.pickup_option) === 'pickup') throw conflict(RENTAL_MESSAGES.studioHandover);
        if (r.returned_at || r.checked_in_at) throw conflict(RENTAL_MESSAGES.alreadyReturned);
        if (!r.dispatched_at) throw conflict(RENTAL_MESSAGES.notDispatched);
        if (r.received_at) throw conflict(RENTAL_MESSAGES.alreadyReceived);
        // The unit's row first, then the rental's (the order every move takes).
        await holds.moveUnit(trx, r.unit_id, UNIT_TRANSITIONS.receive.from, 'with_member', at, {}, r.rental_id);
        if (!(await rentalRows.markReceived(trx, r.rental_id, at))) throw conflict(RENTAL_MESSAGES.alreadyReceived);
      });
    },

    /**
     * The member's 'Return': before dispatch it cancels the reservation and frees the unit at
     * once; after, it says she has sent the piece back (or dropped it at the studio): the unit
     * stays held until staff check it in, and late days stop counting.
     */
    async memberReturn(userId: string, rentalId: number): Promise<void> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const r = await reads.rentalView(trx, rentalId);
        if (!r || r.user_id !== userId) throw notFound('Rental not found');
        if (r.returned_at || r.checked_in_at) throw conflict(RENTAL_MESSAGES.alreadyReturned);
        if (!r.dispatched_at) {
          if (!(await rentalRows.endBeforeDispatch(trx, r.rental_id, r.booking_id, at, false)))
            throw conflict('This rental has just been dispatched: return it once it reaches you.');
          await ctx.jobs.send(QUEUES.waitlistSweep.name, {}, { trx, singletonKey: 'sweep' });
          return;
        }
        // The unit's row first, then the rental's (the order every move takes).
        await holds.moveUnit(trx, r.unit_id, UNIT_TRANSITIONS.send_back.from, 'returned', at, {}, r.rental_id);
        if (!(await rentalRows.markSentBack(trx, r.rental_id, at))) throw conflict(RENTAL_MESSAGES.alreadyReturned);
      });
    },

    /* ---------------------------------------------------------------- the lender's moves (decision 0035) */

    /**
     * The lender sends her piece (a delivery) or hands it over (a studio pickup: it is with the
     * renter at once). The caller (lending) has checked she is the rental's lender and the
     * request was accepted. Same moves as the desk's dispatch, in the same order, without the audit log.
     */
    async lenderSend(lenderId: string, rentalId: number, trx: Db): Promise<void> {
      const r = await reads.rentalView(trx, rentalId);
      if (!r) throw notFound('Rental not found');
      assertDispatchable(r);
      const to = handoffOf(r.pickup_option) === 'pickup' ? 'with_member' : 'dispatched';
      await dispatch(trx, r, lenderId, nowIso(), to, async () => conflict(OPS_MESSAGES.unitNotOnShelf));
    },

    /**
     * The lender has her piece back: the rental ends (checked in by her, graded as she says, the
     * late fee worked out and charged once as at the desk), and the unit is held for the
     * cleaning window, which she does. Returns the late fee's ledger entry to run after the commit.
     */
    async lenderBack(lenderId: string, rentalId: number, condition: Condition, trx: Db): Promise<number | null> {
      const r = await reads.rentalView(trx, rentalId);
      if (!r) throw notFound('Rental not found');
      await lock(trx, { unitIds: [r.unit_id] });
      if (!r.dispatched_at) throw conflict(RENTAL_MESSAGES.notDispatched);
      if (r.checked_in_at) throw conflict(RENTAL_MESSAGES.alreadyReturned);
      const done = await checkIn(trx, r, { by: lenderId, condition, note: null, to: 'cleaning', at: nowIso() });
      return done.entryId;
    },

    /** The lender has cleaned her piece: back on her shelf, bookable at once. */
    async lenderCleaned(rentalId: number, trx: Db): Promise<void> {
      const at = nowIso();
      const r = await reads.rentalView(trx, rentalId);
      if (!r || !r.checked_in_at) throw conflict('The piece is not back yet.');
      const set = { hold_booking_id: null };
      if (
        !(await holds.moveUnit(trx, r.unit_id, UNIT_TRANSITIONS.cleaning_done.from, 'available', at, set, r.rental_id))
      )
        throw conflict('The piece is not waiting for cleaning.');
      await holds.release(trx, r.booking_id, at);
    },
  };
}

export type BookingsCore = ReturnType<typeof createBookingsCore>;
