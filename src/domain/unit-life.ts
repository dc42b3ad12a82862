/**
 * The life of a physical unit between two members (docs/product.md "Staff and the operations
 * desk", decision 0031): a state machine of the unit, with who may make each move. The server
 * stores the state on the unit (table unit_states) and makes every move with one conditional
 * update from an allowed state, so two people clicking at once make one change.
 *
 *   available --dispatch--> dispatched --receive / hand_over--> with_member --send_back--> returned
 *        ^                      |  \_____________________send_back______________________/    |
 *        |                      +---------------------- check_in -----------------------------+
 *        |                                              |                     |
 *        +------------ cleaning_done ------------ cleaning <-- repair_done -- repair
 *   available | cleaning --send_to_repair--> repair;  available | cleaning | repair --retire--> retired
 *
 * "Reserved" is a rental's stage, not the unit's: a booked unit stays on the shelf (available,
 * rentable for other dates) until its rental is dispatched. Zod-free (the desk's pages use it).
 */

export const UNIT_STATES = [
  'available',
  'dispatched',
  'with_member',
  'returned',
  'cleaning',
  'repair',
  'retired',
] as const;
export type UnitState = (typeof UNIT_STATES)[number];

export const UNIT_STATE_LABELS: Record<UnitState, string> = {
  available: 'On the shelf',
  dispatched: 'Dispatched',
  with_member: 'With the member',
  returned: 'On its way back',
  cleaning: 'Cleaning',
  repair: 'In repair',
  retired: 'Retired',
};

export const UNIT_ACTIONS = [
  'dispatch',
  'receive',
  'hand_over',
  'send_back',
  'check_in',
  'cleaning_done',
  'send_to_repair',
  'repair_done',
  'retire',
] as const;
export type UnitAction = (typeof UNIT_ACTIONS)[number];

/** Who makes a move: the desk's staff, or the member who holds the rental. */
export type UnitActor = 'staff' | 'member';

export interface UnitTransition {
  from: readonly UnitState[];
  to: readonly UnitState[];
  by: UnitActor;
  /** What the move means, for the desk and the docs. */
  label: string;
}

export const UNIT_TRANSITIONS: Record<UnitAction, UnitTransition> = {
  // A delivered rental leaves by courier; a studio pickup waits at the studio ("ready").
  dispatch: {
    from: ['available'],
    to: ['dispatched'],
    by: 'staff',
    label: 'Dispatched (sent, or ready at the studio)',
  },
  // The member marks a delivery received; staff mark a studio pickup handed over.
  receive: { from: ['dispatched'], to: ['with_member'], by: 'member', label: 'Received by the member' },
  hand_over: { from: ['dispatched'], to: ['with_member'], by: 'staff', label: 'Handed over at the studio' },
  // The member's 'Return': she has sent it back or dropped it off.
  send_back: { from: ['dispatched', 'with_member'], to: ['returned'], by: 'member', label: 'Sent back by the member' },
  // Staff check it in at the warehouse or studio, graded, into cleaning or repair.
  check_in: {
    from: ['dispatched', 'with_member', 'returned'],
    to: ['cleaning', 'repair'],
    by: 'staff',
    label: 'Checked in',
  },
  cleaning_done: { from: ['cleaning'], to: ['available'], by: 'staff', label: 'Cleaning done' },
  send_to_repair: { from: ['available', 'cleaning'], to: ['repair'], by: 'staff', label: 'Sent to repair' },
  // A repaired piece is cleaned before it goes out again.
  repair_done: { from: ['repair'], to: ['cleaning'], by: 'staff', label: 'Repair done' },
  retire: { from: ['available', 'cleaning', 'repair'], to: ['retired'], by: 'staff', label: 'Retired' },
};

/** True when `action` may move a unit from `from` to `to`. */
export function canTransition(action: UnitAction, from: UnitState, to: UnitState): boolean {
  const t = UNIT_TRANSITIONS[action];
  return t.from.includes(from) && t.to.includes(to);
}

/** States in which the unit is out of the warehouse on a rental. */
export const OUT_STATES = ['dispatched', 'with_member', 'returned'] as const satisfies readonly UnitState[];

/* ---------------------------------------------------------------- condition at check-in */

export const CONDITIONS = ['as_new', 'good', 'needs_repair', 'damaged'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_LABELS: Record<Condition, string> = {
  as_new: 'As new',
  good: 'Good',
  needs_repair: 'Needs repair',
  damaged: 'Damaged',
};

/** Where a checked-in unit goes by default: cleaning when it is fit to rent, repair otherwise. */
export function nextStateAfterCheckIn(condition: Condition): 'cleaning' | 'repair' {
  return condition === 'as_new' || condition === 'good' ? 'cleaning' : 'repair';
}

/** Damage recorded at check-in that a repair mends (all but normal wear and a small stain): the unit goes to repair (decision 0070). */
export function damageGoesToRepair(kind: string | undefined): boolean {
  return kind !== undefined && kind !== 'wear' && kind !== 'small_stain';
}

/** A unit graded needs repair or damaged cannot go straight to cleaning. */
export function checkInTargetAllowed(condition: Condition, to: 'cleaning' | 'repair'): boolean {
  return to === 'repair' || nextStateAfterCheckIn(condition) === 'cleaning';
}

/* ---------------------------------------------------------------- unit codes */

/**
 * The code on a unit's label (a barcode or typed by hand): RT- and its id in six or more digits,
 * e.g. RT-000042. Codes are read without regard to case, with or without the dash and the
 * leading zeros ("rt42", "RT-42").
 */
export function unitCode(unitId: number): string {
  return `RT-${String(unitId).padStart(6, '0')}`;
}

export const UNIT_CODE_PATTERN = /^RT-?0*([1-9][0-9]{0,9})$/i;
export const UNIT_CODE_MESSAGE = 'must be a unit code like RT-000042';

/** The unit id of a code, or null when it is not one. */
export function parseUnitCode(text: string): number | null {
  const m = UNIT_CODE_PATTERN.exec(text.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return id <= 2_147_483_647 ? id : null;
}
