const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 999 -> "$9.99". Money is integer cents everywhere until it is shown. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** "2026-11-29" -> "Nov 29, 2026", read as a calendar date (no time-zone shift). */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
