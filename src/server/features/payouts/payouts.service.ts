import type { Kysely } from 'kysely';
import { LENDER_SHARE_PERCENT } from '../../../domain/listings';
import {
  csvField,
  csvMoney,
  EARNING_STATUS_LABELS,
  PAYOUT_MESSAGES,
  PLATFORM_COMMISSION_PERCENT,
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
import { sourcesOf, type DamageCredit, type PolicyLine, type SalesReader, type Source } from './payout-sources';
import { createPayoutsRepository } from './payouts.repository';

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

/**
 * Payouts and the statement (docs/product.md "Payouts", decision 0036). What a lender has earned
 * comes from the listings feature's one rule (earning rentals); an earning is available
 * EARNINGS_CLEAR_DAYS after the piece came back unless a claim on that rental is open; an upheld
 * claim whose charge went through is credited in full. A payout takes everything available: its
 * lines (one per source, unique) are the database's guard against paying an earning twice, even
 * when two payouts are asked for at the same moment. The money goes through the payments ledger
 * (purpose 'payout') to the provider's payout, to her tokenised bank account.
 */
export function createPayoutsService(
  ctx: AppContext,
  deps: {
    payments: PaymentsService;
    listings: ListingsService;
    reports: Pick<ReportsService, 'payoutAdjustments'>;
    /** What the damage schedule owes her (decision 0064): the whole, once the renter's part is collected. */
    damage?: { lenderCredits(lenderId: string, q?: Kysely<DB>): Promise<DamageCredit[]> };
    /** Lender policies' lines (decision 0067): her cancellation fees, her share of what her policy kept; each once. */
    policy?: (lenderId: string, q?: Kysely<DB>) => Promise<PolicyLine[]>;
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
    const { earning, names, sales } = earned ?? (await earningsOf(lenderId));
    return sourcesOf({
      now: ctx.clock().getTime(),
      earning,
      names,
      sales,
      claims: await repo.claimsOf(lenderId, q),
      lines: await repo.linesOf(lenderId, q),
      adjustments: await reports.payoutAdjustments(lenderId, q),
      damage: deps.damage ? await deps.damage.lenderCredits(lenderId, q) : [],
      policy: deps.policy ? await deps.policy(lenderId, q) : [],
    });
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
