import type { Kysely } from 'kysely';
import { REPORT_MESSAGES, type ReportOutcome } from '../../../domain/reports';
import { DomainError } from '../../../domain/errors';
import type { DB } from '../../db/schema';
import type { LedgerEntry, PaymentsService } from '../payments';

/** What a rental was paid with: its booking's (or request's) charge or capture and its extensions. */
const PAID_PURPOSES = new Set(['booking', 'lending_request', 'extension']);

export interface RefundPlan {
  /** Everything paid for the rental, and what of it can still be refunded. */
  paidCents: number;
  refundableCents: number;
  /** The charges with their refundable amounts, oldest first. */
  charges: { charge: LedgerEntry; refundable: number }[];
}

/** What the rental was paid and what can be refunded, read in the caller's transaction. */
export async function refundPlan(payments: PaymentsService, trx: Kysely<DB>, rentalId: number): Promise<RefundPlan> {
  const paid = (await payments.forRental(rentalId, trx)).filter(
    (e) => PAID_PURPOSES.has(e.purpose) && (e.kind === 'charge' || e.kind === 'capture') && e.status === 'succeeded',
  );
  const charges = [];
  for (const charge of paid) charges.push({ charge, refundable: await payments.refundableCents(trx, charge) });
  return {
    paidCents: paid.reduce((n, e) => n + e.amountCents, 0),
    refundableCents: charges.reduce((n, c) => n + c.refundable, 0),
    charges,
  };
}

/**
 * The refund an outcome gives: all that can still be refunded (full), or the amount asked, which
 * must be less than that (partial), or nothing (rejected). Refunds never exceed what was paid.
 */
export function refundAmount(plan: RefundPlan, outcome: ReportOutcome, amountCents: number | undefined): number {
  if (outcome === 'rejected') return 0;
  if (plan.refundableCents <= 0) throw new DomainError('CONFLICT', REPORT_MESSAGES.nothingPaid);
  if (outcome === 'full_refund') return plan.refundableCents;
  const amount = amountCents ?? 0;
  if (amount >= plan.refundableCents)
    throw new DomainError('VALIDATION_FAILED', REPORT_MESSAGES.overPaid, {
      issues: [{ path: 'amountCents', message: `${REPORT_MESSAGES.overPaid} (${plan.refundableCents} cents)` }],
    });
  return amount;
}

/** The lender's share of a refund: her earning times the refunded part of what was paid (at most her earning). */
export function lenderDeduction(earningCents: number, refundCents: number, paidCents: number): number {
  if (refundCents <= 0 || paidCents <= 0 || earningCents <= 0) return 0;
  return Math.min(earningCents, Math.round((earningCents * refundCents) / paidCents));
}

/**
 * Records the refund to her card, spread over the rental's charges oldest first, each under the
 * key `report:<id>:refund:<charge id>` (unique in the ledger). Returns the entries, to run after the commit.
 */
export async function recordRefunds(
  payments: PaymentsService,
  trx: Kysely<DB>,
  plan: RefundPlan,
  v: { reportId: number; userId: string; rentalId: number; amountCents: number; itemName: string },
): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let left = v.amountCents;
  for (const { charge, refundable } of plan.charges) {
    if (left <= 0) break;
    const amount = Math.min(left, refundable);
    if (amount <= 0) continue;
    left -= amount;
    entries.push(
      await payments.record(trx, {
        userId: v.userId,
        purpose: 'problem_report',
        kind: 'refund',
        amountCents: amount,
        description: `Refund: problem reported with ${v.itemName}`,
        idempotencyKey: `report:${v.reportId}:refund:${charge.id}`,
        orderId: charge.orderId,
        rentalId: v.rentalId,
        target: charge,
        context: { reportId: v.reportId },
      }),
    );
  }
  return entries;
}

/** Sends recorded refunds after their commit; one not answered stays pending for the payments recovery. */
export async function runRefunds(
  payments: PaymentsService,
  log: { warn(obj: object, msg: string): void },
  entries: LedgerEntry[],
  reportId: number,
): Promise<void> {
  for (const e of entries) {
    try {
      await payments.run(e.id);
    } catch (err) {
      log.warn({ err, reportId }, 'report refund not answered in the request: the payments recovery performs it');
    }
  }
}

/**
 * Why she may not report again when everything she paid is back on her card (a later report could
 * give nothing); null otherwise. A rental that cost nothing (her plan's allowance) can be reported.
 */
export function fullyRefunded(plan: Pick<RefundPlan, 'paidCents' | 'refundableCents'>): string | null {
  return plan.paidCents > 0 && plan.refundableCents <= 0 ? REPORT_MESSAGES.refundedInFull : null;
}
