import {
  PromoCodeInputSchema,
  PromoCodeListSchema,
  PromoCodePatchSchema,
  PromoCodeSchema,
} from '../../../domain/offers';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { OffersService } from './offers.service';

const tags = ['Operations desk (staff)'];

const list = staffRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Promo codes, newest first, with their uses',
  responses: { 200: jsonContent(PromoCodeListSchema, 'Codes'), ...errorResponses(401, 403) },
});

const create = staffRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Create a promo code (percentage or amount off, limits, dates); audited',
  description:
    'The code is stored upper-case and matched in any case; 409 when it exists. Dates are business days, inclusive; ' +
    'maxUses and maxUsesPerMember null mean no limit.',
  request: { body: jsonBody(PromoCodeInputSchema) },
  responses: { 201: jsonContent(PromoCodeSchema, 'The code'), ...errorResponses(400, 401, 403, 409) },
});

const patch = staffRoute({
  method: 'patch',
  path: '/{id}',
  tags,
  summary: 'Switch a promo code on or off; audited',
  request: { params: IdParams, body: jsonBody(PromoCodePatchSchema) },
  responses: { 200: jsonContent(PromoCodeSchema, 'The code'), ...errorResponses(400, 401, 403, 404) },
});

/** The desk's promo codes (mounted at /api/ops/promo-codes): staff only (decision 0056). */
export function createPromoCodesDeskRoutes(_ctx: AppContext, service: OffersService) {
  return newRouter()
    .openapi(list, async (c) => c.json({ codes: await service.listCodes() }, 200))
    .openapi(create, async (c) =>
      c.json(await service.createCode(c.var.user, c.req.valid('json'), c.var.requestId ?? null), 201),
    )
    .openapi(patch, async (c) =>
      c.json(
        await service.setActive(
          c.var.user,
          c.req.valid('param').id,
          c.req.valid('json').active,
          c.var.requestId ?? null,
        ),
        200,
      ),
    );
}
