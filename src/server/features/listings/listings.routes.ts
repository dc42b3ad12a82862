import { createRoute, z } from '@hono/zod-openapi';
import { ListingInputSchema, ListingListSchema, ListingSchema, ListingUpdateSchema, MAX_LISTING_PHOTOS } from '../../../domain/listings';
import type { AppContext } from '../../context';
import { HttpError, notFound, validationError } from '../../http/errors';
import { requireUser } from '../../http/middleware';
import { errorResponses, jsonBody, jsonContent, newRouter } from '../../http/openapi';
import { createListingsService } from './listings.service';

/** The listing routes that take photos: their body limit is 20 MB instead of 1 MB (see app.ts). */
export const LISTING_UPLOAD_ROUTE = /^\/api\/listings(\/\d{1,9}\/photos)?\/?$/;

const IdParams = z.object({ id: z.string().regex(/^\d{1,9}$/, { error: 'must be a whole number' }).transform(Number) });
const PhotoParams = IdParams.extend({
  position: z.string().regex(/^\d$/, { error: `must be a photo position from 0 to ${MAX_LISTING_PHOTOS - 1}` }).transform(Number),
});

const photosField = z.any().openapi({
  type: 'array',
  items: { type: 'string', format: 'binary' },
  description: `1 to ${MAX_LISTING_PHOTOS} photos (JPEG, PNG or WebP, checked by content; at most 5 MB each). Re-encoded and resized by the server.`,
});

const CreateForm = z.object({
  data: z.string().openapi({ description: 'The listing as JSON (ListingInput): name, brand, category, gender, sizes, description, retailPriceCents, rentalPriceCents, handover' }),
  photos: photosField.optional(),
});
const PhotosForm = z.object({ photos: photosField.optional() });

const security = [{ cookieAuth: [] }];

const listMine = createRoute({
  method: 'get',
  path: '/',
  tags: ['Listings'],
  summary: "The member's own listings with status and earnings",
  security,
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(ListingListSchema, 'Listings, newest first, and total earnings'), ...errorResponses(401) },
});

const create = createRoute({
  method: 'post',
  path: '/',
  tags: ['Listings'],
  summary: 'List a piece of your own for rent (multipart: data + photos)',
  security,
  middleware: [requireUser] as const,
  request: { body: { content: { 'multipart/form-data': { schema: CreateForm } }, required: true } },
  responses: { 201: jsonContent(ListingSchema, 'The new listing'), ...errorResponses(400, 401, 413, 415) },
});

const getOne = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Listings'],
  summary: 'One of your listings',
  security,
  middleware: [requireUser] as const,
  request: { params: IdParams },
  responses: { 200: jsonContent(ListingSchema, 'The listing'), ...errorResponses(400, 401, 404) },
});

const update = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Listings'],
  summary: 'Change a listing (not while rented)',
  security,
  middleware: [requireUser] as const,
  request: { params: IdParams, body: jsonBody(ListingUpdateSchema) },
  responses: { 200: jsonContent(ListingSchema, 'The listing'), ...errorResponses(400, 401, 404, 409) },
});

const remove = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Listings'],
  summary: 'Remove a listing from the catalogue (not while rented)',
  security,
  middleware: [requireUser] as const,
  request: { params: IdParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 404, 409) },
});

const addPhotos = createRoute({
  method: 'post',
  path: '/{id}/photos',
  tags: ['Listings'],
  summary: `Add photos to a listing (up to ${MAX_LISTING_PHOTOS} in all)`,
  security,
  middleware: [requireUser] as const,
  request: { params: IdParams, body: { content: { 'multipart/form-data': { schema: PhotosForm } }, required: true } },
  responses: { 200: jsonContent(ListingSchema, 'The listing'), ...errorResponses(400, 401, 404, 413, 415) },
});

const deletePhoto = createRoute({
  method: 'delete',
  path: '/{id}/photos/{position}',
  tags: ['Listings'],
  summary: 'Remove one photo (a listing keeps at least one)',
  security,
  middleware: [requireUser] as const,
  request: { params: PhotoParams },
  responses: { 200: jsonContent(ListingSchema, 'The listing'), ...errorResponses(400, 401, 404, 409) },
});

const getPhoto = createRoute({
  method: 'get',
  path: '/{id}/photos/{position}',
  tags: ['Listings'],
  summary: "A listing's photo (public, like the catalogue)",
  request: { params: PhotoParams },
  responses: {
    200: { description: 'The photo (WebP)', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 404),
  },
});

/** The uploaded files of a parsed multipart body, whatever their count. */
function filesOf(value: unknown): File[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((v) => {
    if (!(v instanceof File)) throw new HttpError('VALIDATION_FAILED', 'Invalid form: photos must be files', { issues: [{ path: 'photos', message: 'must be files' }] });
    return v;
  });
}

function parseData(raw: string) {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new HttpError('VALIDATION_FAILED', 'Invalid form: data must be the listing as JSON', { issues: [{ path: 'data', message: 'must be JSON' }] });
  }
  const parsed = ListingInputSchema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error, 'listing');
  return parsed.data;
}

export function createListingsRoutes(ctx: AppContext) {
  const service = createListingsService(ctx);
  return newRouter()
    .openapi(listMine, async (c) => c.json(await service.list(c.var.user.id), 200))
    .openapi(create, async (c) => {
      const form = c.req.valid('form');
      const input = parseData(form.data);
      return c.json(await service.create(c.var.user.id, input, filesOf(form.photos)), 201);
    })
    .openapi(getOne, async (c) => c.json(await service.get(c.req.valid('param').id, c.var.user.id), 200))
    .openapi(update, async (c) => c.json(await service.update(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(remove, async (c) => {
      await service.remove(c.var.user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(addPhotos, async (c) => c.json(await service.addPhotos(c.var.user.id, c.req.valid('param').id, filesOf(c.req.valid('form').photos)), 200))
    .openapi(deletePhoto, async (c) => {
      const { id, position } = c.req.valid('param');
      return c.json(await service.deletePhoto(c.var.user.id, id, position), 200);
    })
    .openapi(getPhoto, async (c) => {
      const { id, position } = c.req.valid('param');
      const photo = await service.photo(id, position);
      if (!photo) throw notFound('Photo not found');
      return c.body(new Uint8Array(photo.data), 200, {
        'content-type': photo.contentType,
        'cache-control': 'public, max-age=300',
        'x-content-type-options': 'nosniff',
      });
    });
}
