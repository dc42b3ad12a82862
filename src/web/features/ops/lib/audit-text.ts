import { AUDIT_SUBJECT_LABELS, AUDIT_SUBJECT_TYPES } from '@domain/ops.rules';
import type { AuditEntry, AuditSubjectType } from '@domain/ops';
import { formatCents, formatCount } from '../../../lib/format';

/**
 * The audit log in words (/ops/audit): an entry's before and after are stored as the code wrote
 * them (amountCents: 4500, unitState: 'with_member'); staff read "Amount: $45.00" and "Unit
 * state: with member". A field not named here is spelled out from its name.
 */
const FIELD_LABELS: Record<string, string> = {
  amountCents: 'Amount',
  lateFeeCents: 'Late fee',
  rentalPriceCents: 'Weekly price',
  retailPriceCents: 'Retail price',
  entryId: 'Payment entry',
  ledgerEntry: 'Ledger entry',
  refundEntry: 'Refund entry',
  refund: 'Refunded',
  rentalId: 'Rental',
  round: 'Review round',
  handoff: 'Handover',
  movedReservations: 'Reservations moved to another unit',
  strandedReservations: 'Reservations left without a unit',
  sizeWithdrawn: 'Size withdrawn',
  isNew: 'Marked new',
};

/** Fields whose values are codes ('with_member', 'in-store'): shown as words. */
const CODE_FIELDS = new Set([
  'status',
  'unitState',
  'chargeStatus',
  'lateFeeStatus',
  'handoff',
  'condition',
  'role',
  'category',
]);

/** A field's name as staff read it: 'lateFeeStatus' -> 'Late fee status'. */
export function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const codeWords = (v: string) => v.replace(/[_-]+/g, ' ');

/** A field's value as staff read it: money in dollars, yes/no, codes in words, lists joined. */
export function fieldValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key.endsWith('Cents') && typeof value === 'number') return formatCents(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : value.toLocaleString('en-US');
  if (typeof value === 'string') return CODE_FIELDS.has(key) ? codeWords(value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value
      .map((v) => {
        const unit = v as { size?: unknown; count?: unknown };
        if (v && typeof v === 'object' && 'size' in unit && 'count' in unit)
          return `${String(unit.size)} × ${String(unit.count)}`;
        return fieldValue(key, v);
      })
      .join(', ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${fieldValue(k, v)}`)
      .join('; ');
  }
  return JSON.stringify(value);
}

export const isAuditSubjectType = (v: string | null | undefined): v is AuditSubjectType =>
  (AUDIT_SUBJECT_TYPES as readonly string[]).includes(v ?? '');

/** What the entry is about, readably: an account by its e-mail, a unit by its code, the rest by number. */
export function subjectText(
  e: Pick<AuditEntry, 'subjectType' | 'subjectId'> & { before?: unknown; after?: unknown },
): string {
  if (e.subjectType === 'user') {
    const email = [e.after, e.before]
      .map((v) => (v as { email?: unknown } | null)?.email)
      .find((x): x is string => typeof x === 'string');
    return `account ${email ?? e.subjectId}`;
  }
  const label = isAuditSubjectType(e.subjectType)
    ? AUDIT_SUBJECT_LABELS[e.subjectType].toLowerCase()
    : codeWords(e.subjectType);
  return e.subjectType === 'unit' ? `${label} ${e.subjectId}` : `${label} #${e.subjectId}`;
}
