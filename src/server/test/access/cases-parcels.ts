import { expect } from 'vitest';
import { ApiErrorSchema } from '../../../domain/errors';
import { json, ownOnly, refused, staffOnly, type Case } from './matrix';

/** Parcels (decision 0061): hers, the desk's, and the carrier's webhook (signed, not a session). */
export const PARCEL_CASES: Record<string, Case> = {
  // A's rental named: B gets only her own parcels (none).
  'GET /api/parcels': ownOnly(
    (st) => ({ method: 'GET', path: `/api/parcels?rentalId=${st.aRentalId}` }),
    (_st, body) => {
      expect(body.parcels).toEqual([]);
    },
  ),
  'POST /api/parcels/returns': refused((st) => ({
    method: 'POST',
    path: '/api/parcels/returns',
    json: { rentalIds: [st.aRentalId] },
  })),
  'GET /api/parcels/{id}/label.svg': refused(() => ({ method: 'GET', path: '/api/parcels/1/label.svg' })),
  // A session is no signature: refused with 401 in the error shape.
  'POST /api/parcels/webhooks/carrier': {
    target: () => ({
      method: 'POST',
      path: '/api/parcels/webhooks/carrier',
      json: { eventId: 'e', trackingNumber: 'RTQ0', status: 'delivered', occurredAt: '2026-11-29T10:00:00Z' },
    }),
    expect: (_s, res, text) => {
      expect(res.status, text).toBe(401);
      expect(ApiErrorSchema.safeParse(json(text)).success).toBe(true);
    },
  },
  'GET /api/ops/parcels': staffOnly(() => ({ method: 'GET', path: '/api/ops/parcels' })),
  'POST /api/ops/parcels/{id}/pack': staffOnly(() => ({ method: 'POST', path: '/api/ops/parcels/999999/pack' }), 404),
  'POST /api/ops/parcels/{id}/dispatch': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/parcels/999999/dispatch' }),
    404,
  ),
};
