import { LISTING_MESSAGES } from '../../../domain/listings';
import {
  INVENTORY_PAGE_SIZE,
  InventoryItemDetailSchema,
  InventoryItemInputSchema,
  InventoryItemUpdateSchema,
  InventoryPageSchema,
  InventoryQuerySchema,
  MAX_PRODUCT_PHOTOS,
  UnitsToAddSchema,
} from '../../../domain/ops';
import { HttpError } from '../../http/errors';
import { errorResponses, jsonBody, jsonContent, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import { photosBody, readPhotos, staffOnly } from './desk-parts.routes';
import type { OpsService } from './ops.service';

/* The house inventory: the catalogue with its units, and editing a house piece, its units and its photos. */

const inventory = staffRoute({
  ...staffOnly,
  method: 'get',
  path: '/inventory',
  summary: 'The catalogue with its units per size and how many are out today',
  request: { query: InventoryQuerySchema },
  responses: { 200: jsonContent(InventoryPageSchema, 'A page of items by id'), ...errorResponses(400, 401, 403) },
});

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

export function createInventoryRoutes(service: OpsService) {
  const { items } = service;
  const rid = (c: { var: { requestId?: string } }) => c.var.requestId ?? null;
  return newRouter()
    .openapi(inventory, async (c) => {
      const { q, after } = c.req.valid('query');
      return c.json(await service.inventory(q, after, INVENTORY_PAGE_SIZE), 200);
    })
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
