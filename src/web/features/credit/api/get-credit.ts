import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { apiOf } from '../../../lib/query-client';

/** This feature's query keys (decision 0063): her credit, her referral, the gift cards she bought. */
export const creditKeys = {
  all: ['credit'] as const,
  statement: ['credit', 'statement'] as const,
  referral: ['credit', 'referral'] as const,
  giftCards: ['credit', 'gift-cards'] as const,
  invite: (code: string) => ['credit', 'invite', code] as const,
};

/** Her store credit: balance and entries, newest first (GET /api/credit). */
export function getCreditQueryOptions() {
  return queryOptions({
    queryKey: creditKeys.statement,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/credit', { signal })),
  });
}

export const useCredit = () => useQuery(getCreditQueryOptions());

/** Her referral code, link and invited friends (GET /api/referrals). */
export function getReferralQueryOptions() {
  return queryOptions({
    queryKey: creditKeys.referral,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/referrals', { signal })),
  });
}

export const useReferral = () => useQuery(getReferralQueryOptions());

/** The gift cards she bought (GET /api/gift-cards). */
export function getGiftCardsQueryOptions() {
  return queryOptions({
    queryKey: creditKeys.giftCards,
    queryFn: ({ client, signal }) => unwrap(apiOf(client).GET('/api/gift-cards', { signal })),
  });
}

export const useGiftCards = () => useQuery(getGiftCardsQueryOptions());

/** Who an invitation is from (GET /api/referrals/invite/{code}: public). */
export function getInviteQueryOptions(code: string) {
  return queryOptions({
    queryKey: creditKeys.invite(code),
    queryFn: ({ client, signal }) =>
      unwrap(apiOf(client).GET('/api/referrals/invite/{code}', { params: { path: { code } }, signal })),
  });
}

export const useInvite = (code: string) => useQuery(getInviteQueryOptions(code));
