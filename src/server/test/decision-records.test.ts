import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/README.md: each record has a Date and a Status line; a supersession is on both records.

const dir = path.resolve(import.meta.dirname, '../../../docs/decisions');
const records = readdirSync(dir)
  .filter((f) => /^\d{4}-.+\.md$/.test(f))
  .map((file) => ({ file, number: file.slice(0, 4), text: readFileSync(path.join(dir, file), 'utf8') }));

/** The value of a `Name: value` line of a record, or null. */
const field = (text: string, name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(text)?.[1]?.trim() ?? null;

describe('decision records', () => {
  it('finds the records', () => {
    expect(records.length).toBeGreaterThanOrEqual(10);
  });

  it('numbers each record once', () => {
    const numbers = records.map((r) => r.number);
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it.each(records.map((r) => [r.file, r] as const))('%s has a Date and a Status line', (_file, r) => {
    const date = field(r.text, 'Date');
    expect(date, 'a line "Date: YYYY-MM-DD"').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10), 'a real calendar date').toBe(date);
    expect(field(r.text, 'Status'), 'a line "Status: accepted" or "Status: superseded by NNNN"').toMatch(
      /^(accepted|superseded by \d{4})$/,
    );
  });

  it('writes each supersession on both records', () => {
    const byNumber = new Map(records.map((r) => [r.number, r]));
    const problems: string[] = [];
    for (const r of records) {
      const by = /^superseded by (\d{4})$/.exec(field(r.text, 'Status') ?? '')?.[1];
      if (by) {
        const newer = byNumber.get(by);
        if (!newer) problems.push(`${r.file}: superseded by ${by}, which does not exist`);
        else if (!(field(newer.text, 'Supersedes') ?? '').includes(r.number))
          problems.push(`${newer.file}: no "Supersedes: ${r.number}" line`);
      }
      for (const old of (field(r.text, 'Supersedes') ?? '').match(/\d{4}/g) ?? []) {
        if (field(byNumber.get(old)?.text ?? '', 'Status') !== `superseded by ${r.number}`)
          problems.push(`${old}: its status is not "superseded by ${r.number}"`);
      }
    }
    expect(problems).toEqual([]);
  });
});
