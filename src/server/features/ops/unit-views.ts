import { OPS_MESSAGES, type DeskRental, type UnitDetail } from '../../../domain/ops';
import { CONDITIONS, unitCode, type Condition } from '../../../domain/unit-life';
import { notFound } from '../../../domain/errors';
import type { AppContext } from '../../context';
import { asUnitState as asState, toDeskRental, type BookingsCore, type UnitRow } from '../bookings';
import { conditionPhotoUrl } from './condition-photos.service';
import type { UnitLifeRepository } from './unit-life.repository';

const asCondition = (v: string | null | undefined): Condition | null =>
  (CONDITIONS as readonly string[]).includes(v ?? '') ? (v as Condition) : null;

/** The desk's views of a unit (its state, rental, next reservation, hold, backup, photos) and of a rental. */
export function unitViewsOf(ctx: AppContext, core: BookingsCore, repo: UnitLifeRepository) {
  const today = () => ctx.today();

  async function deskRental(rentalId: number): Promise<DeskRental> {
    const row = await core.rental(rentalId);
    if (!row) throw notFound('Rental not found');
    return toDeskRental(row, today(), ctx.dayOf);
  }

  async function unitDetail(row: UnitRow): Promise<UnitDetail> {
    const day = today();
    const state = asState(row.state);
    const [rental, next, photos, hold, backupOf] = await Promise.all([
      row.rental_id !== null ? core.rental(row.rental_id) : undefined,
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
    const row = await core.unit(unitId);
    if (!row) throw notFound(OPS_MESSAGES.unitNotFound);
    return unitDetail(row);
  }

  return { deskRental, unitDetail, unitById };
}
