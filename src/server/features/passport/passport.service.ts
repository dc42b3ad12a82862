import { notFound } from '../../../domain/errors';
import type { ItemPassport, PassportUnit, UnitEvent, UnitHistory } from '../../../domain/passport';
import { OPS_MESSAGES } from '../../../domain/ops.rules';
import { CONDITIONS, UNIT_STATES, unitCode, type Condition, type UnitState } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import { createAuditRepository } from '../audit';
import { createPassportRepository, type PassportRentalRow } from './passport.repository';

type AuditRow = Awaited<ReturnType<ReturnType<typeof createAuditRepository>['forSubjects']>>[number];

/** The desk's moves of a unit (audit log actions) and the passport's name for each. */
const DESK_EVENTS = {
  'unit.check_in': 'checked_in',
  'unit.cleaning_done': 'cleaning_done',
  'unit.send_to_repair': 'sent_to_repair',
  'unit.repair_done': 'repair_done',
  'unit.retire': 'retired',
} as const satisfies Record<string, UnitEvent['kind']>;
const DESK_ACTIONS = Object.keys(DESK_EVENTS) as (keyof typeof DESK_EVENTS)[];

const asState = (v: string | null): UnitState =>
  (UNIT_STATES as readonly string[]).includes(v ?? '') ? (v as UnitState) : 'available';
const asCondition = (v: string | null): Condition =>
  (CONDITIONS as readonly string[]).includes(v ?? '') ? (v as Condition) : 'good';
const afterOf = (row: AuditRow): Record<string, unknown> =>
  row.after_json ? (JSON.parse(row.after_json) as Record<string, unknown>) : {};

/**
 * The garment's passport (docs/product.md "The garment's passport", decision 0059), read-only over
 * what is recorded: the rentals that went out on a unit (and their check-in grade), and the desk's
 * moves in the audit log (cleaning done, repairs, retirement). The item page gets each rentable
 * unit's summary; the desk a unit's whole history.
 */
export function createPassportService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = createPassportRepository(db);
  const audit = createAuditRepository(db);

  function summaryOf(rentals: PassportRentalRow[], entries: AuditRow[], size: string, unitNo: number): PassportUnit {
    const checked = rentals.filter((r) => r.checked_in_at && !r.kept_at && r.condition);
    const last = checked.at(-1);
    const cleaned = entries.filter((e) => e.action === 'unit.cleaning_done').at(-1);
    const repairs = entries.filter(
      (e) => e.action === 'unit.send_to_repair' || (e.action === 'unit.check_in' && afterOf(e).unitState === 'repair'),
    ).length;
    return {
      size,
      unitNo,
      timesRented: rentals.length,
      lastCheckIn: last ? { condition: asCondition(last.condition), date: ctx.dayOf(last.checked_in_at!) } : null,
      lastCleanedOn: cleaned ? ctx.dayOf(cleaned.at) : null,
      repairs,
    };
  }

  return {
    /** The item's rentable units (retired and kept ones left out), each with its history in brief. */
    async forItem(itemId: number): Promise<ItemPassport> {
      if (!(await repo.isListed(itemId))) throw notFound('Item not found');
      const units = (await repo.unitsOfItem(itemId)).filter((u) => asState(u.state) !== 'retired');
      const ids = units.map((u) => u.id);
      const [rentals, entries] = await Promise.all([
        repo.rentalsOf(ids),
        audit.forSubjects('unit', ids.map(unitCode), DESK_ACTIONS),
      ]);
      return {
        itemId,
        units: units.map((u) =>
          summaryOf(
            rentals.filter((r) => r.unit_id === u.id),
            entries.filter((e) => e.subject_id === unitCode(u.id)),
            u.size,
            u.unit_no,
          ),
        ),
      };
    },

    /** A unit's whole history for the desk, newest first. */
    async forUnit(unitId: number): Promise<UnitHistory> {
      const unit = await repo.unit(unitId);
      if (!unit) throw notFound(OPS_MESSAGES.unitNotFound);
      const code = unitCode(unitId);
      const [rentals, entries] = await Promise.all([
        repo.rentalsOf([unitId]),
        audit.forSubjects('unit', [code], DESK_ACTIONS),
      ]);
      const events: UnitEvent[] = [];
      for (const r of rentals) {
        events.push({
          kind: 'rented',
          at: r.dispatched_at!,
          rentalId: r.id,
          member: r.member_name,
          detail: `${r.start_date} to ${r.end_date}`,
          condition: null,
          by: null,
        });
        if (r.kept_at)
          events.push({
            kind: 'kept',
            at: r.kept_at,
            rentalId: r.id,
            member: r.member_name,
            detail: null,
            condition: null,
            by: null,
          });
      }
      // A check-in at the lender's (her own piece) is on the rental, not in the desk's log.
      const deskCheckIns = new Set(
        entries.filter((e) => e.action === 'unit.check_in').map((e) => Number(afterOf(e).rentalId)),
      );
      for (const r of rentals.filter((x) => x.checked_in_at && !x.kept_at && !deskCheckIns.has(x.id)))
        events.push({
          kind: 'checked_in',
          at: r.checked_in_at!,
          rentalId: r.id,
          member: r.member_name,
          detail: r.condition_note,
          condition: r.condition ? asCondition(r.condition) : null,
          by: null,
        });
      for (const e of entries) {
        const after = afterOf(e);
        const kind = DESK_EVENTS[e.action as keyof typeof DESK_EVENTS];
        const rental = rentals.find((r) => r.id === Number(after.rentalId));
        events.push({
          kind,
          at: e.at,
          rentalId: rental?.id ?? null,
          member: rental?.member_name ?? null,
          detail: typeof after.note === 'string' ? after.note : typeof after.reason === 'string' ? after.reason : null,
          condition: typeof after.condition === 'string' ? asCondition(after.condition) : null,
          by: e.actor_email,
        });
      }
      // Newest first; moves at the same instant in the reverse of the order they were made.
      const order = events.map((e, i) => ({ e, i }));
      order.sort((a, b) => (a.e.at < b.e.at ? 1 : a.e.at > b.e.at ? -1 : b.i - a.i));
      events.splice(0, events.length, ...order.map((x) => x.e));
      return {
        unitCode: code,
        itemId: unit.item_id,
        itemName: unit.item_name,
        size: unit.size,
        unitNo: unit.unit_no,
        state: asState(unit.state),
        summary: summaryOf(rentals, entries, unit.size, unit.unit_no),
        events,
      };
    },
  };
}

export type PassportService = ReturnType<typeof createPassportService>;
