import type { Kysely } from 'kysely';
import { handoffOf, heldUntilAfterCleaning } from '../../../domain/availability';
import { OPS_MESSAGES, type CheckInInput, type DeskRental, type UnitDetail } from '../../../domain/ops';
import { RENTAL_MESSAGES, daysLate, lateFeeCents } from '../../../domain/rentals';
import {
  CONDITIONS,
  OUT_STATES,
  UNIT_STATES,
  UNIT_TRANSITIONS,
  checkInTargetAllowed,
  nextStateAfterCheckIn,
  unitCode,
  type Condition,
  type UnitAction,
  type UnitState,
} from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import { QUEUES } from '../../jobs/queues';
import type { DB } from '../../db/schema';
import { DomainError, notFound } from '../../../domain/errors';
import type { UploadedFile } from '../../http/multipart';
import type { SessionUser } from '../../http/types';
import { withStoredPhotos } from '../../storage/storage';
import { createAuditRepository, type AuditActor } from '../audit';
import type { CatalogueService } from '../catalogue';
import { preparePhotos } from '../listings';
import type { NotificationsService } from '../notifications';
import type { LedgerEntry, PaymentsService } from '../payments';
import type { PlansService } from '../plans';
import { toDeskRental } from './desk-rental';
import { OPEN_END, createUnitLifeRepository, type UnitRow } from './unit-life.repository';

type Db = Kysely<DB>;

const asState = (v: string | null | undefined): UnitState =>
  (UNIT_STATES as readonly string[]).includes(v ?? '') ? (v as UnitState) : 'available';
const asCondition = (v: string | null | undefined): Condition | null =>
  (CONDITIONS as readonly string[]).includes(v ?? '') ? (v as Condition) : null;
const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

/** Who a request's staff member is, for the audit log. */
function actorOf(user: SessionUser): AuditActor {
  return { kind: 'staff', id: user.id, email: user.email };
}

/**
 * The life of each unit between two members (docs/product.md "Staff and the operations desk",
 * decision 0031): dispatch, the member's receipt and return, check-in with a grade and the late
 * fee, cleaning, repair and retirement, and the daily hold of overdue units. Each move is a
 * conditional update of the unit's state and the rental's marks in one transaction, written to
 * the audit log in that transaction when staff made it; the held days of the unit (its booking)
 * move with it, so availability (domain/availability.ts) always sees where the piece really is.
 */
export function createUnitLifeService(
  ctx: AppContext,
  deps: {
    catalogue: CatalogueService;
    plans: PlansService;
    payments: PaymentsService;
    notifications: NotificationsService;
  },
) {
  const { db } = ctx.database;
  const repo = createUnitLifeRepository(db);
  const audit = createAuditRepository(db);
  const { catalogue, plans, payments, notifications } = deps;
  const rules = catalogue.availabilityRules;
  const log = ctx.logger.child({ feature: 'unit-life' });
  const today = () => ctx.today();
  const nowIso = () => ctx.clock().toISOString();

  async function deskRental(rentalId: number): Promise<DeskRental> {
    const row = await repo.deskRental(rentalId);
    if (!row) throw notFound('Rental not found');
    return toDeskRental(row, today(), ctx.dayOf);
  }

  async function unitDetail(row: UnitRow): Promise<UnitDetail> {
    const day = today();
    const state = asState(row.state);
    const [rental, next, photos, hold, backupOf] = await Promise.all([
      row.rental_id !== null ? repo.deskRental(row.rental_id) : undefined,
      repo.nextReservation(row.id),
      row.rental_id !== null ? repo.conditionPhotos([row.rental_id]) : [],
      row.hold_booking_id !== null ? repo.booking(row.hold_booking_id) : undefined,
      repo.backupOf(row.id),
    ]);
    let heldUntil: string | null = null;
    if (state === 'cleaning') {
      if (hold && !hold.released_at) heldUntil = hold.end_date;
      else if (rental && rental.checked_in_at && !rental.booking_released_at) heldUntil = rental.held_until;
    }
    return {
      id: row.id,
      code: unitCode(row.id),
      itemId: row.item_id,
      itemName: row.item_name,
      brand: row.brand,
      size: row.size,
      unitNo: row.unit_no,
      state,
      condition: asCondition(row.condition),
      note: row.note,
      changedAt: row.changed_at,
      rental: rental ? toDeskRental(rental, day, ctx.dayOf) : null,
      conditionPhotos: photos.map((p) => ({
        url: conditionPhotoUrl(p.rental_id, p.position, p.file_name),
        width: p.width,
        height: p.height,
      })),
      nextRental: next
        ? { rentalId: next.rental_id, startDate: next.start_date, holdsFrom: next.held_from, member: next.member_name }
        : null,
      heldUntil,
      backupOf: backupOf
        ? {
            rentalId: backupOf.rental_id,
            unitCode: unitCode(backupOf.unit_id),
            member: backupOf.member_name,
            returnDate: backupOf.end_date,
          }
        : null,
    };
  }

  async function unitById(unitId: number): Promise<UnitDetail> {
    const row = await repo.unit(unitId);
    if (!row) throw notFound(OPS_MESSAGES.unitNotFound);
    return unitDetail(row);
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
    for (const r of await repo.reservationsOverlapping(trx, unitId, from, to)) {
      const other = await catalogue.freeUnitFor(trx, r.item_id, r.size, { start: r.start_date, end: r.end_date });
      if (other !== null && other !== unitId) {
        await repo.moveReservation(trx, r.id, r.booking_id, other);
        moved.push(r.id);
      } else {
        stranded.push(r.id);
      }
    }
    if (stranded.length)
      log.warn({ unitId, stranded }, 'reservations left on a unit that cannot serve them: no other unit is free');
    return { moved, stranded };
  }

  /** Moves a unit by a staff action: ensures its state row, then the conditional update; 409 when it was not in a state the action allows. */
  async function moveUnit(
    trx: Db,
    unit: UnitRow,
    action: UnitAction,
    to: UnitState,
    at: string,
    set: Parameters<typeof repo.move>[5] = {},
  ): Promise<void> {
    await repo.ensureState(trx, unit.id, at);
    if (!(await repo.move(trx, unit.id, UNIT_TRANSITIONS[action].from, to, at, set))) {
      const now = await repo.unit(unit.id, trx);
      throw conflict(
        `${UNIT_TRANSITIONS[action].label} is not possible: the unit is ${asState(now?.state).replace('_', ' ')}`,
        { unitState: asState(now?.state), action },
      );
    }
  }

  /**
   * The late fee of a check-in, in its transaction: a charge of her saved card in the payments
   * ledger, decided here and sent after the commit with its key (one per rental), so it is charged
   * once (decision 0032); without a card, the fee is marked failed. Returns the charge's ledger
   * entry to run after the commit (null: none).
   */
  async function recordLateFee(
    trx: Db,
    r: { rental_id: number; user_id: string; item_name: string },
    days: number,
    fee: number,
  ): Promise<number | null> {
    if (fee <= 0) return null;
    const card = await plans.cardForCharge(r.user_id, trx);
    if (!card) {
      await repo.setFee(trx, r.rental_id, { late_fee_status: 'failed', late_fee_error: 'No card on file' });
      return null;
    }
    const entry = await payments.record(trx, {
      userId: r.user_id,
      purpose: 'late_fee',
      kind: 'charge',
      amountCents: fee,
      description: `Late return of ${r.item_name}: ${days} day${days === 1 ? '' : 's'}`,
      idempotencyKey: `late_fee:rental:${r.rental_id}`,
      rentalId: r.rental_id,
      card,
      context: { rentalId: r.rental_id, days },
    });
    await repo.setFee(trx, r.rental_id, { late_fee_entry_id: entry.id });
    return entry.id;
  }

  /** Records the refund of a charged late fee (waived) in the payments ledger, in `trx`. */
  async function recordRefund(trx: Db, rentalId: number, charge: LedgerEntry): Promise<number | null> {
    const cents = await payments.refundableCents(trx, charge);
    if (cents <= 0) return null;
    const refund = await payments.record(trx, {
      userId: charge.userId,
      purpose: 'late_fee',
      kind: 'refund',
      amountCents: cents,
      description: `Refund (waived): ${charge.description}`,
      idempotencyKey: `late_fee_refund:rental:${rentalId}`,
      rentalId,
      target: charge,
      context: { rentalId },
    });
    await repo.setFee(trx, rentalId, { late_fee_refund_entry_id: refund.id });
    return refund.id;
  }

  // The late fee's outcome (decision 0032): applied once per ledger entry, by the request that
  // recorded it or by the payments recovery (decision 0029).
  payments.onSettle('late_fee', async (trx, entry, outcome) => {
    const rentalId = entry.rentalId ?? Number(entry.context.rentalId);
    if (entry.kind === 'refund') {
      if (outcome.status !== 'succeeded')
        await repo.setFee(trx, rentalId, { late_fee_error: `The refund failed: ${outcome.message}` });
      return;
    }
    if (outcome.status !== 'succeeded') {
      await repo.moveFee(trx, rentalId, 'due', 'failed', outcome.message);
      return;
    }
    if (await repo.moveFee(trx, rentalId, 'due', 'charged', null)) return;
    // Waived while the charge was on its way: it is given back (the recovery performs the refund).
    const fee = await repo.lateFee(rentalId, trx);
    if (fee?.late_fee_status === 'waived' && fee.late_fee_refund_entry_id === null)
      await recordRefund(trx, rentalId, entry);
  });

  /** Performs and settles a ledger entry after its transaction committed; one the provider did not answer is left to the recovery. */
  async function runPayment(entryId: number): Promise<void> {
    try {
      await payments.run(entryId);
    } catch (err) {
      log.warn({ err, entryId }, 'late fee payment not answered in the request: the payments recovery performs it');
    }
  }

  return {
    rental: deskRental,
    unit: unitById,

    async unitsInState(state: UnitState): Promise<UnitDetail[]> {
      const rows = await repo.unitsInState(state);
      return Promise.all(rows.map(unitDetail));
    },

    /** Staff send a reservation out: by courier, or ready at the studio. Once; the member is told. */
    async dispatch(staff: SessionUser, rentalId: number, requestId: string | null): Promise<DeskRental> {
      const at = nowIso();
      const day = today();
      await db.transaction().execute(async (trx) => {
        const r = await repo.deskRental(rentalId, trx);
        if (!r) throw notFound('Rental not found');
        if (r.dispatched_at || r.returned_at)
          throw conflict(OPS_MESSAGES.notDispatchable, { status: toDeskRental(r, day, ctx.dayOf).status });
        if (r.held_from > day) throw conflict(OPS_MESSAGES.tooEarlyToDispatch, { holdsFrom: r.held_from });
        const unit = await repo.unit(r.unit_id, trx);
        await repo.ensureState(trx, r.unit_id, at);
        if (
          !(await repo.move(trx, r.unit_id, UNIT_TRANSITIONS.dispatch.from, 'dispatched', at, {
            rental_id: r.rental_id,
          }))
        ) {
          const now = await repo.unit(r.unit_id, trx);
          throw conflict(OPS_MESSAGES.unitNotOnShelf, {
            unitCode: unitCode(r.unit_id),
            unitState: asState(now?.state ?? unit?.state),
          });
        }
        if (!(await repo.markDispatched(trx, r.rental_id, staff.id, at))) throw conflict(OPS_MESSAGES.unitChanged);
        const handoff = handoffOf(r.pickup_option);
        await audit.record(trx, {
          actor: actorOf(staff),
          action: 'rental.dispatch',
          subjectType: 'rental',
          subjectId: r.rental_id,
          before: { status: 'reserved', unit: unitCode(r.unit_id), unitState: 'available' },
          after: { status: 'dispatched', unit: unitCode(r.unit_id), unitState: 'dispatched', handoff },
          requestId,
          at,
        });
        const data = { itemName: r.item_name, size: r.size, startDate: r.start_date, returnDate: r.end_date, handoff };
        await notifications.notify(trx, {
          kind: 'rental_dispatched',
          subjectType: 'rental',
          subjectId: String(r.rental_id),
          userId: r.user_id,
          data,
        });
      });
      log.info({ rentalId, staffId: staff.id, requestId }, 'rental dispatched');
      return deskRental(rentalId);
    },

    /** Staff hand a studio pickup over to the member. */
    async handOver(staff: SessionUser, rentalId: number, requestId: string | null): Promise<DeskRental> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const r = await repo.deskRental(rentalId, trx);
        if (!r) throw notFound('Rental not found');
        if (handoffOf(r.pickup_option) !== 'pickup')
          throw conflict('This rental is delivered by courier: the member marks it received');
        if (!r.dispatched_at || r.received_at || r.returned_at)
          throw conflict('Only a rental ready at the studio can be handed over', {
            status: toDeskRental(r, today(), ctx.dayOf).status,
          });
        // The unit's row first, then the rental's: every move locks them in this order (no deadlock on PostgreSQL).
        if (
          !(await repo.move(trx, r.unit_id, UNIT_TRANSITIONS.hand_over.from, 'with_member', at, {}, r.rental_id)) ||
          !(await repo.markReceived(trx, r.rental_id, at))
        ) {
          throw conflict(OPS_MESSAGES.unitChanged);
        }
        await audit.record(trx, {
          actor: actorOf(staff),
          action: 'rental.hand_over',
          subjectType: 'rental',
          subjectId: r.rental_id,
          before: { unit: unitCode(r.unit_id), unitState: 'dispatched' },
          after: { unit: unitCode(r.unit_id), unitState: 'with_member' },
          requestId,
          at,
        });
      });
      return deskRental(rentalId);
    },

    /**
     * Staff check a unit in (scanned or typed): graded, into cleaning or repair. The rental ends;
     * a late fee is worked out and charged once through the payment provider; the unit stays held
     * for the cleaning window (or until repaired).
     */
    async checkIn(
      staff: SessionUser,
      unitId: number,
      input: CheckInInput,
      requestId: string | null,
    ): Promise<{ unit: UnitDetail; rental: DeskRental }> {
      const at = nowIso();
      const day = today();
      const done = await db.transaction().execute(async (trx) => {
        await repo.lockUnitRow(trx, unitId);
        const unit = await repo.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        const state = asState(unit.state);
        if (!(OUT_STATES as readonly string[]).includes(state) || unit.rental_id === null)
          throw conflict(OPS_MESSAGES.notOut, { unitState: state });
        const r = await repo.deskRental(unit.rental_id, trx);
        if (!r || r.checked_in_at) throw conflict(OPS_MESSAGES.notOut, { unitState: state });
        const to = input.to ?? nextStateAfterCheckIn(input.condition);
        if (!checkInTargetAllowed(input.condition, to)) {
          throw new DomainError('VALIDATION_FAILED', OPS_MESSAGES.conditionNeedsRepair, {
            issues: [{ path: 'to', message: OPS_MESSAGES.conditionNeedsRepair }],
          });
        }
        const days = daysLate(r.end_date, r.returned_at ? ctx.dayOf(r.returned_at) : day);
        const fee = lateFeeCents(days, r.rental_price_cents, r.retail_price_cents);
        const hold =
          to === 'repair' ? await repo.insertHold(trx, { id: unitId, itemId: r.item_id }, day, OPEN_END, at) : null;
        const set = {
          condition: input.condition,
          note: input.note || null,
          rental_id: r.rental_id,
          ...(hold !== null ? { hold_booking_id: hold } : {}),
        };
        // The unit's row first, then the rental's: every move locks them in this order (no deadlock on PostgreSQL).
        if (!(await repo.move(trx, unitId, UNIT_TRANSITIONS.check_in.from, to, at, set, r.rental_id)))
          throw conflict(OPS_MESSAGES.unitChanged);
        const checkedIn = await repo.markCheckedIn(trx, r.rental_id, {
          at,
          by: staff.id,
          condition: input.condition,
          note: input.note || null,
          lateDays: days,
          feeCents: fee,
          feeStatus: fee > 0 ? 'due' : null,
        });
        if (!checkedIn) throw conflict(OPS_MESSAGES.unitChanged);
        const entryId = await recordLateFee(trx, r, days, fee);
        if (hold !== null) {
          // In repair: the hold with no end replaces the rental's days.
          await repo.releaseBooking(trx, r.booking_id, at);
          await rehome(trx, unitId, day, OPEN_END);
        } else {
          // Cleaning: held until the window after today has passed (earlier than booked if she was early).
          const until = heldUntilAfterCleaning(day, rules);
          await repo.setBookingEnd(trx, r.booking_id, until);
          if (until > r.held_until) await rehome(trx, unitId, r.held_until, until);
        }
        await audit.record(trx, {
          actor: actorOf(staff),
          action: 'unit.check_in',
          subjectType: 'unit',
          subjectId: unitCode(unitId),
          before: { unitState: state, rentalId: r.rental_id, status: toDeskRental(r, day, ctx.dayOf).status },
          after: {
            unitState: to,
            rentalId: r.rental_id,
            condition: input.condition,
            note: input.note || null,
            daysLate: days,
            lateFeeCents: fee,
          },
          requestId,
          at,
        });
        return { rentalId: r.rental_id, fee, entryId };
      });
      log.info(
        { unitId, rentalId: done.rentalId, condition: input.condition, lateFeeCents: done.fee, requestId },
        'unit checked in',
      );
      if (done.entryId !== null) await runPayment(done.entryId);
      return { unit: await unitById(unitId), rental: await deskRental(done.rentalId) };
    },

    /** Cleaning done: the unit is back on the shelf and bookable at once. */
    async cleaningDone(staff: SessionUser, unitId: number, requestId: string | null): Promise<UnitDetail> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const unit = await repo.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        await moveUnit(trx, unit, 'cleaning_done', 'available', at, { hold_booking_id: null });
        if (unit.hold_booking_id !== null) await repo.releaseBooking(trx, unit.hold_booking_id, at);
        if (unit.rental_id !== null) {
          const r = await repo.deskRental(unit.rental_id, trx);
          if (r?.checked_in_at) await repo.releaseBooking(trx, r.booking_id, at);
        }
        // Back on the shelf: whoever waits for this size is offered it (decision 0034).
        await ctx.jobs.send(QUEUES.waitlistSweep.name, {}, { trx, singletonKey: 'sweep' });
        await audit.record(trx, {
          actor: actorOf(staff),
          action: 'unit.cleaning_done',
          subjectType: 'unit',
          subjectId: unitCode(unitId),
          before: { unitState: 'cleaning' },
          after: { unitState: 'available' },
          requestId,
          at,
        });
      });
      return unitById(unitId);
    },

    /** A flaw found on the shelf or in cleaning: to repair, held with no end; its reservations move to other units. */
    async sendToRepair(
      staff: SessionUser,
      unitId: number,
      note: string | undefined,
      requestId: string | null,
    ): Promise<UnitDetail> {
      const at = nowIso();
      const day = today();
      await db.transaction().execute(async (trx) => {
        await repo.lockUnitRow(trx, unitId);
        const unit = await repo.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        const before = asState(unit.state);
        const hold =
          unit.hold_booking_id ?? (await repo.insertHold(trx, { id: unitId, itemId: unit.item_id }, day, OPEN_END, at));
        await moveUnit(trx, unit, 'send_to_repair', 'repair', at, { hold_booking_id: hold, note: note || unit.note });
        if (unit.hold_booking_id !== null) await repo.setBookingEnd(trx, hold, OPEN_END);
        if (unit.rental_id !== null) {
          const r = await repo.deskRental(unit.rental_id, trx);
          if (r?.checked_in_at) await repo.releaseBooking(trx, r.booking_id, at);
        }
        const { moved, stranded } = await rehome(trx, unitId, day, OPEN_END);
        await audit.record(trx, {
          actor: actorOf(staff),
          action: 'unit.send_to_repair',
          subjectType: 'unit',
          subjectId: unitCode(unitId),
          before: { unitState: before },
          after: { unitState: 'repair', note: note || null, movedReservations: moved, strandedReservations: stranded },
          requestId,
          at,
        });
      });
      return unitById(unitId);
    },

    /** Repaired: to cleaning, held for the cleaning window from today. */
    async repairDone(
      staff: SessionUser,
      unitId: number,
      note: string | undefined,
      requestId: string | null,
    ): Promise<UnitDetail> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const unit = await repo.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        await moveUnit(trx, unit, 'repair_done', 'cleaning', at, { note: note || unit.note });
        if (unit.hold_booking_id !== null)
          await repo.setBookingEnd(trx, unit.hold_booking_id, heldUntilAfterCleaning(today(), rules));
        await audit.record(trx, {
          actor: actorOf(staff),
          action: 'unit.repair_done',
          subjectType: 'unit',
          subjectId: unitCode(unitId),
          before: { unitState: 'repair' },
          after: { unitState: 'cleaning', note: note || null },
          requestId,
          at,
        });
      });
      return unitById(unitId);
    },

    /** Retires a unit for good: never bookable again; its reservations move to other units. */
    async retire(staff: SessionUser, unitId: number, reason: string, requestId: string | null): Promise<UnitDetail> {
      const at = nowIso();
      const day = today();
      await db.transaction().execute(async (trx) => {
        // The item's row, then the unit's: the order a booking takes them (retiring may change the item's sizes).
        const found = await repo.unit(unitId, trx);
        if (found) await repo.lockItemRow(trx, found.item_id);
        await repo.lockUnitRow(trx, unitId);
        const unit = await repo.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        const before = asState(unit.state);
        const hold =
          unit.hold_booking_id ?? (await repo.insertHold(trx, { id: unitId, itemId: unit.item_id }, day, OPEN_END, at));
        await moveUnit(trx, unit, 'retire', 'retired', at, { hold_booking_id: hold, note: reason });
        if (unit.hold_booking_id !== null) await repo.setBookingEnd(trx, hold, OPEN_END);
        const sizeGone = await repo.dropSizeIfAllRetired(trx, unit.item_id, unit.size);
        if (unit.rental_id !== null) {
          const r = await repo.deskRental(unit.rental_id, trx);
          if (r?.checked_in_at) await repo.releaseBooking(trx, r.booking_id, at);
        }
        const { moved, stranded } = await rehome(trx, unitId, day, OPEN_END);
        await audit.record(trx, {
          actor: actorOf(staff),
          action: 'unit.retire',
          subjectType: 'unit',
          subjectId: unitCode(unitId),
          before: { unitState: before },
          after: {
            unitState: 'retired',
            reason,
            movedReservations: moved,
            strandedReservations: stranded,
            ...(sizeGone ? { sizeWithdrawn: unit.size } : {}),
          },
          requestId,
          at,
        });
      });
      return unitById(unitId);
    },

    /**
     * Staff waive a late fee (audited): one already charged is refunded through the payments
     * ledger; one whose charge is still on its way is refunded when it lands (the settler).
     */
    async waiveLateFee(
      staff: SessionUser,
      rentalId: number,
      reason: string,
      requestId: string | null,
    ): Promise<DeskRental> {
      const at = nowIso();
      const refundId = await db.transaction().execute(async (trx) => {
        const fee = await repo.lateFee(rentalId, trx);
        if (!fee) throw notFound('Rental not found');
        const status = fee.late_fee_status;
        if (status !== 'due' && status !== 'failed' && status !== 'charged')
          throw conflict(OPS_MESSAGES.noFeeToWaive, { lateFeeStatus: status });
        if (!(await repo.waive(trx, rentalId, status, at, staff.id)))
          throw conflict(OPS_MESSAGES.feeChanged, { lateFeeStatus: status });
        const charge =
          status === 'charged' && fee.late_fee_entry_id !== null
            ? await payments.find(fee.late_fee_entry_id, trx)
            : null;
        const refund = charge ? await recordRefund(trx, rentalId, charge) : null;
        await audit.record(trx, {
          actor: actorOf(staff),
          action: 'late_fee.waive',
          subjectType: 'rental',
          subjectId: rentalId,
          before: { lateFeeStatus: status, lateFeeCents: fee.late_fee_cents, ledgerEntry: fee.late_fee_entry_id },
          after: {
            lateFeeStatus: 'waived',
            lateFeeCents: fee.late_fee_cents,
            reason,
            refund: status === 'charged',
            refundEntry: refund,
          },
          requestId,
          at,
        });
        return refund;
      });
      if (refundId !== null) await runPayment(refundId);
      return deskRental(rentalId);
    },

    /**
     * The daily hold of units that are not back (decision 0031): a rental out past its return
     * date keeps its unit held to at least today + the cleaning window, and the reservations that
     * now collide with it move to another free unit when there is one. Idempotent; run by the
     * scheduler through the job queue (once per interval across processes).
     */
    async holdOverdueUnits(): Promise<{ held: number; moved: number; stranded: number }> {
      const till = heldUntilAfterCleaning(today(), rules);
      let held = 0;
      let moved = 0;
      let stranded = 0;
      for (const r of await repo.holdsToPush(till)) {
        await db.transaction().execute(async (trx) => {
          await repo.lockUnitRow(trx, r.unit_id);
          if (!(await repo.pushHold(trx, r.id, r.booking_id, till))) return;
          held += 1;
          const res = await rehome(trx, r.unit_id, r.end_date, till);
          moved += res.moved.length;
          stranded += res.stranded.length;
        });
      }
      if (held) log.info({ held, moved, stranded, till }, 'overdue units held');
      return { held, moved, stranded };
    },

    /* ---------------------------------------------------------------- the member's marks */

    /** The member marks a delivered piece received (optional: a piece not marked is with her from its start date). */
    async memberReceive(userId: string, rentalId: number): Promise<void> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const r = await repo.deskRental(rentalId, trx);
        if (!r || r.user_id !== userId) throw notFound('Rental not found');
        if (handoffOf(r.pickup_option) === 'pickup') throw conflict(RENTAL_MESSAGES.studioHandover);
        if (r.returned_at || r.checked_in_at) throw conflict(RENTAL_MESSAGES.alreadyReturned);
        if (!r.dispatched_at) throw conflict(RENTAL_MESSAGES.notDispatched);
        if (r.received_at) throw conflict(RENTAL_MESSAGES.alreadyReceived);
        // The unit's row first, then the rental's (the order every move takes).
        await repo.move(trx, r.unit_id, UNIT_TRANSITIONS.receive.from, 'with_member', at, {}, r.rental_id);
        if (!(await repo.markReceived(trx, r.rental_id, at))) throw conflict(RENTAL_MESSAGES.alreadyReceived);
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
        const r = await repo.deskRental(rentalId, trx);
        if (!r || r.user_id !== userId) throw notFound('Rental not found');
        if (r.returned_at || r.checked_in_at) throw conflict(RENTAL_MESSAGES.alreadyReturned);
        if (!r.dispatched_at) {
          if (!(await repo.cancelReservation(trx, r.rental_id, r.booking_id, at)))
            throw conflict('This rental has just been dispatched: return it once it reaches you.');
          await ctx.jobs.send(QUEUES.waitlistSweep.name, {}, { trx, singletonKey: 'sweep' });
          return;
        }
        // The unit's row first, then the rental's (the order every move takes).
        await repo.move(trx, r.unit_id, UNIT_TRANSITIONS.send_back.from, 'returned', at, {}, r.rental_id);
        if (!(await repo.markSentBack(trx, r.rental_id, at))) throw conflict(RENTAL_MESSAGES.alreadyReturned);
      });
    },

    /* ---------------------------------------------------------------- check-in photos */

    /** Room for more check-in photos of a rental (404 unknown, 409 not checked in), before an upload is read. */
    async conditionPhotoRoom(rentalId: number, max: number): Promise<number> {
      const r = await repo.deskRental(rentalId);
      if (!r) throw notFound('Rental not found');
      if (!r.checked_in_at) throw conflict('Photos are added to a rental once it is checked in');
      return Math.max(0, max - (await repo.conditionPhotoCount(db, rentalId)));
    },

    /**
     * Adds check-in photos to a checked-in rental: checked like a listing's photos (by content,
     * size and count), re-encoded, written to the file storage, then recorded with an audit entry.
     */
    async addConditionPhotos(
      staff: SessionUser,
      rentalId: number,
      files: UploadedFile[],
      max: number,
      requestId: string | null,
    ): Promise<UnitDetail['conditionPhotos']> {
      if (files.length === 0)
        throw new DomainError('VALIDATION_FAILED', 'Add at least one photo', {
          issues: [{ path: 'photos', message: 'Add at least one photo' }],
        });
      const images = await preparePhotos(files);
      await withStoredPhotos(ctx.storage, images, ctx.logger, async (names) => {
        const at = nowIso();
        await db.transaction().execute(async (trx) => {
          // One upload per rental at a time (PostgreSQL: the rental row's lock).
          await trx.selectFrom('rentals').select('id').where('id', '=', rentalId).forUpdate().execute();
          const count = await repo.conditionPhotoCount(trx, rentalId);
          if (count + images.length > max) {
            throw new DomainError(
              'VALIDATION_FAILED',
              `At most ${max} photos per check-in: this one has ${count} already.`,
              { issues: [{ path: 'photos', message: `at most ${max} photos` }] },
            );
          }
          await repo.insertConditionPhotos(
            trx,
            images.map((img, i) => ({
              rental_id: rentalId,
              position: count + i,
              file_name: names[i]!,
              content_type: img.contentType,
              width: img.width,
              height: img.height,
              bytes: img.data.length,
              created_at: at,
            })),
          );
          await audit.record(trx, {
            actor: actorOf(staff),
            action: 'rental.condition_photos',
            subjectType: 'rental',
            subjectId: rentalId,
            before: { photos: count },
            after: { photos: count + images.length },
            requestId,
            at,
          });
        });
      });
      const photos = await repo.conditionPhotos([rentalId]);
      return photos.map((p) => ({
        url: conditionPhotoUrl(p.rental_id, p.position, p.file_name),
        width: p.width,
        height: p.height,
      }));
    },

    async conditionPhoto(rentalId: number, position: number): Promise<{ data: Buffer; contentType: string } | null> {
      const row = await repo.conditionPhotoAt(rentalId, position);
      if (!row) return null;
      const data = await ctx.storage.get(row.file_name);
      return data ? { data, contentType: row.content_type } : null;
    },

    /* ---------------------------------------------------------------- the lender's marks (decision 0035) */

    /**
     * The lender sends her piece (a delivery) or hands it over (a studio pickup: it is with the
     * renter at once). The caller (lending) has checked she is the rental's lender and the
     * request was accepted. Same moves as the desk's dispatch, in the same order, without the audit log.
     */
    async lenderSend(lenderId: string, rentalId: number, trx: Db): Promise<void> {
      const at = nowIso();
      const day = today();
      const r = await repo.deskRental(rentalId, trx);
      if (!r) throw notFound('Rental not found');
      if (r.dispatched_at || r.returned_at)
        throw conflict(OPS_MESSAGES.notDispatchable, { status: toDeskRental(r, day, ctx.dayOf).status });
      if (r.held_from > day) throw conflict(OPS_MESSAGES.tooEarlyToDispatch, { holdsFrom: r.held_from });
      const handoff = handoffOf(r.pickup_option);
      await repo.ensureState(trx, r.unit_id, at);
      if (
        !(await repo.move(
          trx,
          r.unit_id,
          UNIT_TRANSITIONS.dispatch.from,
          handoff === 'pickup' ? 'with_member' : 'dispatched',
          at,
          { rental_id: r.rental_id },
        ))
      )
        throw conflict(OPS_MESSAGES.unitNotOnShelf);
      if (!(await repo.markDispatched(trx, r.rental_id, lenderId, at))) throw conflict(OPS_MESSAGES.unitChanged);
      if (handoff === 'pickup' && !(await repo.markReceived(trx, r.rental_id, at)))
        throw conflict(OPS_MESSAGES.unitChanged);
    },

    /**
     * The lender has her piece back: the rental ends (checked in by her, graded as she says, the
     * late fee worked out and charged once as at the desk), and the unit is held for the
     * cleaning window, which she does. Returns the late fee's ledger entry to run after the commit.
     */
    async lenderBack(lenderId: string, rentalId: number, condition: Condition, trx: Db): Promise<number | null> {
      const at = nowIso();
      const day = today();
      const r = await repo.deskRental(rentalId, trx);
      if (!r) throw notFound('Rental not found');
      await repo.lockUnitRow(trx, r.unit_id);
      if (!r.dispatched_at) throw conflict(RENTAL_MESSAGES.notDispatched);
      if (r.checked_in_at) throw conflict(RENTAL_MESSAGES.alreadyReturned);
      const days = daysLate(r.end_date, r.returned_at ? ctx.dayOf(r.returned_at) : day);
      const fee = lateFeeCents(days, r.rental_price_cents, r.retail_price_cents);
      if (
        !(await repo.move(
          trx,
          r.unit_id,
          UNIT_TRANSITIONS.check_in.from,
          'cleaning',
          at,
          { condition, note: null, rental_id: r.rental_id },
          r.rental_id,
        ))
      )
        throw conflict(OPS_MESSAGES.unitChanged);
      if (
        !(await repo.markCheckedIn(trx, r.rental_id, {
          at,
          by: lenderId,
          condition,
          note: null,
          lateDays: days,
          feeCents: fee,
          feeStatus: fee > 0 ? 'due' : null,
        }))
      )
        throw conflict(OPS_MESSAGES.unitChanged);
      const entryId = await recordLateFee(trx, r, days, fee);
      const until = heldUntilAfterCleaning(day, rules);
      await repo.setBookingEnd(trx, r.booking_id, until);
      if (until > r.held_until) await rehome(trx, r.unit_id, r.held_until, until);
      return entryId;
    },

    /** The lender has cleaned her piece: back on her shelf, bookable at once. */
    async lenderCleaned(rentalId: number, trx: Db): Promise<void> {
      const at = nowIso();
      const r = await repo.deskRental(rentalId, trx);
      if (!r || !r.checked_in_at) throw conflict('The piece is not back yet.');
      if (
        !(await repo.move(
          trx,
          r.unit_id,
          UNIT_TRANSITIONS.cleaning_done.from,
          'available',
          at,
          { hold_booking_id: null },
          r.rental_id,
        ))
      )
        throw conflict('The piece is not waiting for cleaning.');
      await repo.releaseBooking(trx, r.booking_id, at);
    },

    /** Runs a late fee's payment after the commit (the recovery takes it if the provider does not answer). */
    runLateFee: runPayment,
  };
}

/** The address of a check-in photo (staff only); the file name versions it. */
export function conditionPhotoUrl(rentalId: number, position: number, fileName: string): string {
  return `/api/ops/rentals/${rentalId}/condition-photos/${position}?v=${fileName.slice(0, 8)}`;
}

export type UnitLifeService = ReturnType<typeof createUnitLifeService>;
