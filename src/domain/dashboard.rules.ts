/**
 * How the dashboard writes its figures, without zod: its summary cards need them at first paint,
 * not the dashboard's schemas and the catalogue's behind them (dashboard.ts re-exports this; see
 * catalogue.rules.ts for why the split).
 */

/** 950 -> "950", 1000 -> "1k", 12_345 -> "12.3k" (docs/product.md, Dashboard: 1000 and over shown with 'k'). */
export function formatLitres(litres: number): string {
  if (litres < 1000) return String(Math.round(litres));
  const k = Math.round(litres / 100) / 10;
  return `${Number.isInteger(k) ? k.toFixed(0) : k.toFixed(1)}k`;
}
