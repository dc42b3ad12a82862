import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { detectCardBrand, digitsOnly, lastFourOf } from '../../../domain/card';
import type { DeclineCode } from '../../../domain/payments';
import type { DB } from '../../db/schema';
import {
  AUTHORISATION_DAYS,
  MIN_CARD_PAYMENT_CENTS,
  PaymentDeclinedError,
  PaymentRequestError,
  type PaymentProvider,
} from './payment-provider';
import { once, sleep } from './simulated-idempotency';
import { SIMULATED_TEST_CARDS, cardExpired } from './simulated-test-cards';

// The test cards live in simulated-test-cards.ts; their first callers import them from here.
export { SIMULATED_DECLINED_NUMBERS, SIMULATED_TEST_CARDS } from './simulated-test-cards';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The payment provider in test mode (docs/product.md, "Plans and payment"; decision 0029): no
 * money moves, but it behaves as a real provider's test mode does. It keeps its own records
 * (tables `payment_sim_*`, standing for the provider's servers), so idempotency keys, captures,
 * voids and refunds hold across app processes and restarts. Each call takes `delayMs`
 * (PAYMENT_DELAY_MS: 2 s by default, so the pages' 'Processing' state is real; 0 in API tests).
 *
 * Each operation runs in one transaction of its own that first claims its idempotency key (the
 * table's primary key): two calls with one key at the same moment do the work once, and the
 * second gets the first one's answer. Amount rules are conditional updates (a refund raises
 * `refunded_cents` only while it stays within the charge), so they hold under concurrent calls.
 */
export function createSimulatedPaymentProvider(opts: {
  db: Kysely<DB>;
  delayMs: number;
  clock?: () => Date;
}): PaymentProvider {
  const { db } = opts;
  const clock = opts.clock ?? (() => new Date());
  /** Where `once` keeps each idempotency key's answer (simulated-idempotency.ts). */
  const requests = { db, delayMs: opts.delayMs, clock };

  function checkAmount(amountCents: number, min: number) {
    if (!Number.isInteger(amountCents) || amountCents < min) {
      throw new PaymentRequestError('amount_too_small', `The amount must be a whole number of cents, at least ${min}.`);
    }
  }

  /** The card behind a token, or a decline as the bank would give it at payment time. */
  async function payableCard(trx: Kysely<DB>, token: string, now: Date): Promise<void> {
    const card = await trx
      .selectFrom('payment_sim_cards')
      .select(['behaviour', 'expiry_month', 'expiry_year'])
      .where('token', '=', token)
      .executeTakeFirst();
    if (!card) {
      // Tokens from the first simulated provider (decision 0005) were never recorded: good cards.
      if (token.startsWith('sim_tok_')) return;
      throw new PaymentRequestError('not_found', 'No such card token.');
    }
    if (card.behaviour && card.behaviour !== 'refund_fails') {
      throw new PaymentDeclinedError(card.behaviour as DeclineCode, 'The card was declined.');
    }
    if (cardExpired(card.expiry_month, card.expiry_year, now))
      throw new PaymentDeclinedError('expired_card', 'The card has expired.');
  }

  async function newCharge(
    trx: Kysely<DB>,
    v: { token: string | null; parentId: string | null; amountCents: number; now: Date },
  ) {
    const id = newId('sim_ch');
    await trx
      .insertInto('payment_sim_objects')
      .values({
        id,
        kind: 'charge',
        token: v.token,
        parent_id: v.parentId,
        recipient: null,
        amount_cents: v.amountCents,
        status: 'succeeded',
        expires_at: null,
        created_at: v.now.toISOString(),
      })
      .execute();
    return { id, amountCents: v.amountCents };
  }

  return {
    name: 'simulated',

    async tokenizeCard(card) {
      if (opts.delayMs > 0) await sleep(opts.delayMs);
      const digits = digitsOnly(card.number);
      const refused = (SIMULATED_TEST_CARDS.declinedAtTokenize as Record<string, DeclineCode>)[digits];
      if (refused) throw new PaymentDeclinedError(refused, 'The card was declined.');
      const behaviour: string | null =
        (SIMULATED_TEST_CARDS.declinedAtCharge as Record<string, DeclineCode>)[digits] ??
        (digits === SIMULATED_TEST_CARDS.refundFails ? 'refund_fails' : null);
      const token = newId('sim_card');
      const brand = detectCardBrand(digits);
      const lastFour = lastFourOf(digits);
      await db
        .insertInto('payment_sim_cards')
        .values({
          token,
          brand,
          last_four: lastFour,
          expiry_month: card.expiryMonth,
          expiry_year: card.expiryYear,
          behaviour,
          created_at: clock().toISOString(),
        })
        .execute();
      return { token, brand, lastFour };
    },

    authorise(req) {
      return once(
        requests,
        'authorise',
        req.idempotencyKey,
        { token: req.token, amountCents: req.amountCents },
        async (trx, now) => {
          checkAmount(req.amountCents, MIN_CARD_PAYMENT_CENTS);
          await payableCard(trx, req.token, now);
          const id = newId('sim_auth');
          const expiresAt = new Date(now.getTime() + AUTHORISATION_DAYS * 86_400_000).toISOString();
          await trx
            .insertInto('payment_sim_objects')
            .values({
              id,
              kind: 'authorisation',
              token: req.token,
              parent_id: null,
              recipient: null,
              amount_cents: req.amountCents,
              status: 'authorised',
              expires_at: expiresAt,
              created_at: now.toISOString(),
            })
            .execute();
          return { id, amountCents: req.amountCents, expiresAt };
        },
      );
    },

    capture(req) {
      return once(
        requests,
        'capture',
        req.idempotencyKey,
        { authorisationId: req.authorisationId, amountCents: req.amountCents ?? null },
        async (trx, now) => {
          const auth = await trx
            .selectFrom('payment_sim_objects')
            .select(['amount_cents', 'token'])
            .where('id', '=', req.authorisationId)
            .where('kind', '=', 'authorisation')
            .executeTakeFirst();
          if (!auth) throw new PaymentRequestError('not_found', `No such authorisation: ${req.authorisationId}.`);
          const amount = req.amountCents ?? auth.amount_cents;
          checkAmount(amount, 1);
          if (amount > auth.amount_cents)
            throw new PaymentRequestError(
              'amount_too_large',
              `Cannot capture ${amount} cents of an authorisation of ${auth.amount_cents}.`,
            );
          // Captured once, and only while open: the conditional update decides between racing calls.
          const res = await trx
            .updateTable('payment_sim_objects')
            .set({ status: 'captured' })
            .where('id', '=', req.authorisationId)
            .where('status', '=', 'authorised')
            .where('expires_at', '>', now.toISOString())
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1)
            throw new PaymentRequestError(
              'authorisation_not_open',
              'The authorisation was captured, voided or has expired.',
            );
          return newCharge(trx, { token: auth.token, parentId: req.authorisationId, amountCents: amount, now });
        },
      );
    },

    async void(req) {
      await once(requests, 'void', req.idempotencyKey, { authorisationId: req.authorisationId }, async (trx, now) => {
        const res = await trx
          .updateTable('payment_sim_objects')
          .set({ status: 'voided' })
          .where('id', '=', req.authorisationId)
          .where('kind', '=', 'authorisation')
          .where('status', '=', 'authorised')
          .where('expires_at', '>', now.toISOString())
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) {
          const exists = await trx
            .selectFrom('payment_sim_objects')
            .select('id')
            .where('id', '=', req.authorisationId)
            .where('kind', '=', 'authorisation')
            .executeTakeFirst();
          if (!exists) throw new PaymentRequestError('not_found', `No such authorisation: ${req.authorisationId}.`);
          throw new PaymentRequestError(
            'authorisation_not_open',
            'The authorisation was captured, voided or has expired.',
          );
        }
        return null;
      });
    },

    charge(req) {
      return once(
        requests,
        'charge',
        req.idempotencyKey,
        { token: req.token, amountCents: req.amountCents },
        async (trx, now) => {
          checkAmount(req.amountCents, MIN_CARD_PAYMENT_CENTS);
          await payableCard(trx, req.token, now);
          return newCharge(trx, { token: req.token, parentId: null, amountCents: req.amountCents, now });
        },
      );
    },

    refund(req) {
      return once(
        requests,
        'refund',
        req.idempotencyKey,
        { chargeId: req.chargeId, amountCents: req.amountCents },
        async (trx, now) => {
          checkAmount(req.amountCents, 1);
          const charge = await trx
            .selectFrom('payment_sim_objects')
            .select(['token', 'amount_cents'])
            .where('id', '=', req.chargeId)
            .where('kind', '=', 'charge')
            .executeTakeFirst();
          if (!charge) throw new PaymentRequestError('not_found', `No such charge: ${req.chargeId}.`);
          if (charge.token) {
            const card = await trx
              .selectFrom('payment_sim_cards')
              .select('behaviour')
              .where('token', '=', charge.token)
              .executeTakeFirst();
            if (card?.behaviour === 'refund_fails')
              throw new PaymentDeclinedError('processing_error', 'The refund could not be made to this card.');
          }
          const res = await trx
            .updateTable('payment_sim_objects')
            .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', req.amountCents) }))
            .where('id', '=', req.chargeId)
            .where((eb) => eb(eb('refunded_cents', '+', req.amountCents), '<=', eb.ref('amount_cents')))
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1)
            throw new PaymentRequestError(
              'amount_too_large',
              `Refunds of ${req.chargeId} would exceed the ${charge.amount_cents} cents charged.`,
            );
          const id = newId('sim_re');
          await trx
            .insertInto('payment_sim_objects')
            .values({
              id,
              kind: 'refund',
              token: charge.token,
              parent_id: req.chargeId,
              recipient: null,
              amount_cents: req.amountCents,
              status: 'succeeded',
              expires_at: null,
              created_at: now.toISOString(),
            })
            .execute();
          return { id, amountCents: req.amountCents };
        },
      );
    },

    async tokenizeBankAccount(account) {
      if (opts.delayMs > 0) await sleep(opts.delayMs);
      const routing = digitsOnly(account.routingNumber);
      const number = digitsOnly(account.accountNumber);
      // ABA routing numbers carry a checksum: 3-7-1 weights, a multiple of 10.
      const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
      const sum = routing.length === 9 ? [...routing].reduce((n, d, i) => n + Number(d) * weights[i]!, 0) : 1;
      if (sum % 10 !== 0 || number.length < 4 || number.length > 17)
        throw new PaymentDeclinedError(
          'card_declined',
          'The bank account was refused: check the routing and account numbers.',
        );
      const token = newId('sim_ba');
      const lastFour = number.slice(-4);
      await db
        .insertInto('payment_sim_bank_accounts')
        .values({ token, last_four: lastFour, created_at: clock().toISOString() })
        .execute();
      return { token, lastFour };
    },

    payout(req) {
      return once(
        requests,
        'payout',
        req.idempotencyKey,
        {
          recipientId: req.recipientId,
          amountCents: req.amountCents,
          ...(req.destination ? { destination: req.destination } : {}),
        },
        async (trx, now) => {
          checkAmount(req.amountCents, 1);
          if (
            req.destination &&
            !(await trx
              .selectFrom('payment_sim_bank_accounts')
              .select('token')
              .where('token', '=', req.destination)
              .executeTakeFirst())
          ) {
            throw new PaymentRequestError('not_found', 'No such bank account.');
          }
          const id = newId('sim_po');
          await trx
            .insertInto('payment_sim_objects')
            .values({
              id,
              kind: 'payout',
              token: null,
              parent_id: null,
              recipient: req.recipientId,
              amount_cents: req.amountCents,
              status: 'succeeded',
              expires_at: null,
              created_at: now.toISOString(),
            })
            .execute();
          return { id, amountCents: req.amountCents };
        },
      );
    },
  };
}
