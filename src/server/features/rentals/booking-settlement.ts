import type { Logger } from '../../logger';
import type { RentalsDeps } from './rentals.deps';
import type { RentalsRepository } from './rentals.repository';

/**
 * What the ledger's settlement does to a booking (decision 0030): a charge that went through
 * confirms it (the managed piece's lender is told); a declined one books nothing, and gives back
 * what the booking took (the welcome offer or code's use, her store credit, a waitlist hold).
 */
export function settleBookings(deps: RentalsDeps, repo: RentalsRepository, log: Logger): void {
  const { payments, core, orders, offers } = deps;
  // The outcome of a booking's charge: confirmed, or nothing booked (decision 0030).
  payments.onSettle('booking', async (trx, entry, outcome) => {
    if (entry.rentalId === null || entry.orderId === null) return;
    if (outcome.status === 'succeeded') {
      const rental = await repo.forSettlement(trx, entry.rentalId);
      if (!rental) return;
      await core.recordCharge(trx, entry.rentalId, entry.amountCents);
      await orders.confirm(trx, entry.orderId);
      // A managed piece is a member's (it has a lender); a house piece has nothing to tell.
      if (rental.lender_id !== null) await deps.managed?.confirmed(trx, entry.rentalId);
      // Last, just before the commit: the count is a catalogue change, and logging one holds the
      // catalogue's version row (every process's index follows it) until the commit.
      await repo.countRental(trx, rental.item_id);
    } else {
      await orders.fail(trx, entry.orderId);
      // Nothing was booked: her welcome offer, or her code's use, comes back.
      await offers.release(trx, entry.orderId);
      await deps.credit.returnForOrder(trx, entry.orderId, 'Given back: the card was declined, nothing was booked');
      await deps.bookingDeclined(trx, entry.rentalId);
      await core.deleteRental(trx, entry.rentalId);
    }
  });

  // A cancellation's refund: nothing more to apply; a refused refund stays in the ledger for client care.
  payments.onSettle('cancellation', async (_trx, entry, outcome) => {
    if (outcome.status !== 'succeeded')
      log.error(
        { entryId: entry.id, orderId: entry.orderId, outcome },
        'a cancellation refund was refused by the provider',
      );
  });
}
