/** The order's e-mails: their kinds, and what each says (the confirmation, the cancellation). */
import { addressLines, type OrderSummary } from '../../../domain/orders';
import { formatUsd } from '../../../domain/payments';
import { PLANS } from '../../../domain/plans';
import { cardLabel } from './order-rows';
import type { OrderRow } from './orders.repository';

export const ORDER_EMAIL_KINDS = ['confirmed', 'cancelled'] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/** The subject and lines of one of an order's e-mails, from the order and its summary as she sees it. */
export function orderEmailText(
  order: OrderRow,
  summary: OrderSummary | undefined,
  kind: OrderEmailKind,
): { subject: string; lines: string[] } {
  if (!summary) throw new Error(`order ${order.id} not found`);
  const item = summary.items[0];
  const what = item
    ? `${item.name} by ${item.brand}, size ${item.size}${item.backupSize ? ` (and size ${item.backupSize} as your backup, at no charge)` : ''}`
    : 'Your rental';
  const delivery =
    summary.delivery.method === 'online'
      ? `Delivered to: ${addressLines(summary.delivery.address).join(', ')}`
      : `Pick up at: ${summary.delivery.studio.name}, ${summary.delivery.studio.address}`;
  const bought = summary.bought[0];
  if (kind === 'confirmed' && bought)
    return {
      subject: `Your Rentique order ${order.number} is confirmed`,
      lines: [
        `Thank you for your order ${order.number}.`,
        '',
        `Pre-loved: ${bought.name} by ${bought.brand}, size ${bought.size}. It is yours to keep.`,
        delivery,
        `Paid: ${formatUsd(summary.chargedCents)}${summary.card ? `, charged to your ${cardLabel(summary.card)}` : ''}`,
      ],
    };
  if (kind === 'confirmed') {
    const paid = summary.coveredByPlan
      ? `Included in your plan (${PLANS[order.plan as keyof typeof PLANS]?.title ?? order.plan})`
      : `Paid: ${formatUsd(summary.chargedCents)}${summary.card ? `, charged to your ${cardLabel(summary.card)}` : ''}`;
    return {
      subject: `Your Rentique order ${order.number} is confirmed`,
      lines: [
        `Thank you for your order ${order.number}.`,
        '',
        what,
        item ? `From ${item.startDate} to ${item.returnDate} (return it by then)` : '',
        delivery,
        ...(summary.discount ? [`${summary.discount.label}: -${formatUsd(summary.discount.cents)}`] : []),
        ...(summary.creditCents > 0 ? [`Store credit: -${formatUsd(summary.creditCents)}`] : []),
        paid,
        '',
        'Until the rental starts you can cancel it from your dashboard for a full refund.',
      ],
    };
  }
  const refund = summary.coveredByPlan
    ? 'The piece is back in your plan for this month.'
    : `Refund: ${formatUsd(summary.refundedCents + summary.refundPendingCents)}${summary.card ? ` to your ${cardLabel(summary.card)}` : ''}; your bank may take 5 to 10 days to show it.`;
  return {
    subject: `Your Rentique order ${order.number} is cancelled`,
    lines: [`Your order ${order.number} is cancelled.`, '', what, refund],
  };
}
