import { afterAll, beforeAll, expect } from 'vitest';
import { makeStaff } from './staff';
import { createTestApp, type TestApp, type TestMember } from './test-app';

/**
 * The setup of the tests between members (decision 0036): an unseeded test app on the test's own
 * clock, with one staff member, made before the file's tests and closed after them. Call it at
 * the top of the test file; read `t` and `staff` inside the tests (they exist from beforeAll on).
 */
export function staffedTestApp(clock: () => Date): { readonly t: TestApp; readonly staff: TestMember } {
  let t: TestApp | undefined;
  let staff: TestMember | undefined;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, clock });
    staff = await makeStaff(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('staffedTestApp: read t and staff inside a test (they are made in beforeAll)');
    return value;
  };
  return {
    get t() {
      return made(t);
    },
    get staff() {
      return made(staff);
    },
  };
}

/** The response's body as JSON, once its status is the one expected (the body's start shows when it is not). */
export const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const r = await res;
  const text = await r.text();
  expect(r.status, text.slice(0, 400)).toBe(status);
  return JSON.parse(text) as T;
};
