/**
 * Money's one owner (issue 32): integer cents everywhere until shown. Parsing dollars a person
 * typed and formatting cents happen here and nowhere else (the pages, the e-mails, the CSVs, the
 * ops and listing forms, the browse price filter, the style assistant's budget).
 */

/**
 * 999 -> "$9.99", 123456 -> "$1,234.56", -50 -> "-$0.50": what Intl.NumberFormat('en-US',
 * { style: 'currency', currency: 'USD' }) prints (src/web/lib/format.test.ts holds it to that).
 * Written out because creating the Intl formatter loads ICU's number data, a measured ~20 ms task
 * on the item page's first load (docs/decisions/0010).
 */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}$${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A whole number with thousands separators, as `n.toLocaleString('en-US')` prints it: 1234 ->
 * "1,234", -1234567 -> "-1,234,567" (fractions are rounded away). The same reason: the first
 * toLocaleString of a page took 22 ms on the item page's hydration (decision 0078).
 */
export function formatCount(n: number): string {
  const whole = Math.round(n);
  return `${whole < 0 ? '-' : ''}${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** Cents as a plain decimal, no sign of currency: 1250 -> "12.50", -5 -> "-0.05" (a price box's value, a CSV cell). */
export function centsAsDecimal(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1,234.50" (thousands), or "12,5" (a decimal comma: one or two digits after it). */
const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d*)?$/;
const DECIMAL_COMMA = /^\d+,\d{1,2}$/;

/**
 * Dollars typed by a person as cents, with one rule for every field: '$', spaces and thousands
 * commas are ignored ('$1,234.50' -> 123450), a comma before one or two last digits is a decimal
 * point ('12,5' -> 1250), and the amount is rounded to the cent. Empty text is `null` (no amount);
 * anything else that is not a non-negative amount ('abc', '-5', '1.2.3') is `NaN`, which a schema
 * refuses as not a number and a filter ignores.
 */
export function parseCents(text: string): number | null {
  const t = text.replace(/[$\s]/g, '');
  if (t === '') return null;
  const plain = THOUSANDS.test(t) ? t.replace(/,/g, '') : DECIMAL_COMMA.test(t) ? t.replace(',', '.') : t;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(plain)) return Number.NaN;
  return Math.round(Number(plain) * 100);
}
