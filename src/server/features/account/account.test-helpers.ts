import { afterAll, beforeAll } from 'vitest';
import { makeStaff } from '../../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../../test/test-app';

/*
 * The setup of the account tests (account-settings*.api.test.ts, account-delete*.api.test.ts): an
 * app whose clock runs ahead of the real one by what a test sets (a payout needs earnings two days
 * old). Call accountTestApp() at the top of the file; read `t` inside the tests (made in beforeAll).
 */
export function accountTestApp(opts: { seed?: boolean; smtp?: boolean } = {}) {
  /** How far the app's clock runs ahead of the real one. */
  let clockAheadMs = 0;
  let t: TestApp | undefined;
  let staff: TestMember | undefined;
  beforeAll(async () => {
    t = await createTestApp({ ...opts, clock: () => new Date(Date.now() + clockAheadMs) });
  });
  afterAll(async () => {
    await t?.close();
  });
  const app = {
    get t(): TestApp {
      if (!t) throw new Error('accountTestApp: read t inside a test (made in beforeAll)');
      return t;
    },
    /** How far the app's clock runs ahead of the real one (ms). */
    get clockAhead(): number {
      return clockAheadMs;
    },
    setClockAhead(ms: number) {
      clockAheadMs = ms;
    },
    /** A staff member, made the first time she is asked for. */
    staff: async (): Promise<TestMember> => (staff ??= await makeStaff(app.t)),
  };
  return app;
}

/** The id of the member the session cookie belongs to, or null when it is not signed in. */
export async function whoIs(t: TestApp, cookie: string): Promise<string | null> {
  const res = await t.request('/api/auth/get-session', { headers: { cookie } });
  const body = (await res.json()) as { user: { id: string } } | null;
  return body?.user.id ?? null;
}
