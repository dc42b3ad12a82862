import type { Gender } from '../../domain/auth.schema';
import { readyToRent } from './renter';
import { makeStaff } from './staff';
import type { TestApp, TestMember } from './test-app';

/**
 * A member signed up through the API; `ready` adds a card, a delivery address and delivery as
 * her choice (what a pay-per-item booking needs, decision 0030); `staff` makes her staff.
 */
export async function makeMember(
  t: TestApp,
  opts: {
    fullName?: string;
    email?: string;
    password?: string;
    gender?: Gender;
    ready?: boolean | Parameters<typeof readyToRent>[1];
    staff?: boolean;
  } = {},
): Promise<TestMember> {
  const { ready, staff, ...account } = opts;
  if (staff) return makeStaff(t, account);
  const member = await t.signUp(account);
  if (ready) await readyToRent(member, ready === true ? {} : ready);
  return member;
}
