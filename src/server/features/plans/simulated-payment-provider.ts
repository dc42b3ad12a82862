import { randomBytes } from 'node:crypto';
import { detectCardBrand, digitsOnly, lastFourOf } from '../../../domain/card';
import { PaymentDeclinedError, type PaymentProvider } from './payment-provider';

/**
 * Card numbers the simulated provider declines, like a real provider's test cards
 * (Stripe's "generic decline" and "insufficient funds").
 */
export const SIMULATED_DECLINED_NUMBERS = new Set(['4000000000000002', '4000000000009995']);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Payment is simulated (docs/product.md, Plans and payment): no money moves. It takes `delayMs` to "process" a card
 * (PAYMENT_DELAY_MS, 2 s by default, so the page's 'Processing' state is real), declines the
 * test numbers above, and hands back an opaque token that reveals nothing about the card.
 */
export function createSimulatedPaymentProvider(opts: { delayMs: number }): PaymentProvider {
  return {
    name: 'simulated',
    async tokenizeCard(card) {
      if (opts.delayMs > 0) await sleep(opts.delayMs);
      const digits = digitsOnly(card.number);
      if (SIMULATED_DECLINED_NUMBERS.has(digits)) throw new PaymentDeclinedError();
      return { token: `sim_tok_${randomBytes(12).toString('hex')}`, brand: detectCardBrand(digits), lastFour: lastFourOf(digits) };
    },
    async charge(req) {
      if (!req.token.startsWith('sim_tok_')) throw new PaymentDeclinedError('Unknown card token.');
      return { chargeId: `sim_ch_${randomBytes(12).toString('hex')}` };
    },
    async refund(req) {
      if (!req.chargeId.startsWith('sim_ch_')) throw new PaymentDeclinedError('Unknown charge.');
      return { refundId: `sim_re_${randomBytes(12).toString('hex')}` };
    },
  };
}
