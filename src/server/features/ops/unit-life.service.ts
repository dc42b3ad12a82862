import type { Kysely } from 'kysely';
import { handoffOf, heldUntilAfterCleaning } from '../../../domain/availability';
import { OPS_MESSAGES, type CheckInInput, type DeskRental, type UnitDetail } from '../../../domain/ops';
import {
  OUT_STATES,
  UNIT_TRANSITIONS,
  checkInTargetAllowed,
  damageGoesToRepair,
  nextStateAfterCheckIn,
  unitCode,
  type UnitState,
} from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import { QUEUES } from '../../jobs/queues';
import type { DB } from '../../db/schema';
import { DomainError, notFound } from '../../../domain/errors';
import type { SessionUser } from '../../http/types';
import { createAuditRepository, staffActor } from '../audit';
import { OPEN_END, asUnitState as asState, toDeskRental, type BookingsCore, type UnitRow } from '../bookings';
import type { CatalogueService } from '../catalogue';
import type { NotificationsService } from '../notifications';
import type { PaymentsService } from '../payments';
import type { ProtectionService } from '../protection';
import { createUnitLifeRepository } from './unit-life.repository';
import { unitViewsOf } from './unit-views';

type Db = Kysely<DB>;

const conflict = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT', message, details ? { details } : {});

/**
 * The desk's moves of a unit (docs/product.md "Staff and the operations desk", decision 0031):
 * dispatch, studio handover, check-in with a grade and the late fee, cleaning, repair and
 * retirement, and the late-fee waiver. Each is a thin use-case of the bookings core (decision
 * 0053), which makes the moves and holds the unit's days; this adds the desk's checks, its
 * audit log entry (in the move's transaction) and its views of units and rentals.
 */
export function createUnitLifeService(
  ctx: AppContext,
  deps: {
    core: BookingsCore;
    catalogue: CatalogueService;
    payments: PaymentsService;
    notifications: NotificationsService;
    /** A rental was checked in (in its transaction): a managed piece's share is credited to its owner (decision 0062). */
    checkedIn?: (trx: Db, rentalId: number) => Promise<void>;
    recordDamage?: ProtectionService['recordDamage']; // damage found at check-in, charged per the schedule (0064)
  },
) {
  const { db } = ctx.database;
  const repo = createUnitLifeRepository(db);
  const audit = createAuditRepository(db);
  const { core, catalogue, payments, notifications } = deps;
  const rules = catalogue.availabilityRules;
  const log = ctx.logger.child({ feature: 'unit-life' });
  const today = () => ctx.today();
  const nowIso = () => ctx.clock().toISOString();

  const { deskRental, unitDetail, unitById } = unitViewsOf(ctx, core, repo);

  /** A rental checked in on this unit has its days let go (the unit's own hold takes over). */
  async function releaseCheckedIn(trx: Db, unit: UnitRow, at: string): Promise<void> {
    if (unit.rental_id === null) return;
    const r = await core.rental(unit.rental_id, trx);
    if (r?.checked_in_at) await core.release(trx, r.booking_id, at);
  }

  /** The unit's own hold with no end from today (repair, retirement): the one it has, or a new one. */
  async function openHold(trx: Db, unit: UnitRow, day: string, at: string): Promise<number> {
    if (unit.hold_booking_id !== null) return unit.hold_booking_id;
    const b = { unit_id: unit.id, item_id: unit.item_id, start_date: day, end_date: OPEN_END, created_at: at };
    return core.hold(trx, b);
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
      await db.transaction().execute(async (trx) => {
        const r = await core.rental(rentalId, trx);
        if (!r) throw notFound('Rental not found');
        core.assertDispatchable(r);
        const unit = await core.unit(r.unit_id, trx);
        await core.dispatch(trx, r, staff.id, at, 'dispatched', async () => {
          const now = await core.unit(r.unit_id, trx);
          return conflict(OPS_MESSAGES.unitNotOnShelf, {
            unitCode: unitCode(r.unit_id),
            unitState: asState(now?.state ?? unit?.state),
          });
        });
        const handoff = handoffOf(r.pickup_option);
        await audit.record(trx, {
          actor: staffActor(staff),
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
        const r = await core.rental(rentalId, trx);
        if (!r) throw notFound('Rental not found');
        if (handoffOf(r.pickup_option) !== 'pickup')
          throw conflict('This rental is delivered by courier: the member marks it received');
        if (!r.dispatched_at || r.received_at || r.returned_at)
          throw conflict('Only a rental ready at the studio can be handed over', {
            status: toDeskRental(r, today(), ctx.dayOf).status,
          });
        // The unit's row first, then the rental's: every move locks them in this order (no deadlock on PostgreSQL).
        if (
          !(await core.moveUnit(trx, r.unit_id, UNIT_TRANSITIONS.hand_over.from, 'with_member', at, {}, r.rental_id)) ||
          !(await core.markReceived(trx, r.rental_id, at))
        ) {
          throw conflict(OPS_MESSAGES.unitChanged);
        }
        await audit.record(trx, {
          actor: staffActor(staff),
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
        await core.lock(trx, { unitIds: [unitId] });
        const unit = await core.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        const state = asState(unit.state);
        if (!(OUT_STATES as readonly string[]).includes(state) || unit.rental_id === null)
          throw conflict(OPS_MESSAGES.notOut, { unitState: state });
        const r = await core.rental(unit.rental_id, trx);
        if (!r || r.checked_in_at) throw conflict(OPS_MESSAGES.notOut, { unitState: state });
        // Damage that a repair mends sends the unit to repair, whatever the grade (decision 0070).
        const repairs = damageGoesToRepair(input.damage?.kind);
        const to = input.to ?? (repairs ? 'repair' : nextStateAfterCheckIn(input.condition));
        if (!checkInTargetAllowed(input.condition, to) || (repairs && to !== 'repair')) {
          const message = repairs ? OPS_MESSAGES.damageNeedsRepair : OPS_MESSAGES.conditionNeedsRepair;
          throw new DomainError('VALIDATION_FAILED', message, { issues: [{ path: 'to', message }] });
        }
        const note = input.note || null;
        const { days, fee, entryId } = await core.checkIn(trx, r, {
          by: staff.id,
          condition: input.condition,
          note,
          to,
          at,
        });
        if (deps.checkedIn) await deps.checkedIn(trx, r.rental_id);
        await audit.record(trx, {
          actor: staffActor(staff),
          action: 'unit.check_in',
          subjectType: 'unit',
          subjectId: unitCode(unitId),
          before: { unitState: state, rentalId: r.rental_id, status: toDeskRental(r, day, ctx.dayOf).status },
          after: {
            unitState: to,
            rentalId: r.rental_id,
            condition: input.condition,
            note,
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
      if (done.entryId !== null) await core.lateFees.run(done.entryId);
      if (input.damage && deps.recordDamage) await deps.recordDamage(staff, done.rentalId, input.damage, requestId);
      return { unit: await unitById(unitId), rental: await deskRental(done.rentalId) };
    },

    /** Cleaning done: the unit is back on the shelf and bookable at once. */
    async cleaningDone(staff: SessionUser, unitId: number, requestId: string | null): Promise<UnitDetail> {
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        const unit = await core.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        await core.moveByAction(trx, unit, 'cleaning_done', 'available', at, { hold_booking_id: null });
        if (unit.hold_booking_id !== null) await core.release(trx, unit.hold_booking_id, at);
        await releaseCheckedIn(trx, unit, at);
        // Back on the shelf: whoever waits for this size is offered it (decision 0034).
        await ctx.jobs.send(QUEUES.waitlistSweep.name, {}, { trx, singletonKey: 'sweep' });
        await audit.record(trx, {
          actor: staffActor(staff),
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
        await core.lock(trx, { unitIds: [unitId] });
        const unit = await core.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        const before = asState(unit.state);
        const hold = await openHold(trx, unit, day, at);
        await core.moveByAction(trx, unit, 'send_to_repair', 'repair', at, {
          hold_booking_id: hold,
          note: note || unit.note,
        });
        if (unit.hold_booking_id !== null) await core.setHeldUntil(trx, hold, OPEN_END);
        await releaseCheckedIn(trx, unit, at);
        const { moved, stranded } = await core.rehome(trx, unitId, day, OPEN_END);
        await audit.record(trx, {
          actor: staffActor(staff),
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
        const unit = await core.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        await core.moveByAction(trx, unit, 'repair_done', 'cleaning', at, { note: note || unit.note });
        if (unit.hold_booking_id !== null)
          await core.setHeldUntil(trx, unit.hold_booking_id, heldUntilAfterCleaning(today(), rules));
        await audit.record(trx, {
          actor: staffActor(staff),
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
        // The item's row, then the unit's (retiring may change the item's sizes): the core's lock order.
        const found = await core.unit(unitId, trx);
        await core.lock(trx, { itemId: found?.item_id, unitIds: [unitId] });
        const unit = await core.unit(unitId, trx);
        if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
        const before = asState(unit.state);
        const hold = await openHold(trx, unit, day, at);
        await core.moveByAction(trx, unit, 'retire', 'retired', at, { hold_booking_id: hold, note: reason });
        if (unit.hold_booking_id !== null) await core.setHeldUntil(trx, hold, OPEN_END);
        const sizeGone = await repo.dropSizeIfAllRetired(trx, unit.item_id, unit.size);
        await releaseCheckedIn(trx, unit, at);
        const { moved, stranded } = await core.rehome(trx, unitId, day, OPEN_END);
        await audit.record(trx, {
          actor: staffActor(staff),
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
        const fee = await core.lateFee(rentalId, trx);
        if (!fee) throw notFound('Rental not found');
        const status = fee.late_fee_status;
        if (status !== 'due' && status !== 'failed' && status !== 'charged')
          throw conflict(OPS_MESSAGES.noFeeToWaive, { lateFeeStatus: status });
        if (!(await core.waiveFee(trx, rentalId, status, at, staff.id)))
          throw conflict(OPS_MESSAGES.feeChanged, { lateFeeStatus: status });
        const charge =
          status === 'charged' && fee.late_fee_entry_id !== null
            ? await payments.find(fee.late_fee_entry_id, trx)
            : null;
        const refund = charge ? await core.lateFees.refund(trx, rentalId, charge) : null;
        await audit.record(trx, {
          actor: staffActor(staff),
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
      if (refundId !== null) await core.lateFees.run(refundId);
      return deskRental(rentalId);
    },

    /** The daily hold of overdue units (the core's move; run by the scheduler through the job queue). */
    holdOverdueUnits: () => core.holdOverdueUnits(),
  };
}

export type UnitLifeService = ReturnType<typeof createUnitLifeService>;
