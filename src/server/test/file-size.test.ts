import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Files you can hold in your head (issue 26): no hand-written source file over 400 lines, tests
// and scripts included. Split along a real seam (a family of garments, a step of a flow, the
// words against the rules), not at line 400.

const MAX_LINES = 400;
const root = path.resolve(import.meta.dirname, '../../..');
const DIRS = ['src', 'scripts', 'bench', 'e2e'];
const SOURCE = /\.(ts|tsx|mjs)$/;

/** Written by tools, not by hand: never split, regenerated instead. Only generated and data files belong here. */
const GENERATED = new Set([
  'src/server/db/schema.ts', // kysely-codegen, from the migrations
  'src/web/lib/api-schema.d.ts', // openapi-typescript, from the API's OpenAPI document (npm run api:types)
]);

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return d.name === 'node_modules' || d.name.startsWith('.') ? [] : sources(rel);
    return SOURCE.test(d.name) ? [rel] : [];
  });
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const sizes = DIRS.flatMap(sources).map((file) => ({
  file,
  lines: lineCount(readFileSync(path.join(root, file), 'utf8')),
}));
const over = sizes.filter((s) => s.lines > MAX_LINES && !GENERATED.has(s.file));

describe('source files', () => {
  it('finds the sources', () => {
    expect(sizes.length).toBeGreaterThan(300);
    for (const file of GENERATED) expect(sizes.map((s) => s.file)).toContain(file);
  });

  it(`are at most ${MAX_LINES} lines each, generated files aside`, () => {
    expect(over.map((s) => `${s.file} (${s.lines} lines)`)).toEqual([]);
  });
});
