import { z } from '@hono/zod-openapi';
import {
  CheckInSchema,
  ConditionPhotoSchema,
  DeskRentalSchema,
  MAX_PRODUCT_PHOTOS,
  RetireUnitSchema,
  TodayBoardSchema,
  UNIT_CODE_MESSAGE,
  UnitDetailSchema,
  UnitListQuerySchema,
  UnitListSchema,
  UnitNoteSchema,
  WaiveLateFeeSchema,
  parseUnitCode,
} from '../../../domain/ops';
import { notFound } from '../../http/errors';
import { errorResponses, jsonBody, jsonContent, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import { photosBody, readPhotos, staffOnly } from './desk-parts.routes';
import type { OpsService } from './ops.service';

/*
 * The unit's life on the desk (decision 0031): today's board, a rental's dispatch, hand-over,
 * late fee and check-in photos, and a unit's check-in, cleaning, repair and retirement.
 */

const today = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/today',
  summary: "Today's board: rentals starting, due back, overdue, and returned today",
  responses: { 200: jsonContent(TodayBoardSchema, 'The board'), ...errorResponses(401, 403) },
});

/** `{code}`: a unit's code (RT-000042, rt42...), turned into its id. */
const UnitCodeParams = z.object({
  code: z
    .string()
    .max(24, { error: UNIT_CODE_MESSAGE })
    .refine((v) => parseUnitCode(v) !== null, { error: UNIT_CODE_MESSAGE })
    .transform((v) => parseUnitCode(v)!)
    .openapi({ param: { name: 'code', in: 'path' }, type: 'string', example: 'RT-000042' }),
});
const PhotoParams = IdParams.extend({
  position: z
    .string()
    .regex(/^\d$/, { error: `must be a photo position from 0 to ${MAX_PRODUCT_PHOTOS - 1}` })
    .transform(Number),
});
const CheckInResultSchema = z.object({ unit: UnitDetailSchema, rental: DeskRentalSchema });
const ConditionPhotoListSchema = z.object({ photos: z.array(ConditionPhotoSchema) });

const deskRental = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/rentals/{id}',
  summary: 'One rental as the desk sees it: member, unit, stage, late days and fee',
  request: { params: IdParams },
  responses: { 200: jsonContent(DeskRentalSchema, 'The rental'), ...errorResponses(400, 401, 403, 404) },
});
const dispatch = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/rentals/{id}/dispatch',
  summary:
    'Dispatch a rental: sent by courier, or ready at the studio (from its shipping day on); the member is told; audited',
  description:
    '409 when it is not a reservation waiting to go out, before its shipping day (details.holdsFrom), or when its unit is not on the shelf (details.unitState). Of two clicks at once one dispatches, the other gets 409.',
  request: { params: IdParams },
  responses: {
    200: jsonContent(DeskRentalSchema, 'The dispatched rental'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
const handOver = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/rentals/{id}/hand-over',
  summary: 'Hand a studio pickup over to the member; audited',
  request: { params: IdParams },
  responses: { 200: jsonContent(DeskRentalSchema, 'The rental'), ...errorResponses(400, 401, 403, 404, 409) },
});
const waiveFee = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/rentals/{id}/late-fee/waive',
  summary: 'Waive a late fee with a reason (refunded through the payment provider if it was charged); audited',
  request: { params: IdParams, body: jsonBody(WaiveLateFeeSchema) },
  responses: { 200: jsonContent(DeskRentalSchema, 'The rental'), ...errorResponses(400, 401, 403, 404, 409) },
});
const addConditionPhotos = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/rentals/{id}/condition-photos',
  summary: `Add photos taken at check-in (up to ${MAX_PRODUCT_PHOTOS} per rental); audited`,
  description:
    '404 unknown rental, 409 not checked in yet, 400 no room: checked before the body is read. Files are checked by content, size and count as they arrive (413, 415).',
  request: { params: IdParams, body: photosBody },
  responses: {
    200: jsonContent(ConditionPhotoListSchema, "The rental's check-in photos"),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415),
  },
});
const conditionPhoto = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/rentals/{id}/condition-photos/{position}',
  summary: 'A check-in photo (WebP)',
  request: { params: PhotoParams },
  responses: {
    200: { description: 'The photo', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 401, 403, 404),
  },
});
const unitList = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/units',
  summary: 'Units in a state (e.g. cleaning, repair), longest there first',
  request: { query: UnitListQuerySchema },
  responses: { 200: jsonContent(UnitListSchema, 'Units'), ...errorResponses(400, 401, 403) },
});
const unitOne = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/units/{code}',
  summary: 'A unit by its code (scanned or typed): its state, its rental, its next reservation',
  request: { params: UnitCodeParams },
  responses: { 200: jsonContent(UnitDetailSchema, 'The unit'), ...errorResponses(400, 401, 403, 404) },
});
const checkIn = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/units/{code}/check-in',
  summary:
    'Check a unit in: graded (as_new, good, needs_repair, damaged), into cleaning or repair; a late fee is charged once; audited',
  description:
    "The rental ends. Late days count from the return date to the day she sent it back (or today); the fee (weekly price / 7 a day, at most three weeks' price or the retail price) is charged through the payment provider once, even if check-in is sent twice at once (the second gets 409). " +
    'needs_repair and damaged go to repair (400 for to=cleaning).',
  request: { params: UnitCodeParams, body: jsonBody(CheckInSchema) },
  responses: {
    200: jsonContent(CheckInResultSchema, 'The unit and its rental'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
const cleaningDone = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/units/{code}/cleaning-done',
  summary: 'Cleaning done: the unit is on the shelf and bookable at once; audited',
  request: { params: UnitCodeParams },
  responses: { 200: jsonContent(UnitDetailSchema, 'The unit'), ...errorResponses(400, 401, 403, 404, 409) },
});
const toRepair = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/units/{code}/repair',
  summary: 'Send a unit on the shelf or in cleaning to repair (its reservations move to another free unit); audited',
  request: { params: UnitCodeParams, body: jsonBody(UnitNoteSchema) },
  responses: { 200: jsonContent(UnitDetailSchema, 'The unit'), ...errorResponses(400, 401, 403, 404, 409) },
});
const repairDone = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/units/{code}/repair-done',
  summary: 'Repair done: the unit goes to cleaning; audited',
  request: { params: UnitCodeParams, body: jsonBody(UnitNoteSchema) },
  responses: { 200: jsonContent(UnitDetailSchema, 'The unit'), ...errorResponses(400, 401, 403, 404, 409) },
});
const retire = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/units/{code}/retire',
  summary:
    'Retire a unit (not while out on a rental): never bookable again; its reservations move to another free unit; audited',
  request: { params: UnitCodeParams, body: jsonBody(RetireUnitSchema) },
  responses: { 200: jsonContent(UnitDetailSchema, 'The unit'), ...errorResponses(400, 401, 403, 404, 409) },
});

export function createUnitLifeRoutes(service: OpsService) {
  const { units, photos } = service;
  const rid = (c: { var: { requestId?: string } }) => c.var.requestId ?? null;
  return newRouter()
    .openapi(today, async (c) => c.json(await service.today(), 200))
    .openapi(deskRental, async (c) => c.json(await units.rental(c.req.valid('param').id), 200))
    .openapi(dispatch, async (c) => c.json(await units.dispatch(c.var.user, c.req.valid('param').id, rid(c)), 200))
    .openapi(handOver, async (c) => c.json(await units.handOver(c.var.user, c.req.valid('param').id, rid(c)), 200))
    .openapi(waiveFee, async (c) =>
      c.json(await units.waiveLateFee(c.var.user, c.req.valid('param').id, c.req.valid('json').reason, rid(c)), 200),
    )
    .openapi(addConditionPhotos, async (c) => {
      const { id } = c.req.valid('param');
      const room = await photos.conditionPhotoRoom(id, MAX_PRODUCT_PHOTOS); // 404 / 409 before a byte of the body is read
      const form = await readPhotos(c.req.raw, room);
      return c.json(
        { photos: await photos.addConditionPhotos(c.var.user, id, form.files, MAX_PRODUCT_PHOTOS, rid(c)) },
        200,
      );
    })
    .openapi(conditionPhoto, async (c) => {
      const { id, position } = c.req.valid('param');
      const photo = await photos.conditionPhoto(id, position);
      if (!photo) throw notFound('Photo not found');
      return c.body(new Uint8Array(photo.data), 200, {
        'content-type': photo.contentType,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    })
    .openapi(unitList, async (c) => c.json({ units: await units.unitsInState(c.req.valid('query').state) }, 200))
    .openapi(unitOne, async (c) => c.json(await units.unit(c.req.valid('param').code), 200))
    .openapi(checkIn, async (c) =>
      c.json(await units.checkIn(c.var.user, c.req.valid('param').code, c.req.valid('json'), rid(c)), 200),
    )
    .openapi(cleaningDone, async (c) =>
      c.json(await units.cleaningDone(c.var.user, c.req.valid('param').code, rid(c)), 200),
    )
    .openapi(toRepair, async (c) =>
      c.json(await units.sendToRepair(c.var.user, c.req.valid('param').code, c.req.valid('json').note, rid(c)), 200),
    )
    .openapi(repairDone, async (c) =>
      c.json(await units.repairDone(c.var.user, c.req.valid('param').code, c.req.valid('json').note, rid(c)), 200),
    )
    .openapi(retire, async (c) =>
      c.json(await units.retire(c.var.user, c.req.valid('param').code, c.req.valid('json').reason, rid(c)), 200),
    );
}
