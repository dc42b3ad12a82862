/**
 * An order's rows as the API's: its number, its studio, its delivery, and the money of its ledger
 * entries (charged, refunded, the receipt's lines).
 */
import { randomInt } from 'node:crypto';
import { CARD_BRAND_LABELS, type CardBrand } from '../../../domain/card';
import { ORDER_NUMBER_ALPHABET, OpeningHoursSchema, type OrderDelivery, type Studio } from '../../../domain/orders';
import type { Discount } from '../../../domain/offers';
import { receiptLabel, type ReceiptLine } from '../../../domain/payments';
import type { LedgerEntry } from '../payments';
import type { OrderRow, StudioRow } from './orders.repository';

export function newOrderNumber(): string {
  const pick = () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  const four = () => Array.from({ length: 4 }, pick).join('');
  return `RT-${four()}-${four()}`;
}

export function toStudio(row: StudioRow): Studio {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    street: row.street,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    phone: row.phone,
    hours: OpeningHoursSchema.array().parse(JSON.parse(row.hours)),
  };
}

/** The discount taken at booking, from the order's row (decision 0056). */
export function discountOf(row: OrderRow): Discount | null {
  if (!row.discount_kind || row.discount_cents <= 0) return null;
  return {
    kind: row.discount_kind === 'welcome' ? 'welcome' : 'code',
    code: row.discount_code,
    label: row.discount_label ?? '',
    cents: row.discount_cents,
  };
}

export function deliveryOf(row: OrderRow): OrderDelivery {
  if (row.delivery_method === 'in-store') {
    return {
      method: 'in-store',
      studio: { id: row.studio_id, name: row.studio_name ?? '', address: row.studio_address ?? '' },
    };
  }
  return {
    method: 'online',
    address: {
      recipientName: row.recipient_name ?? '',
      line1: row.address_line1 ?? '',
      line2: row.address_line2,
      city: row.address_city ?? '',
      state: row.address_state ?? '',
      zipCode: row.address_zip ?? '',
      country: row.address_country ?? '',
    },
  };
}

export const cardLabel = (c: { brand: string; lastFour: string }) =>
  `${CARD_BRAND_LABELS[c.brand as CardBrand] ?? 'Card'} ending in ${c.lastFour}`;
const isMoneyIn = (e: LedgerEntry) => e.kind === 'charge' || e.kind === 'capture';

/**
 * Amounts and receipt lines of one order, from its ledger entries (decision 0029: receipts read
 * the ledger): charges that went through and refunds made or on their way, each with what it was
 * for. A charge still unanswered, declined or refused is not money she paid and is not listed.
 */
export function moneyOf(entries: LedgerEntry[]) {
  let charged = 0;
  let refunded = 0;
  let refundPending = 0;
  const lines: ReceiptLine[] = [];
  for (const e of entries) {
    const line = {
      purpose: e.purpose,
      description: e.description,
      amountCents: e.amountCents,
      reference: e.providerRef,
      at: e.createdAt,
    };
    if (isMoneyIn(e) && e.status === 'succeeded') {
      charged += e.amountCents;
      lines.push({ ...line, kind: 'charge', label: receiptLabel(e.purpose, 'charge'), status: 'succeeded' });
    } else if (e.kind === 'refund' && (e.status === 'succeeded' || e.status === 'pending')) {
      if (e.status === 'succeeded') refunded += e.amountCents;
      else refundPending += e.amountCents;
      lines.push({ ...line, kind: 'refund', label: receiptLabel(e.purpose, 'refund'), status: e.status });
    }
  }
  return { charged, refunded, refundPending, lines };
}
