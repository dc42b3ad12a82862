import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CreditService } from '../credit';
import type { OrdersService } from '../orders';
import type { RentalsRepository } from './rentals.repository';

/**
 * Store credit at checkout (decision 0063), in the booking's transaction: her credit pays first,
 * under her credit lock, and the order records what it paid. When it pays all that is due the
 * card is not charged: the rental is counted and the order confirmed here. Returns the cents
 * credit paid.
 */
export async function payWithCredit(
  trx: Kysely<DB>,
  deps: { credit: CreditService; orders: OrdersService; repo: RentalsRepository },
  b: { userId: string; order: { id: number; number: string }; due: number; itemId: number },
): Promise<number> {
  const creditCents = await deps.credit.spendAtCheckout(trx, {
    userId: b.userId,
    orderId: b.order.id,
    orderNumber: b.order.number,
    dueCents: b.due,
  });
  if (creditCents > 0) await deps.orders.recordCredit(trx, b.order.id, creditCents);
  if (creditCents > 0 && creditCents === b.due) {
    await deps.repo.countRental(trx, b.itemId);
    await deps.orders.confirm(trx, b.order.id);
  }
  return creditCents;
}
