import { createRoute, z } from '@hono/zod-openapi';
import { ItemPassportSchema, UnitHistorySchema } from '../../../domain/passport';
import { UNIT_CODE_MESSAGE, parseUnitCode } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import { errorResponses, jsonContent, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { PassportService } from './passport.service';

/* The garment's passport (decision 0059): the item page's summary per unit, and the desk's history of a unit. */

const forItem = createRoute({
  method: 'get',
  path: '/items/{id}',
  tags: ['Passport'],
  summary: "The history of an item's rentable pieces: times rented, last check-in, last cleaned, repairs",
  description:
    "One entry per unit still in the rentable stock (retired and kept units left out), read from the rentals and the desk's log. No member names or staff notes. 404 for an unknown or removed item.",
  request: { params: IdParams },
  responses: { 200: jsonContent(ItemPassportSchema, 'The passport'), ...errorResponses(400, 404) },
});

const UnitCodeParams = z.object({
  code: z
    .string()
    .max(24, { error: UNIT_CODE_MESSAGE })
    .refine((v) => parseUnitCode(v) !== null, { error: UNIT_CODE_MESSAGE })
    .transform((v) => parseUnitCode(v)!)
    .openapi({ param: { name: 'code', in: 'path' }, type: 'string', example: 'RT-000042' }),
});

const forUnit = staffRoute({
  method: 'get',
  path: '/units/{code}',
  tags: ['Operations desk (staff)'],
  summary: "A unit's whole history (staff): every rental with its member and check-in, cleaning, repairs, retirement",
  request: { params: UnitCodeParams },
  responses: {
    200: jsonContent(UnitHistorySchema, 'The history, newest first'),
    ...errorResponses(400, 401, 403, 404),
  },
});

/** The item page's passport (public), mounted at /api/passport. */
export function createPassportRoutes(_ctx: AppContext, service: PassportService) {
  return newRouter().openapi(forItem, async (c) => c.json(await service.forItem(c.req.valid('param').id), 200));
}

/** The desk's history of a unit (staff only), mounted at /api/ops/passport. */
export function createPassportDeskRoutes(_ctx: AppContext, service: PassportService) {
  return newRouter().openapi(forUnit, async (c) => c.json(await service.forUnit(c.req.valid('param').code), 200));
}
