import { setStaffRole } from '../features/ops/staff-accounts';
import type { TestApp, TestMember } from './test-app';

/** A new account made staff the way `npm run staff -- add` does it (audited as the CLI). */
export async function makeStaff(t: TestApp, opts: { fullName?: string; email?: string } = {}): Promise<TestMember> {
  const member = await t.signUp({
    fullName: opts.fullName ?? 'Sam Staff',
    ...(opts.email ? { email: opts.email } : {}),
  });
  const result = await setStaffRole(
    t.ctx.database.db,
    member.email,
    'staff',
    { kind: 'cli', id: null, email: null },
    t.ctx.clock,
  );
  if (result.outcome !== 'changed') throw new Error(`could not make ${member.email} staff: ${result.outcome}`);
  return member;
}

/** Staff approve a member's listing through the API (it must be waiting for review). */
export async function approveListing(staff: TestMember, itemId: number): Promise<void> {
  const res = await staff.request(`/api/ops/listings/${itemId}/approve`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`approve ${itemId}: ${res.status} ${await res.text()}`);
}

/** Staff dispatch a rental through the desk's API (it must be a reservation due to go out). */
export async function dispatchRental(staff: TestMember, rentalId: number): Promise<void> {
  const res = await staff.request(`/api/ops/rentals/${rentalId}/dispatch`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`dispatch ${rentalId}: ${res.status} ${await res.text()}`);
}
