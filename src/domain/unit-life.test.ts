import { describe, expect, it } from 'vitest';
import {
  UNIT_ACTIONS,
  UNIT_STATES,
  UNIT_TRANSITIONS,
  canTransition,
  checkInTargetAllowed,
  nextStateAfterCheckIn,
  parseUnitCode,
  unitCode,
} from './unit-life';

describe("the unit's life", () => {
  it('goes available -> dispatched -> with the member -> returned -> cleaning -> available, or to repair and retirement', () => {
    const path: [Parameters<typeof canTransition>[0], string, string][] = [
      ['dispatch', 'available', 'dispatched'],
      ['receive', 'dispatched', 'with_member'],
      ['send_back', 'with_member', 'returned'],
      ['check_in', 'returned', 'cleaning'],
      ['cleaning_done', 'cleaning', 'available'],
      ['send_to_repair', 'available', 'repair'],
      ['repair_done', 'repair', 'cleaning'],
      ['retire', 'cleaning', 'retired'],
    ];
    for (const [action, from, to] of path)
      expect(canTransition(action, from as never, to as never), `${action}: ${from} -> ${to}`).toBe(true);
    // A unit out on a rental cannot be retired, cleaned or dispatched again before check-in.
    expect(canTransition('retire', 'with_member', 'retired')).toBe(false);
    expect(canTransition('cleaning_done', 'returned', 'available')).toBe(false);
    expect(canTransition('dispatch', 'cleaning', 'dispatched')).toBe(false);
    // Nothing leaves retirement.
    for (const action of UNIT_ACTIONS) expect(UNIT_TRANSITIONS[action].from).not.toContain('retired');
    // Every state is reachable.
    const reached = new Set(UNIT_ACTIONS.flatMap((a) => UNIT_TRANSITIONS[a].to));
    for (const s of UNIT_STATES.filter((x) => x !== 'available')) expect(reached.has(s), s).toBe(true);
  });

  it('says who makes each move: the member marks receipt and her return, staff the rest', () => {
    expect(UNIT_ACTIONS.filter((a) => UNIT_TRANSITIONS[a].by === 'member')).toEqual(['receive', 'send_back']);
  });

  it('sends a unit graded needs repair or damaged to repair, never straight to cleaning', () => {
    expect(nextStateAfterCheckIn('as_new')).toBe('cleaning');
    expect(nextStateAfterCheckIn('good')).toBe('cleaning');
    expect(nextStateAfterCheckIn('needs_repair')).toBe('repair');
    expect(nextStateAfterCheckIn('damaged')).toBe('repair');
    expect(checkInTargetAllowed('good', 'repair')).toBe(true);
    expect(checkInTargetAllowed('damaged', 'cleaning')).toBe(false);
  });

  it('writes and reads unit codes', () => {
    expect(unitCode(42)).toBe('RT-000042');
    expect(unitCode(1234567)).toBe('RT-1234567');
    for (const text of ['RT-000042', 'rt-42', 'RT42', ' rt000042 ']) expect(parseUnitCode(text), text).toBe(42);
    for (const text of ['42', 'RT-0', 'XX-42', 'RT-42a', 'RT-99999999999'])
      expect(parseUnitCode(text), text).toBeNull();
  });
});
