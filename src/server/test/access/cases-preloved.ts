import { refused, staffOnly, type Case } from './matrix';

/** The pre-loved sale (decision 0066): her own pieces to sell, buying, and the desk's side. */
export const PRELOVED_CASES: Record<string, Case> = {
  // B offers A's listing for sale: it is not hers.
  'POST /api/preloved/mine': refused((st) => ({
    method: 'POST',
    path: '/api/preloved/mine',
    json: { itemId: st.aListingId, size: 'M', priceCents: 5000, conditionNote: 'Worn twice, like new' },
  })),
  // Nothing of A's is for sale in the scenario: a piece that is not in the sale is 404 for anyone.
  'POST /api/preloved/{id}/buy': refused(() => ({ method: 'POST', path: '/api/preloved/999999/buy' })),
  'GET /api/ops/preloved/units/{code}': staffOnly((st) => ({
    method: 'GET',
    path: `/api/ops/preloved/units/${st.opsUnitCodes[0]}`,
  })),
  // Staff aim at a unit that does not exist: the member is refused before any of it is read.
  'POST /api/ops/preloved/units/{code}/retire-to-sale': staffOnly(
    () => ({
      method: 'POST',
      path: '/api/ops/preloved/units/RT-999999/retire-to-sale',
      json: { priceCents: 5000, conditionNote: 'Worn twice, like new' },
    }),
    404,
  ),
  'POST /api/ops/preloved/units/{code}/send-kept': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/preloved/units/RT-999999/send-kept' }),
    404,
  ),
  'GET /api/ops/preloved/sendoffs': staffOnly(() => ({ method: 'GET', path: '/api/ops/preloved/sendoffs' })),
  'POST /api/ops/preloved/sendoffs/{id}/dispatch': staffOnly(
    () => ({ method: 'POST', path: '/api/ops/preloved/sendoffs/999999/dispatch' }),
    404,
  ),
};
