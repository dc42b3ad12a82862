/**
 * The small part of RFC 5545 (iCalendar) the lender's calendar feed needs: all-day events
 * (DTSTART/DTEND as DATE values, the end exclusive), text escaped (backslash, semicolon, comma,
 * newline: section 3.3.11) and content lines folded at 75 octets with CRLF and one space (section
 * 3.1), never inside a UTF-8 character.
 */

export interface IcsEvent {
  uid: string;
  /** First day, 'YYYY-MM-DD'. */
  startDate: string;
  /** The day after the last one (exclusive), 'YYYY-MM-DD'. */
  endDate: string;
  summary: string;
  description?: string;
}

/** A TEXT value escaped (RFC 5545 3.3.11). */
export function escapeText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line folded at 75 octets: each continuation starts with a space (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
  if (bytes(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let limit = 75;
  for (const ch of line) {
    if (bytes(current) + bytes(ch) > limit) {
      parts.push(current);
      current = '';
      limit = 74; // the leading space counts
    }
    current += ch;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const dateValue = (day: string) => day.replaceAll('-', '');
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A whole calendar: CRLF line ends, every line folded. */
export function buildCalendar(o: { name: string; events: IcsEvent[]; now: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rentique//Lending calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(o.name)}`,
  ];
  for (const e of o.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${stamp(o.now)}`,
      `DTSTART;VALUE=DATE:${dateValue(e.startDate)}`,
      `DTEND;VALUE=DATE:${dateValue(e.endDate)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
