import { z } from '@hono/zod-openapi';
import { LISTING_MESSAGES, MAX_PHOTO_BYTES } from '../../../domain/listings';
import {
  AuditPageSchema,
  AuditQuerySchema,
  AUDIT_SUBJECT_TYPES,
  CheckInSchema,
  ConditionPhotoSchema,
  DeskRentalSchema,
  INVENTORY_PAGE_SIZE,
  InventoryItemDetailSchema,
  InventoryItemInputSchema,
  InventoryItemUpdateSchema,
  InventoryPageSchema,
  InventoryQuerySchema,
  MAX_PRODUCT_PHOTOS,
  RejectListingSchema,
  RetireUnitSchema,
  ReviewListingSchema,
  ReviewQueueQuerySchema,
  ReviewQueueSchema,
  TodayBoardSchema,
  UNIT_CODE_MESSAGE,
  UnitDetailSchema,
  UnitListQuerySchema,
  UnitListSchema,
  UnitNoteSchema,
  UnitsToAddSchema,
  WaiveLateFeeSchema,
  parseUnitCode,
} from '../../../domain/ops';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { photoFormBody, readPhotoUpload } from '../../http/photo-upload';
import { errorResponses, jsonBody, jsonContent, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { OpsService } from './ops.service';

/** The desk's upload routes (product photos, check-in photos): their body limit is the upload one (see app.ts). */
export const OPS_UPLOAD_ROUTE = /^\/api\/ops\/(items\/\d{1,10}\/photos|rentals\/\d{1,10}\/condition-photos)\/?$/;

/** Every /api/ops route is a staffRoute: a session (401 without) with the staff role (403 for members). */
const staffOnly = { tags: ['Operations desk (staff)'] };

const reviewQueue = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/listings',
  summary: "Members' listings waiting for review (or, with status, approved or rejected ones)",
  request: { query: ReviewQueueQuerySchema },
  responses: {
    200: jsonContent(ReviewQueueSchema, 'Listings, oldest submission first'),
    ...errorResponses(400, 401, 403),
  },
});

const reviewOne = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/listings/{id}',
  summary: 'One member listing with its photos, owner and review state',
  request: { params: IdParams },
  responses: { 200: jsonContent(ReviewListingSchema, 'The listing'), ...errorResponses(400, 401, 403, 404) },
});

const approve = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/listings/{id}/approve',
  summary: 'Approve a listing: it becomes public; the member is notified; audited',
  request: { params: IdParams },
  responses: {
    200: jsonContent(ReviewListingSchema, 'The approved listing'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const reject = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/listings/{id}/reject',
  summary: 'Reject a listing with a reason the member sees; she is notified; audited',
  request: { params: IdParams, body: jsonBody(RejectListingSchema) },
  responses: {
    200: jsonContent(ReviewListingSchema, 'The rejected listing'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const auditLog = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/audit',
  summary: 'The audit log, newest first, filtered by actor, action or subject',
  description: `subjectType is one of ${AUDIT_SUBJECT_TYPES.join(', ')} (400 otherwise).`,
  request: { query: AuditQuerySchema },
  responses: { 200: jsonContent(AuditPageSchema, 'A page of entries'), ...errorResponses(400, 401, 403) },
});

const today = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/today',
  summary: "Today's board: rentals starting, due back, overdue, and returned today",
  responses: { 200: jsonContent(TodayBoardSchema, 'The board'), ...errorResponses(401, 403) },
});

const inventory = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/inventory',
  summary: 'The catalogue with its units per size and how many are out today',
  request: { query: InventoryQuerySchema },
  responses: { 200: jsonContent(InventoryPageSchema, 'A page of items by id'), ...errorResponses(400, 401, 403) },
});

/* ---------------------------------------------------------------- the unit's life (decision 0031) */

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
const photosBody = photoFormBody({
  max: MAX_PRODUCT_PHOTOS,
  description: `Up to ${MAX_PRODUCT_PHOTOS} photos (JPEG, PNG or WebP, checked by content; at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB each), read as a stream within caps like a listing's photos.`,
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

/* ---------------------------------------------------------------- inventory editing */

const createItem = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/items',
  summary: 'Add a house piece with its sizes and units; audited',
  description:
    "The weekly price is the category's house price unless given (within half to three times it, and at most the retail price).",
  request: { body: jsonBody(InventoryItemInputSchema) },
  responses: { 201: jsonContent(InventoryItemDetailSchema, 'The new piece'), ...errorResponses(400, 401, 403) },
});
const itemOne = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/items/{id}',
  summary: 'A piece as the inventory edits it: fields, pictures, units with their states',
  request: { params: IdParams },
  responses: { 200: jsonContent(InventoryItemDetailSchema, 'The piece'), ...errorResponses(400, 401, 403, 404) },
});
const updateItem = staffRoute({
  ...staffOnly,
  method: 'patch',
  path: '/items/{id}',
  summary: "Edit a house piece (409 for a member's listing); audited",
  request: { params: IdParams, body: jsonBody(InventoryItemUpdateSchema) },
  responses: { 200: jsonContent(InventoryItemDetailSchema, 'The piece'), ...errorResponses(400, 401, 403, 404, 409) },
});
const addUnits = staffRoute({
  ...staffOnly,
  method: 'post',
  path: '/items/{id}/units',
  summary: 'Add units of a size to a house piece (a new size joins its sizes); audited',
  request: { params: IdParams, body: jsonBody(UnitsToAddSchema) },
  responses: { 200: jsonContent(InventoryItemDetailSchema, 'The piece'), ...errorResponses(400, 401, 403, 404, 409) },
});
const putPhotos = staffRoute({
  ...staffOnly,
  method: 'put',
  path: '/items/{id}/photos',
  summary: `Replace a house piece's product photos (1 to ${MAX_PRODUCT_PHOTOS}): they replace its drawings wherever it is shown; audited`,
  description:
    "404 / 409 (a member's listing) before the body is read; files are checked by content, size and count as they arrive (413, 415).",
  request: { params: IdParams, body: photosBody },
  responses: {
    200: jsonContent(InventoryItemDetailSchema, 'The piece'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415),
  },
});
const deletePhotos = staffRoute({
  ...staffOnly,
  method: 'delete',
  path: '/items/{id}/photos',
  summary: "Remove a house piece's product photos: it is shown with its drawings again; audited",
  request: { params: IdParams },
  responses: { 200: jsonContent(InventoryItemDetailSchema, 'The piece'), ...errorResponses(400, 401, 403, 404, 409) },
});

/** Reads up to `room` photos (the `photos` field only), each checked as it arrives, like a listing's. */
function readPhotos(request: Request, room: number) {
  const tooMany = () =>
    new HttpError('VALIDATION_FAILED', `${LISTING_MESSAGES.tooManyPhotos}: there is room for ${room} more.`, {
      issues: [{ path: 'photos', message: LISTING_MESSAGES.tooManyPhotos }],
    });
  if (room === 0) throw tooMany();
  return readPhotoUpload(request, {
    fields: [],
    maxFiles: room,
    maxFieldBytes: 1024,
    tooManyFiles: tooMany,
  });
}

export function createOpsRoutes(ctx: AppContext, service: OpsService) {
  const { units, items, photos } = service;
  const rid = (c: { var: { requestId?: string } }) => c.var.requestId ?? null;
  const app = newRouter();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'private, no-store');
  });
  return app
    .openapi(reviewQueue, async (c) => c.json(await service.reviewQueue(c.req.valid('query').status), 200))
    .openapi(reviewOne, async (c) => c.json(await service.reviewListing(c.req.valid('param').id), 200))
    .openapi(approve, async (c) =>
      c.json(await service.approve(c.var.user, c.req.valid('param').id, c.var.requestId ?? null), 200),
    )
    .openapi(reject, async (c) =>
      c.json(
        await service.reject(c.var.user, c.req.valid('param').id, c.req.valid('json').reason, c.var.requestId ?? null),
        200,
      ),
    )
    .openapi(auditLog, async (c) => c.json(await service.auditLog(c.req.valid('query')), 200))
    .openapi(today, async (c) => c.json(await service.today(), 200))
    .openapi(inventory, async (c) => {
      const { q, after } = c.req.valid('query');
      return c.json(await service.inventory(q, after, INVENTORY_PAGE_SIZE), 200);
    })
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
    )
    .openapi(createItem, async (c) => c.json(await items.create(c.var.user, c.req.valid('json'), rid(c)), 201))
    .openapi(itemOne, async (c) => c.json(await items.detail(c.req.valid('param').id), 200))
    .openapi(updateItem, async (c) =>
      c.json(await items.update(c.var.user, c.req.valid('param').id, c.req.valid('json'), rid(c)), 200),
    )
    .openapi(addUnits, async (c) =>
      c.json(await items.addUnits(c.var.user, c.req.valid('param').id, c.req.valid('json'), rid(c)), 200),
    )
    .openapi(putPhotos, async (c) => {
      const { id } = c.req.valid('param');
      await items.checkPhotoTarget(id); // 404 / 409 before a byte of the body is read
      const form = await readPhotos(c.req.raw, MAX_PRODUCT_PHOTOS);
      if (form.files.length === 0)
        throw new HttpError('VALIDATION_FAILED', LISTING_MESSAGES.noPhoto, {
          issues: [{ path: 'photos', message: LISTING_MESSAGES.noPhoto }],
        });
      return c.json(await items.replacePhotos(c.var.user, id, form.files, rid(c)), 200);
    })
    .openapi(deletePhotos, async (c) =>
      c.json(await items.replacePhotos(c.var.user, c.req.valid('param').id, [], rid(c)), 200),
    );
}
