import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { paths } from '../config/paths';
import { ApiClientError } from './api-client';
import type { ErrorToast } from './error-toast';

/** Why a payment was refused for its card, what to do, and where (the card page, which brings her back). */
export interface CardRefusal {
  title: string;
  /** The reason, as the server wrote it ('Your card has insufficient funds. Please use another card.'). */
  message: string;
  action: { label: string; url: string };
}

/**
 * A payment refused for its card, wherever it was asked for (the item page, a waitlist hold): a
 * declined card says why and leads to changing it, a missing one to adding one, on the card page
 * that brings her back to `returnTo` (the page she is on: the server names no web page). Undefined
 * for any other error. The toast and the message next to the button both come from it.
 */
export function cardRefusal(err: unknown, returnTo: string): CardRefusal | undefined {
  if (!(err instanceof ApiClientError)) return undefined;
  const url = paths.creditCardManageFrom(returnTo);
  if (err.code === 'PAYMENT_DECLINED')
    return { title: 'Payment declined', message: err.message, action: { label: 'Change card', url } };
  if (err.code === 'CARD_REQUIRED')
    return { title: RENTAL_MESSAGES.addCard, message: err.message, action: { label: 'Add a card', url } };
  return undefined;
}

/**
 * The toast of a payment refused for its card (see cardRefusal), its action going to the card
 * page. Its own module, not error-toast.ts: every page loads that one (the home page's bundle
 * budget), only booking pages this.
 */
export function cardErrorToast(
  err: ApiClientError,
  returnTo: string,
  go: (url: string) => void,
  declinedSuffix = '',
): ErrorToast | undefined {
  const r = cardRefusal(err, returnTo);
  if (!r) return undefined;
  return {
    title: r.title,
    description: err.code === 'PAYMENT_DECLINED' ? `${r.message}${declinedSuffix}` : r.message,
    action: { label: r.action.label, onClick: () => go(r.action.url) },
  };
}
