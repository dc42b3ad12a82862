import type { RentalProtection } from '@domain/protection';

/** Whole dollars without cents ($5), otherwise dollars and cents ($5.50): the cover's fee on its button. */
export function feeText(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** What adding cover answered, in her words: the same sentence before the app runs (the action) and after (the mutation). */
export interface CoverAnswer {
  rentalId: number;
  ok: boolean;
  message: string;
}

/** The answer to a cover the API recorded: added (its fee charged), or the card declined the fee. */
export function coverOutcome(p: RentalProtection): CoverAnswer {
  if (p.cover?.status === 'failed')
    return {
      rentalId: p.rentalId,
      ok: false,
      message:
        'Your card declined the cover’s fee: this rental is not covered. You can try again (with another card, say).',
    };
  return {
    rentalId: p.rentalId,
    ok: true,
    message: `Damage cover added: ${feeText(p.coverFeeCents)} charged to your card.`,
  };
}
