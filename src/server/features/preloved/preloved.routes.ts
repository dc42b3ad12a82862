import { createRoute, z } from '@hono/zod-openapi';
import {
  LenderSaleSchema,
  PreLovedListSchema,
  PreLovedPieceSchema,
  PurchaseSchema,
  RetireToSaleSchema,
  SendoffListSchema,
  UnitSaleStateSchema,
} from '../../../domain/preloved';
import { UNIT_CODE_MESSAGE, parseUnitCode } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { PreLovedService } from './preloved.service';

/* The pre-loved sale (decision 0066): the sale and its purchase for members, the desk's side for staff. */

const TAG = ['Pre-loved sale'];
const DESK = ['Operations desk (staff)'];

const list = createRoute({
  method: 'get',
  path: '/',
  tags: TAG,
  summary: 'The pieces in the pre-loved sale: condition, photos, price, designer and size (newest first)',
  responses: { 200: jsonContent(PreLovedListSchema, 'The pieces for sale (none: an empty list)') },
});

const buy = memberRoute({
  method: 'post',
  path: '/{id}/buy',
  tags: TAG,
  summary: 'Buy a piece in the sale: charged to her card on file, sent to her delivery address',
  description:
    'One buyer per piece: of many at once the database lets one through; the others get 409 "Sorry, this piece has just sold." and nothing is charged. ' +
    '404 when it is not in the sale; 409 for her own piece; 402 CARD_REQUIRED / PAYMENT_DECLINED (nothing bought, the piece back in the sale); ' +
    '409 ADDRESS_REQUIRED without a delivery address; 429 beyond RENTAL_CHARGE_RATE_LIMIT charges an hour.',
  request: { params: IdParams },
  responses: {
    200: jsonContent(PurchaseSchema, 'Bought: her order (the receipt)'),
    ...errorResponses(400, 401, 402, 404, 409, 429),
  },
});

const sell = memberRoute({
  method: 'post',
  path: '/mine',
  tags: TAG,
  summary: 'A lender puts her own piece (one size of her listing) in the sale',
  description:
    'The unit leaves the rentable stock at once; reservations move to another unit of the size, or 409 when none can take them. ' +
    'She earns her share of the price (70%) when it sells. 404 when it is not her listing or the size has no unit on her shelf.',
  request: { body: jsonBody(LenderSaleSchema) },
  responses: { 201: jsonContent(PreLovedPieceSchema, 'In the sale'), ...errorResponses(400, 401, 404, 409) },
});

const UnitCodeParams = z.object({
  code: z
    .string()
    .max(24, { error: UNIT_CODE_MESSAGE })
    .refine((v) => parseUnitCode(v) !== null, { error: UNIT_CODE_MESSAGE })
    .transform((v) => parseUnitCode(v)!)
    .openapi({ param: { name: 'code', in: 'path' }, type: 'string', example: 'RT-000042' }),
});

const unitSale = staffRoute({
  method: 'get',
  path: '/units/{code}',
  tags: DESK,
  summary: "A unit's sale (its offer in the pre-loved sale) and, for a kept piece back at the desk, who kept it",
  request: { params: UnitCodeParams },
  responses: { 200: jsonContent(UnitSaleStateSchema, 'The unit'), ...errorResponses(400, 401, 403, 404) },
});

const retire = staffRoute({
  method: 'post',
  path: '/units/{code}/retire-to-sale',
  tags: DESK,
  summary: 'Retire a unit to the pre-loved sale with its price and a condition note (audited)',
  description:
    'From the shelf, cleaning, repair, or already retired (not a kept piece). Its reservations move to another unit; 409 when one cannot.',
  request: { params: UnitCodeParams, body: jsonBody(RetireToSaleSchema) },
  responses: {
    200: jsonContent(UnitSaleStateSchema, 'The unit, in the sale'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const sendKept = staffRoute({
  method: 'post',
  path: '/units/{code}/send-kept',
  tags: DESK,
  summary:
    'Dispatch a kept piece that came back to the desk to the member who kept it, in its own parcel with a carrier label (once, audited)',
  request: { params: UnitCodeParams },
  responses: { 200: jsonContent(UnitSaleStateSchema, 'The unit'), ...errorResponses(400, 401, 403, 404, 409) },
});

const sendoffs = staffRoute({
  method: 'get',
  path: '/sendoffs',
  tags: DESK,
  summary: 'Pieces leaving for good: pre-loved sales to send (oldest first), and those sent in the last 7 days',
  responses: { 200: jsonContent(SendoffListSchema, 'The list'), ...errorResponses(401, 403) },
});

const dispatch = staffRoute({
  method: 'post',
  path: '/sendoffs/{id}/dispatch',
  tags: DESK,
  summary: 'Dispatch a sold pre-loved piece in its own parcel with a carrier label (once, audited)',
  description:
    'The parcel is made with the dispatch (one per piece, however many ask at once) and the label bought after it; ' +
    'the list shows its tracking number. 409 when it was already dispatched, unless its label failed: then the label is asked for again.',
  request: { params: IdParams },
  responses: { 200: jsonContent(SendoffListSchema, 'The list'), ...errorResponses(400, 401, 403, 404, 409) },
});

/** The sale (public list; buying and selling for members), mounted at /api/preloved. */
export function createPreLovedRoutes(_ctx: AppContext, service: PreLovedService) {
  return newRouter()
    .openapi(list, async (c) => c.json(await service.list(), 200))
    .openapi(sell, async (c) => c.json(await service.lenderSell(c.var.user.id, c.req.valid('json')), 201))
    .openapi(buy, async (c) => c.json(await service.buy(c.var.user.id, c.req.valid('param').id), 200));
}

/** The desk's side (staff only), mounted at /api/ops/preloved. */
export function createPreLovedDeskRoutes(_ctx: AppContext, service: PreLovedService) {
  const rid = (c: { var: { requestId?: string } }) => c.var.requestId ?? null;
  return newRouter()
    .openapi(unitSale, async (c) => c.json(await service.unitSale(c.req.valid('param').code), 200))
    .openapi(retire, async (c) =>
      c.json(await service.retireToSale(c.var.user, c.req.valid('param').code, c.req.valid('json'), rid(c)), 200),
    )
    .openapi(sendKept, async (c) => {
      const code = c.req.valid('param').code;
      await service.sendoffs.sendKept(c.var.user, code, rid(c));
      return c.json(await service.unitSale(code), 200);
    })
    .openapi(sendoffs, async (c) => c.json(await service.sendoffs.list(), 200))
    .openapi(dispatch, async (c) =>
      c.json(await service.sendoffs.dispatch(c.var.user, c.req.valid('param').id, rid(c)), 200),
    );
}
