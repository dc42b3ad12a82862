import { expect } from 'vitest';
import { A_NAME, ownMove, ownOnly, refused, type Case } from './matrix';

/**
 * Lender policies (decision 0067): only a rental's renter reads what cancelling it gives back;
 * only a request's lender cancels it once accepted; a calendar feed is the member's own, and a
 * feed's address answers only to its secret (404 for any other, with or without a session).
 */
export const POLICY_CASES: Record<string, Case> = {
  'GET /api/protection/rentals/{id}/cancellation': refused((st) => ({
    method: 'GET',
    path: `/api/protection/rentals/${st.aRentalId}/cancellation`,
  })),
  'POST /api/lending/requests/{id}/cancel': refused((st) => ({
    method: 'POST',
    path: `/api/lending/requests/${st.aRequestId}/cancel`,
  })),
  'GET /api/lending/feed': ownOnly(
    () => ({ method: 'GET', path: '/api/lending/feed' }),
    (_st, body) => {
      expect(body).toMatchObject({ path: expect.stringMatching(/^\/api\/lending\/feed\/[A-Za-z0-9_-]+\.ics$/) });
      expect(JSON.stringify(body)).not.toContain(A_NAME);
    },
  ),
  'POST /api/lending/feed/reset': ownMove(() => ({ method: 'POST', path: '/api/lending/feed/reset' })),
  'GET /api/lending/feed/{file}': refused(() => ({
    method: 'GET',
    path: '/api/lending/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
  })),
};
