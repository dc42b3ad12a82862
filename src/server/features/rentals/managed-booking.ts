import type { Kysely } from 'kysely';
import { lenderShareCents } from '../../../domain/listings';
import { managedShareCents } from '../../../domain/managed-lending';
import type { DB } from '../../db/schema';

/**
 * Managed lending's part in a booking (decision 0062): a member's piece that Rentique looks after
 * is booked at once like a house piece, at the managed share; the share is written with the
 * booking (credited at check-in) and she is told once the booking is confirmed.
 */
export interface ManagedBooking {
  isManaged: (trx: Kysely<DB>, itemId: number) => Promise<boolean>;
  sharePercent: number;
  booked: (
    trx: Kysely<DB>,
    r: { rentalId: number; itemId: number; lenderId: string; shareCents: number },
  ) => Promise<void>;
  confirmed: (trx: Kysely<DB>, rentalId: number) => Promise<void>;
}

/** The lender's share of a booking's price: none for a house piece, the managed share, or the self-lent share. */
export function lenderShareOf(lenderId: string | null, managed: ManagedBooking | null, priceCents: number): number {
  if (!lenderId) return 0;
  return managed ? managedShareCents(priceCents, managed.sharePercent) : lenderShareCents(priceCents);
}
