/**
 * The calendar: every rule of the product counts in calendar days in UTC, written 'YYYY-MM-DD'
 * (docs/product.md). These are the only date helpers; the rules modules re-export them where
 * their callers already import from.
 */

import type { z } from 'zod';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The UTC calendar day of an instant, 'YYYY-MM-DD' (the day a daily limit counts in, a rental starts on...). */
export function isoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** 'YYYY-MM-DD' plus n days (n may be negative). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b ('YYYY-MM-DD'); negative when b is before a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar day ('YYYY-MM-DD', or the day part of a timestamp) in the member's words, "Nov 29,
 * 2026": what `toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric',
 * timeZone: 'UTC' })` prints, without loading the browser's date data (a first date format took
 * 30 ms while a page hydrated, decision 0081).
 */
export function formatDay(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return `${SHORT_MONTHS[(m ?? 1) - 1]} ${d ?? 1}, ${y}`;
}

/**
 * A zod refinement of a date range [startDate, endDate): the end after the start, at most
 * `maxDays` later; the issue is on endDate. (zod's types only: this module loads no zod, decision 0039.)
 */
export function refineDateRange(
  v: { startDate: string; endDate: string },
  ctx: z.RefinementCtx,
  maxDays: number,
): void {
  if (v.endDate <= v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be after startDate' });
  else if (daysBetween(v.startDate, v.endDate) > maxDays)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be at most ${maxDays} days after startDate` });
}
