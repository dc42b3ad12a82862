import { RENTAL_MESSAGES } from '@domain/rentals.rules';
import { paths } from '../config/paths';
import type { ApiClientError } from './api-client';
import type { ErrorToast } from './error-toast';

/**
 * A booking refused for its card, wherever it was asked for (the item page, a waitlist hold): a
 * declined card says why and leads to changing it, a missing one to adding one, each to the URL
 * the server gave (which brings her back). Undefined for any other error. Its own module, not
 * error-toast.ts: every page loads that one (the home page's bundle budget), only booking pages this.
 */
export function cardErrorToast(err: ApiClientError, go: (url: string) => void, declinedSuffix = ''): ErrorToast | undefined {
  const url = (key: string) => (typeof err.details[key] === 'string' ? (err.details[key] as string) : paths.creditCardManage);
  if (err.code === 'PAYMENT_DECLINED') return { title: 'Payment declined', description: `${err.message}${declinedSuffix}`, action: { label: 'Change card', onClick: () => go(url('updateCardUrl')) } };
  if (err.code === 'CARD_REQUIRED') return { title: RENTAL_MESSAGES.addCard, description: err.message, action: { label: 'Add a card', onClick: () => go(url('addCardUrl')) } };
  return undefined;
}
