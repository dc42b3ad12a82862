import { createRoute, z } from '@hono/zod-openapi';
import { ParcelListSchema, ParcelSchema, ReturnParcelInputSchema } from '../../../domain/parcels';
import { renderSVG } from 'uqr';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import { SIGNATURE_HEADER } from './carrier';
import type { ParcelsService } from './parcels.service';

/* Parcels (decision 0061): hers (tracking, return labels), the desk's (pack, dispatch), and the carrier's webhook. */

const MemberParcelsQuery = z.object({
  rentalId: z.coerce.number().int().positive().optional(),
  orderNumber: z.string().min(1).max(40).optional(),
});

const mine = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Parcels'],
  summary: 'Your parcels holding a rental (rentalId) or your order’s rentals (orderNumber), with their tracking',
  request: { query: MemberParcelsQuery },
  responses: { 200: jsonContent(ParcelListSchema, 'Parcels, oldest first'), ...errorResponses(400, 401) },
});

const createReturn = memberRoute({
  method: 'post',
  path: '/returns',
  tags: ['Parcels'],
  summary: 'Send pieces back together: one return parcel with a carrier label',
  description:
    'Each rental must be yours, delivered by courier and with you (not sent back, not bought): 409 otherwise, or when a piece already has a return label (one per piece). 404 for a rental not yours.',
  request: { body: jsonBody(ReturnParcelInputSchema) },
  responses: { 201: jsonContent(ParcelSchema, 'The return parcel'), ...errorResponses(400, 401, 404, 409) },
});

const label = memberRoute({
  method: 'get',
  path: '/{id}/label.svg',
  tags: ['Parcels'],
  summary: 'Your return label’s QR code (SVG): the carrier scans it at drop-off',
  request: { params: IdParams },
  responses: {
    200: { description: 'The QR code', content: { 'image/svg+xml': { schema: z.string() } } },
    ...errorResponses(400, 401, 404, 409),
  },
});

const webhook = createRoute({
  method: 'post',
  path: '/webhooks/carrier',
  tags: ['Parcels'],
  summary: 'The carrier’s tracking events (signed)',
  description: `Signed in the ${SIGNATURE_HEADER} header (t=<unix seconds>,v1=<HMAC-SHA256 of "t.body" with CARRIER_WEBHOOK_SECRET>): 401 when it does not match or is older than 5 minutes. Idempotent by eventId; a status never goes back. 404 for an unknown tracking number.`,
  responses: {
    200: jsonContent(z.object({ recorded: z.boolean(), advanced: z.boolean() }), 'Recorded (or a replay)'),
    ...errorResponses(401, 404),
  },
});

const deskList = staffRoute({
  method: 'get',
  path: '/',
  tags: ['Operations desk (staff)'],
  summary: 'Parcels to pack and dispatch today (and those sent today), with their pieces',
  responses: { 200: jsonContent(ParcelListSchema, 'Parcels'), ...errorResponses(401, 403) },
});
const pack = staffRoute({
  method: 'post',
  path: '/{id}/pack',
  tags: ['Operations desk (staff)'],
  summary: 'Mark a parcel packed: a piece booked later opens the next parcel; once, audited',
  request: { params: IdParams },
  responses: { 200: jsonContent(ParcelSchema, 'The parcel'), ...errorResponses(400, 401, 403, 404, 409) },
});
const dispatch = staffRoute({
  method: 'post',
  path: '/{id}/dispatch',
  tags: ['Operations desk (staff)'],
  summary: 'Dispatch a parcel: every piece in it goes out, the member is told, the label is made; once, audited',
  request: { params: IdParams },
  responses: { 200: jsonContent(ParcelSchema, 'The parcel'), ...errorResponses(400, 401, 403, 404, 409) },
});

/** Hers and the carrier's, mounted at /api/parcels. */
export function createParcelsRoutes(_ctx: AppContext, service: ParcelsService) {
  const app = newRouter();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'private, no-store');
  });
  return app
    .openapi(mine, async (c) => c.json(await service.mine(c.var.user.id, c.req.valid('query')), 200))
    .openapi(createReturn, async (c) => c.json(await service.createReturn(c.var.user.id, c.req.valid('json')), 201))
    .openapi(label, async (c) => {
      const { code } = await service.returnLabel(c.var.user.id, c.req.valid('param').id);
      return c.body(renderSVG(code, { border: 2 }), 200, { 'content-type': 'image/svg+xml' });
    })
    .openapi(webhook, async (c) => c.json(await service.receiveWebhook(await c.req.text(), c.req.raw.headers), 200));
}

/** The desk's parcels (staff only), mounted at /api/ops/parcels. */
export function createParcelsDeskRoutes(_ctx: AppContext, service: ParcelsService) {
  const rid = (c: { var: { requestId?: string } }) => c.var.requestId ?? null;
  const app = newRouter();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'private, no-store');
  });
  return app
    .openapi(deskList, async (c) => c.json(await service.toDispatch(), 200))
    .openapi(pack, async (c) => c.json(await service.pack(c.var.user, c.req.valid('param').id, rid(c)), 200))
    .openapi(dispatch, async (c) => c.json(await service.dispatch(c.var.user, c.req.valid('param').id, rid(c)), 200));
}
