import type { Kysely } from 'kysely';
import { LENDER_SHARE_PERCENT } from '../../../domain/listings';
import {
  csvField,
  csvMoney,
  EARNING_STATUS_LABELS,
  EARNINGS_CLEAR_DAYS,
  PAYOUT_MESSAGES,
  PLATFORM_COMMISSION_PERCENT,
  type EarningStatus,
  type Payout,
  type PayoutAccount,
  type PayoutStatus,
  type Statement,
  type StatementLine,
} from '../../../domain/payouts';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { DomainError } from '../../../domain/errors';
import type { ListingsService } from '../listings';
import type { ReportsService } from '../reports';
import { isUniqueViolation, PaymentDeclinedError, type PaymentsService } from '../payments';
import { createPayoutsRepository } from './payouts.repository';

const DAY_MS = 86_400_000;

type PayoutRow = {
  id: number;
  amount_cents: number;
  status: string;
  holder_name: string;
  last_four: string;
  created_at: string;
  settled_at: string | null;
};
const toPayout = (r: PayoutRow): Payout => ({
  id: r.id,
  amountCents: r.amount_cents,
  status: r.status as PayoutStatus,
  holderName: r.holder_name,
  lastFour: r.last_four,
  createdAt: r.created_at,
  settledAt: r.settled_at,
});

interface DamageCredit {
  id: number;
  amountCents: number;
  itemName: string;
  at: string;
}

/** A source of money for the lender: a rental's earning, an upheld claim's credit, or a refunded report's deduction (negative). */
interface Source {
  source: string;
  kind: 'earning' | 'claim' | 'report' | 'damage';
  date: string;
  description: string;
  grossCents: number;
  feeCents: number;
  netCents: number;
  status: EarningStatus;
  availableFrom: string | null;
}

/**
 * Payouts and the statement (docs/product.md "Payouts", decision 0036). What a lender has earned
 * comes from the listings feature's one rule (earning rentals); an earning is available
 * EARNINGS_CLEAR_DAYS after the piece came back unless a claim on that rental is open; an upheld
 * claim whose charge went through is credited in full. A payout takes everything available: its
 * lines (one per source, unique) are the database's guard against paying an earning twice, even
 * when two payouts are asked for at the same moment. The money goes through the payments ledger
 * (purpose 'payout') to the provider's payout, to her tokenised bank account.
 */
/** A lender's pieces sold in the pre-loved sale, with her share of each. */
export type SalesReader = (
  lenderId: string,
) => Promise<{ id: number; itemName: string; at: string; priceCents: number; shareCents: number }[]>;

export function createPayoutsService(
  ctx: AppContext,
  deps: {
    payments: PaymentsService;
    listings: ListingsService;
    reports: Pick<ReportsService, 'payoutAdjustments'>;
    /** What the damage schedule owes her (decision 0064): the whole, once the renter's part is collected. */
    damage?: { lenderCredits(lenderId: string, q?: Kysely<DB>): Promise<DamageCredit[]> };
  },
) {
  const { db } = ctx.database;
  const repo = createPayoutsRepository(db);
  const { payments, listings, reports } = deps;
  const log = ctx.logger.child({ feature: 'payouts' });
  const nowIso = () => ctx.clock().toISOString();
  /** The lender's pieces sold in the pre-loved sale (decision 0066), given by services.ts once the sale is built. */
  let salesOf: SalesReader = async () => [];

  payments.onSettle('payout', async (trx, entry, outcome) => {
    const payoutId = Number(entry.context.payoutId);
    if (outcome.status === 'succeeded') await repo.settle(trx, payoutId, { paid: true }, nowIso());
    else await repo.settle(trx, payoutId, { paid: false, failure: outcome.message }, nowIso());
  });

  /** Every source of the lender's money and where it stands, read in `q` (the payout's transaction) where it matters. */
  async function earningsOf(lenderId: string) {
    const earning = await listings.earningRentals(lenderId);
    const names = new Map(
      (await repo.itemNames([...new Set(earning.map((e) => e.itemId))])).map((i) => [i.id, i.name]),
    );
    return { earning, names, sales: await salesOf(lenderId) };
  }

  /**
   * `earned` is read before the transaction (SQLite has one connection: nothing may read outside
   * a transaction while it is open); a rental that starts earning in between is simply paid next time.
   */
  async function sources(
    lenderId: string,
    q: Kysely<DB> = db,
    earned?: Awaited<ReturnType<typeof earningsOf>>,
  ): Promise<Source[]> {
    const now = ctx.clock().getTime();
    const { earning, names, sales } = earned ?? (await earningsOf(lenderId));
    const claims = await repo.claimsOf(lenderId, q);
    const lines = await repo.linesOf(lenderId, q);
    const paidBy = new Map(lines.map((l) => [l.source, l.status]));
    const openClaim = new Set(claims.filter((c) => c.status === 'open').map((c) => c.rental_id));
    const adjustments = await reports.payoutAdjustments(lenderId, q);
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
    for (const d of deps.damage ? await deps.damage.lenderCredits(lenderId, q) : []) {
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
    return out;
  }

  async function accountOf(userId: string): Promise<PayoutAccount | null> {
    const row = await repo.account(userId);
    return row ? { holderName: row.holder_name, lastFour: row.last_four, updatedAt: row.updated_at } : null;
  }

  async function statement(lenderId: string): Promise<Statement> {
    const [all, payouts, account] = await Promise.all([
      sources(lenderId),
      repo.payoutsOf(lenderId),
      accountOf(lenderId),
    ]);
    const sum = (xs: Source[]) => xs.reduce((n, x) => n + x.netCents, 0);
    const lines: StatementLine[] = [
      ...all.map((s) => ({
        date: s.date,
        kind: s.kind,
        description: s.description,
        grossCents: s.grossCents,
        feeCents: s.feeCents,
        netCents: s.netCents,
        status: EARNING_STATUS_LABELS[s.status],
        availableFrom: s.availableFrom,
      })),
      ...payouts
        .filter((p) => p.status !== 'failed')
        .map((p) => ({
          date: p.created_at,
          kind: 'payout' as const,
          description: `Payout to ${p.holder_name} ···· ${p.last_four}`,
          grossCents: p.amount_cents,
          feeCents: 0,
          netCents: -p.amount_cents,
          status: p.status === 'paid' ? 'Paid' : 'On its way',
          availableFrom: null,
        })),
    ].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
    return {
      commissionPercent: PLATFORM_COMMISSION_PERCENT,
      sharePercent: LENDER_SHARE_PERCENT,
      availableCents: sum(all.filter((s) => s.status === 'available')),
      pendingCents: sum(all.filter((s) => s.status === 'pending' || s.status === 'held' || s.status === 'reported')),
      paidOutCents: payouts.filter((p) => p.status === 'paid').reduce((n, p) => n + p.amount_cents, 0),
      account,
      lines,
      payouts: payouts.map(toPayout),
    };
  }

  return {
    /** Lets the pre-loved sale give its sold pieces of a lender (services.ts, decision 0066). */
    addSales(reader: SalesReader): void {
      salesOf = reader;
    },

    account: accountOf,
    statement,

    /** Registers her bank account with the provider; only the holder's name and last four are kept (with the provider's token). */
    async saveAccount(
      userId: string,
      input: { holderName: string; routingNumber: string; accountNumber: string },
    ): Promise<PayoutAccount> {
      let tokenized;
      try {
        tokenized = await payments.provider.tokenizeBankAccount(input);
      } catch (err) {
        if (err instanceof PaymentDeclinedError)
          throw new DomainError('VALIDATION_FAILED', err.message, {
            issues: [{ path: 'accountNumber', message: err.message }],
          });
        throw err;
      }
      await repo.saveAccount({
        user_id: userId,
        holder_name: input.holderName,
        last_four: tokenized.lastFour,
        token: tokenized.token,
        provider: payments.provider.name,
        updated_at: nowIso(),
      });
      return (await accountOf(userId))!;
    },

    /** Holds the lender's payouts until `trx` ends: a problem report being opened calls it (decision 0060). */
    lockLender: (trx: Kysely<DB>, lenderId: string): Promise<void> => repo.lockAccount(trx, lenderId),

    /** Pays out everything available now, once (the unique payout lines decide between two requests at once). */
    async request(lenderId: string): Promise<Payout> {
      const account = await repo.account(lenderId);
      if (!account)
        throw new DomainError('CONFLICT', PAYOUT_MESSAGES.accountRequired, { details: { missing: 'payout_account' } });
      let payoutId: number;
      let entryId: number;
      const earned = await earningsOf(lenderId);
      try {
        ({ payoutId, entryId } = await db.transaction().execute(async (trx) => {
          // One payout of hers at a time; a problem report on her piece waits for this one (decision 0060).
          await repo.lockAccount(trx, lenderId);
          const available = (await sources(lenderId, trx, earned)).filter((s) => s.status === 'available');
          const amount = available.reduce((n, s) => n + s.netCents, 0);
          if (amount <= 0) throw new DomainError('CONFLICT', PAYOUT_MESSAGES.nothingAvailable);
          const now = nowIso();
          const id = await repo.insertPayout(trx, {
            lender_id: lenderId,
            amount_cents: amount,
            holder_name: account.holder_name,
            last_four: account.last_four,
            created_at: now,
          });
          await repo.insertLines(
            trx,
            id,
            available.map((s) => ({ source: s.source, amountCents: s.netCents })),
          );
          const entry = await payments.record(trx, {
            userId: lenderId,
            purpose: 'payout',
            kind: 'payout',
            amountCents: amount,
            description: `Rentique payout ${id}`,
            idempotencyKey: `payout:${id}`,
            recipientId: lenderId,
            card: { token: account.token, brand: 'bank', lastFour: account.last_four },
            context: { payoutId: id },
          });
          await repo.setEntry(trx, id, entry.id);
          return { payoutId: id, entryId: entry.id };
        }));
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('CONFLICT', PAYOUT_MESSAGES.concurrent);
        throw err;
      }
      try {
        await payments.run(entryId);
      } catch (err) {
        log.warn({ err, payoutId }, 'payout not answered in the request: the payments recovery performs it');
      }
      return toPayout((await repo.payout(payoutId))!);
    },

    /** The statement as CSV (RFC 4180 quoting): every earning, fee, claim credit and payout. */
    async statementCsv(lenderId: string): Promise<string> {
      const s = await statement(lenderId);
      // A line's instant is written as the business's day it fell on (decision 0047).
      const day = (at: string) => (at.length > 10 ? ctx.dayOf(at) : at);
      const rows = [
        [
          'Date',
          'Type',
          'Description',
          'Amount (USD)',
          `Commission ${s.commissionPercent}% (USD)`,
          'Net (USD)',
          'Status',
          'Available from',
        ],
        ...s.lines.map((l) => [
          day(l.date),
          l.kind,
          l.description,
          csvMoney(l.grossCents),
          csvMoney(-l.feeCents),
          csvMoney(l.netCents),
          l.status,
          l.availableFrom ? day(l.availableFrom) : '',
        ]),
      ];
      return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
