import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine } from './ics';

/* The calendar feed's RFC 5545 text (decision 0067): escaping, folding at 75 octets, CRLF. */
describe('ics', () => {
  it('escapes backslash, semicolon, comma and newlines in text', () => {
    expect(escapeText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
  });
  it('folds lines at 75 octets without splitting a character, and unfolds back', () => {
    const line = `SUMMARY:${'é'.repeat(60)}${'x'.repeat(40)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((p) => p.startsWith(' ')),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });
  it('writes all-day events between BEGIN and END, CRLF-terminated', () => {
    const text = buildCalendar({
      name: 'Rentique',
      now: new Date('2026-11-22T10:00:00.000Z'),
      events: [{ uid: 'block-1@x', startDate: '2026-12-10', endDate: '2026-12-15', summary: 'Blocked: A, B' }],
    });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261210');
    expect(lines).toContain('DTEND;VALUE=DATE:20261215');
    expect(lines).toContain('DTSTAMP:20261122T100000Z');
    expect(lines).toContain('SUMMARY:Blocked: A\\, B');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
