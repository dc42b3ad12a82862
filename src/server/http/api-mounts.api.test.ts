import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_ROUTES } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Each API feature is mounted at its own /api/<feature> (decision 0055), and the upload body
 * limit follows the routes that take files: a route moved without its pattern would be refused
 * at 1 MB (or a pattern left behind would name nothing).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Operation {
  parameters?: { name: string; in: string; schema?: { enum?: unknown[] } }[];
  requestBody?: { content?: Record<string, unknown> };
}

/** The OpenAPI document's multipart routes, as a path a browser would send ('/api/claims'). */
async function multipartPaths(): Promise<string[]> {
  const doc = (await (await t.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.values(ops)
      .filter((op) => 'multipart/form-data' in (op.requestBody?.content ?? {}))
      .map((op) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) => {
          const values = op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema?.enum;
          return values?.length ? String(values[0]) : '7';
        }),
      ),
  );
}

describe(`API mounts (${process.env.TEST_DIALECT})`, () => {
  it('mounts no feature at the /api root', () => {
    const app = readFileSync(path.resolve(import.meta.dirname, '../app.ts'), 'utf8');
    expect(app.match(/\.route\(\s*['"`]\/api\/?['"`]/g) ?? []).toEqual([]);
  });

  it('gives every multipart route the upload body limit, and every upload pattern a route', async () => {
    const paths = await multipartPaths();
    expect(paths.length).toBeGreaterThanOrEqual(UPLOAD_ROUTES.length);
    expect(paths.filter((p) => !UPLOAD_ROUTES.some((r) => r.test(p)))).toEqual([]);
    expect(UPLOAD_ROUTES.filter((r) => !paths.some((p) => r.test(p))).map(String)).toEqual([]);
  });
});
