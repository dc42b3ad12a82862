import { expect } from 'vitest';
import { A_NAME, ownMove, ownOnly, refused, staffOnly, type Case } from './matrix';

/**
 * Protection (decision 0064): a piece's terms are public and name no member; only a piece's lender
 * sets its policy; only a rental's members read its protection and only its renter covers it or
 * holds its deposit; Instant Book and verification act on B's own account; the desk's moves are
 * staff only.
 */
export const PROTECTION_CASES: Record<string, Case> = {
  'GET /api/protection/items/{id}/terms': ownOnly(
    (st) => ({ method: 'GET', path: `/api/protection/items/${st.aRentedListingId}/terms` }),
    (st, body) => {
      expect(body).toMatchObject({ itemId: st.aRentedListingId, fromMember: true });
      expect(JSON.stringify(body)).not.toContain(A_NAME);
    },
  ),
  'PUT /api/protection/items/{id}/policy': refused((st) => ({
    method: 'PUT',
    path: `/api/protection/items/${st.aListingId}/policy`,
    json: { minDays: 2, maxDays: 10, instantBook: true },
  })),
  'PUT /api/protection/items/{id}/instant-book': refused((st) => ({
    method: 'PUT',
    path: `/api/protection/items/${st.aListingId}/instant-book`,
    json: { instantBook: true },
  })),
  'GET /api/protection/rentals/{id}': refused((st) => ({
    method: 'GET',
    path: `/api/protection/rentals/${st.aRentalId}`,
  })),
  'POST /api/protection/rentals/{id}/cover': refused((st) => ({
    method: 'POST',
    path: `/api/protection/rentals/${st.aRentalId}/cover`,
  })),
  'POST /api/protection/rentals/{id}/deposit': refused((st) => ({
    method: 'POST',
    path: `/api/protection/rentals/${st.aRentalId}/deposit`,
  })),
  'POST /api/protection/instant-book': ownMove((st) => ({
    method: 'POST',
    path: '/api/protection/instant-book',
    json: { itemId: st.aListingId, size: 'M' },
  })),
  // Decision 0068: whether Instant Book is offered is B's own (the session decides whose), naming nobody.
  'GET /api/protection/instant-book': ownOnly(
    () => ({ method: 'GET', path: '/api/protection/instant-book' }),
    (_st, body) => {
      expect(body).toMatchObject({ eligible: true, reason: null });
      expect(JSON.stringify(body)).not.toContain(A_NAME);
    },
  ),
  'GET /api/protection/verification': ownOnly(
    () => ({ method: 'GET', path: '/api/protection/verification' }),
    (_st, body) => {
      // B lends (she lists a piece in her own case), so the scenario verified her (decision 0068).
      expect(body).toMatchObject({ verified: true });
    },
  ),
  'POST /api/protection/verification': ownMove(() => ({
    method: 'POST',
    path: '/api/protection/verification',
    json: { documentType: 'passport', documentNumber: 'REJECT123', selfie: true },
  })),
  'POST /api/ops/protection/rentals/{id}/damage': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/protection/rentals/999999/damage', json: { kind: 'wear' } }),
    404,
  ),
  'POST /api/ops/protection/rentals/{id}/deposit/release': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/protection/rentals/999999/deposit/release' }),
    404,
  ),
};
