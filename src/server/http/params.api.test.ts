import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../domain/errors';
import { listApiRoutes, type ApiRoute } from '../test/routes';
import { makeStaff } from '../test/staff';
import { createTestApp, type TestApp, type TestMember } from '../test/test-app';

/*
 * Ids in paths are written one way only: canonical decimal, 1 to 2^31-1. Every route with a
 * numeric id parameter (read from the OpenAPI document, so a new route is covered without being
 * listed here) refuses the other spellings of 10 with a 400 in the error shape.
 */
const ID_PARAMS = new Set(['id', 'itemId']);
const NOT_CANONICAL = [
  '0x10',
  '1e1',
  '+10',
  ' 10',
  '10 ',
  '010',
  '10.0',
  '-10',
  '0',
  '2147483648',
  '99999999999',
  '１０',
];

let t: TestApp;
let member: TestMember;
let routes: ApiRoute[];
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // A staff account reaches every route (the ops desk's too), so the id is what is tested.
  member = await makeStaff(t);
  routes = (await listApiRoutes(t.app)).filter((r) => r.pathParams.some((p) => ID_PARAMS.has(p)));
});
afterAll(async () => {
  await t?.close();
});

function url(route: ApiRoute, id: string): string {
  let path = route.path;
  // Other path parameters get a valid value, so the id is what is tested (a handover photo's stage is a word).
  const other = (p: string) => (p === 'stage' ? 'sent' : '0');
  for (const p of route.pathParams) path = path.replace(`{${p}}`, ID_PARAMS.has(p) ? encodeURIComponent(id) : other(p));
  // The availability and calendar routes also need dates and a size (checked before the path); other routes ignore them.
  return `${path}?from=2026-12-01&to=2026-12-08&size=M`;
}

describe(`numeric ids in paths (${process.env.TEST_DIALECT})`, () => {
  it('finds the routes with id parameters', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
  });

  it('refuses every non-canonical spelling of an id with 400 on every route', async () => {
    for (const route of routes) {
      for (const id of NOT_CANONICAL) {
        const res = await member.request(url(route, id), { method: route.method.toUpperCase() });
        const text = await res.text();
        expect(res.status, `${route.method.toUpperCase()} ${url(route, id)}: ${text.slice(0, 200)}`).toBe(400);
        const body = ApiErrorSchema.parse(JSON.parse(text));
        expect(body.error.code).toBe('VALIDATION_FAILED');
        expect(body.error.issues?.[0]?.message, `${route.method} ${url(route, id)}`).toMatch(/whole number/);
      }
    }
  });

  it('takes the canonical spelling (an unknown id is a 404, not a 400)', async () => {
    for (const route of routes.filter((r) => r.method === 'get')) {
      const res = await member.request(url(route, '2147483647'));
      expect(res.status, `GET ${url(route, '2147483647')}`).toBe(404);
    }
  });
});
