import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClock } from './clock';

const dir = mkdtempSync(path.join(tmpdir(), 'rentique-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the clock', () => {
  it('is the real time without a clock file', () => {
    const clock = createClock({ clockFile: undefined });
    expect(Math.abs(clock().getTime() - Date.now())).toBeLessThan(50);
  });

  it('adds the offset written in the clock file, and follows a new one', async () => {
    const file = path.join(dir, 'offset');
    const clock = createClock({ clockFile: file });
    expect(Math.abs(clock().getTime() - Date.now())).toBeLessThan(50); // no file yet: no offset
    writeFileSync(file, String(5 * 86_400_000));
    await new Promise((r) => setTimeout(r, 150));
    expect(Math.round((clock().getTime() - Date.now()) / 86_400_000)).toBe(5);
    writeFileSync(file, 'tomorrow');
    await new Promise((r) => setTimeout(r, 150));
    expect(() => clock()).toThrow(/whole number of milliseconds/);
  });
});
