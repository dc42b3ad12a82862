import { EARNINGS_CLEAR_DAYS, type EarningStatus } from '../../../domain/payouts';
import type { ListingsService } from '../listings';
import type { ReportsService } from '../reports';
import type { PayoutsRepository } from './payouts.repository';

const DAY_MS = 86_400_000;

/** What the damage schedule owes a lender (decision 0064). */
export interface DamageCredit {
  id: number;
  amountCents: number;
  itemName: string;
  at: string;
}

/**
 * A line of the lender policies (decision 0067): her fee for cancelling an accepted request
 * (negative, kind 'fee'), or her share of what her cancellation policy kept (kind 'earning').
 */
export interface PolicyLine {
  source: string;
  kind: 'fee' | 'earning';
  cents: number;
  description: string;
  at: string;
}

/** A lender's pieces sold in the pre-loved sale, with her share of each. */
export type SalesReader = (
  lenderId: string,
) => Promise<{ id: number; itemName: string; at: string; priceCents: number; shareCents: number }[]>;

/** A source of money for the lender: a rental's earning, a sale, an upheld claim's credit, damage per the schedule, or a refunded report's deduction (negative). */
export interface Source {
  source: string;
  kind: 'earning' | 'claim' | 'report' | 'damage' | 'fee';
  date: string;
  description: string;
  grossCents: number;
  feeCents: number;
  netCents: number;
  status: EarningStatus;
  availableFrom: string | null;
}

/**
 * The lender's statement lines from what was read for her (payouts.service.ts reads them, in the
 * payout's transaction where it matters): one line per source, each with where it stands. An
 * earning is available EARNINGS_CLEAR_DAYS after the piece came back (a managed piece's once
 * credited at check-in) unless a claim or a report on that rental is open; a line already on a
 * payout is paid or paying.
 */
export function sourcesOf(input: {
  now: number;
  earning: Awaited<ReturnType<ListingsService['earningRentals']>>;
  names: Map<number, string>;
  sales: Awaited<ReturnType<SalesReader>>;
  claims: Awaited<ReturnType<PayoutsRepository['claimsOf']>>;
  lines: Awaited<ReturnType<PayoutsRepository['linesOf']>>;
  adjustments: Awaited<ReturnType<ReportsService['payoutAdjustments']>>;
  damage: DamageCredit[];
  policy?: PolicyLine[];
}): Source[] {
  const { now, earning, names, sales, claims, lines, adjustments, damage } = input;
  const paidBy = new Map(lines.map((l) => [l.source, l.status]));
  const openClaim = new Set(claims.filter((c) => c.status === 'open').map((c) => c.rental_id));
  const openReport = new Set(adjustments.filter((r) => r.open).map((r) => r.rentalId));
  const settledStatus = (source: string): EarningStatus | null => {
    const s = paidBy.get(source);
    return s === 'paid' ? 'paid' : s === 'pending' ? 'paying' : null;
  };
  const out: Source[] = [];
  for (const e of earning) {
    const source = `rental:${e.rentalId}`;
    // A managed piece's share is available once credited at check-in (decision 0062); a self-lent
    // piece's, EARNINGS_CLEAR_DAYS after it came back.
    const availableFrom = e.managed
      ? e.managed.creditedAt
      : e.returnedAt
        ? new Date(new Date(e.returnedAt).getTime() + EARNINGS_CLEAR_DAYS * DAY_MS).toISOString()
        : null;
    let status: EarningStatus =
      settledStatus(source) ??
      (openClaim.has(e.rentalId)
        ? 'held'
        : openReport.has(e.rentalId)
          ? 'reported'
          : availableFrom && new Date(availableFrom).getTime() <= now
            ? 'available'
            : 'pending');
    if (status === 'available' && openClaim.has(e.rentalId)) status = 'held';
    out.push({
      source,
      kind: 'earning',
      date: e.returnedAt ?? e.startDate,
      description: `Rental of ${names.get(e.itemId) ?? 'your piece'} (from ${e.startDate})`,
      grossCents: e.priceCents,
      feeCents: e.priceCents - e.shareCents,
      netCents: e.shareCents,
      status,
      availableFrom,
    });
  }
  // A refunded report takes the lender's share of the refund from her balance, once (its own payout line).
  for (const r of adjustments.filter((x) => !x.open && x.deductionCents > 0)) {
    const source = `report:${r.reportId}`;
    out.push({
      source,
      kind: 'report',
      date: r.decidedAt ?? '',
      description: `Refund to the renter (problem report): ${r.itemName}`,
      grossCents: -r.deductionCents,
      feeCents: 0,
      netCents: -r.deductionCents,
      status: settledStatus(source) ?? 'available',
      availableFrom: r.decidedAt,
    });
  }
  // Keep it (decision 0059): the renter bought the piece; the lender's share of the price clears like an earning.
  for (const e of earning.filter((x) => x.kept !== null)) {
    const kept = e.kept!;
    const source = `keep:${e.rentalId}`;
    const availableFrom = new Date(new Date(kept.at).getTime() + EARNINGS_CLEAR_DAYS * DAY_MS).toISOString();
    out.push({
      source,
      kind: 'earning',
      date: kept.at,
      description: `Sale of ${names.get(e.itemId) ?? 'your piece'} (kept by its renter)`,
      grossCents: kept.priceCents,
      feeCents: kept.priceCents - kept.shareCents,
      netCents: kept.shareCents,
      status:
        settledStatus(source) ??
        (openClaim.has(e.rentalId) ? 'held' : new Date(availableFrom).getTime() <= now ? 'available' : 'pending'),
      availableFrom,
    });
  }
  // The pre-loved sale (decision 0066): her piece sold; her share of the price clears like an earning.
  for (const sale of sales) {
    const source = `sale:${sale.id}`;
    const availableFrom = new Date(new Date(sale.at).getTime() + EARNINGS_CLEAR_DAYS * DAY_MS).toISOString();
    out.push({
      source,
      kind: 'earning',
      date: sale.at,
      description: `Sale of ${sale.itemName} (pre-loved)`,
      grossCents: sale.priceCents,
      feeCents: sale.priceCents - sale.shareCents,
      netCents: sale.shareCents,
      status: settledStatus(source) ?? (new Date(availableFrom).getTime() <= now ? 'available' : 'pending'),
      availableFrom,
    });
  }
  for (const c of claims.filter((x) => x.status === 'upheld' && x.charge_status === 'charged')) {
    const source = `claim:${c.id}`;
    out.push({
      source,
      kind: 'claim',
      date: c.decided_at ?? '',
      description: `Damage claim upheld: ${c.item_name}`,
      grossCents: c.amount_cents,
      feeCents: 0,
      netCents: c.amount_cents,
      status: settledStatus(source) ?? 'available',
      availableFrom: c.decided_at,
    });
  }
  for (const d of damage) {
    const source = `damage:${d.id}`;
    out.push({
      source,
      kind: 'damage',
      date: d.at,
      description: `Damage per the schedule: ${d.itemName}`,
      grossCents: d.amountCents,
      feeCents: 0,
      netCents: d.amountCents,
      status: settledStatus(source) ?? 'available',
      availableFrom: d.at,
    });
  }
  // Lender policies (decision 0067): her cancellation fee (negative), her share of what her policy kept.
  for (const p of input.policy ?? []) {
    out.push({
      source: p.source,
      kind: p.kind,
      date: p.at,
      description: p.description,
      grossCents: p.cents,
      feeCents: 0,
      netCents: p.cents,
      status: settledStatus(p.source) ?? 'available',
      availableFrom: p.at,
    });
  }
  return out;
}
