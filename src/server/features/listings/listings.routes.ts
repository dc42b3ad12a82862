import { createRoute, z } from '@hono/zod-openapi';
import {
  LISTING_MESSAGES,
  ListingInputSchema,
  ListingListSchema,
  ListingSchema,
  ListingUpdateSchema,
  MAX_LISTING_PHOTOS,
  MAX_LIVE_LISTINGS,
  MAX_PHOTO_BYTES,
} from '../../../domain/listings';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { IdParams } from '../../http/params';
import { parseDataField, photoFormBody, readPhotoUpload } from '../../http/photo-upload';
import { errorResponses, jsonBody, jsonContent, newRouter, memberRoute } from '../../http/openapi';
import type { ListingsService } from './listings.service';

/** The listing routes that take photos: their body limit is 20 MB instead of 1 MB (see app.ts). */
export const LISTING_UPLOAD_ROUTE = /^\/api\/listings(\/\d{1,10}\/photos)?\/?$/;

const PhotoParams = IdParams.extend({
  position: z
    .string()
    .regex(/^\d$/, { error: `must be a photo position from 0 to ${MAX_LISTING_PHOTOS - 1}` })
    .transform(Number),
});

/*
 * The upload forms are described to OpenAPI as plain schemas, not zod ones: a zod form schema
 * would make the router parse the whole body before the handler runs (issue 12). The handlers
 * check who may upload and how many photos there is room for first, then read the body as a
 * stream within caps (http/multipart.ts).
 */
const photosField = {
  max: MAX_LISTING_PHOTOS,
  description: `1 to ${MAX_LISTING_PHOTOS} photos (JPEG, PNG or WebP, checked by content; at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB each). Re-encoded and resized by the server.`,
};
const MAX_DATA_BYTES = 16 * 1024;
const uploadNote =
  `Read as a stream within caps: at most ${MAX_LISTING_PHOTOS} files and one data field; a part, field or file beyond a cap ends the request at once (413 PAYLOAD_TOO_LARGE, or 400 for too many photos), ` +
  'and a file that is not JPEG, PNG or WebP by its first bytes ends it with 415.';

const createBody = photoFormBody(photosField, {
  maxLength: MAX_DATA_BYTES,
  description:
    'The listing as JSON (ListingInput): name, brand, category, gender, sizes, description, retailPriceCents, rentalPriceCents, handover',
});
const photosBody = photoFormBody(photosField);

const listMine = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Listings'],
  summary: "The member's own listings with status and earnings",
  responses: {
    200: jsonContent(ListingListSchema, 'Listings, newest first, and total earnings'),
    ...errorResponses(401),
  },
});

const create = memberRoute({
  method: 'post',
  path: '/',
  tags: ['Listings'],
  summary: 'List a piece of your own for rent (multipart: data + photos)',
  description: `At most ${MAX_LIVE_LISTINGS} live listings per member (409 at the cap, before the body is read). ${uploadNote}`,
  request: { body: createBody },
  responses: { 201: jsonContent(ListingSchema, 'The new listing'), ...errorResponses(400, 401, 403, 409, 413, 415) },
});

const getOne = memberRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Listings'],
  summary: 'One of your listings',
  request: { params: IdParams },
  responses: { 200: jsonContent(ListingSchema, 'The listing'), ...errorResponses(400, 401, 404) },
});

const update = memberRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Listings'],
  summary: 'Change a listing (not while rented)',
  request: { params: IdParams, body: jsonBody(ListingUpdateSchema) },
  responses: { 200: jsonContent(ListingSchema, 'The listing'), ...errorResponses(400, 401, 404, 409) },
});

const remove = memberRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Listings'],
  summary: 'Remove a listing from the catalogue (not while rented)',
  request: { params: IdParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 404, 409) },
});

const addPhotos = memberRoute({
  method: 'post',
  path: '/{id}/photos',
  tags: ['Listings'],
  summary: `Add photos to a listing (up to ${MAX_LISTING_PHOTOS} in all)`,
  description: `The listing must be yours (404) and have room for another photo (400), checked before the body is read. ${uploadNote}`,
  request: { params: IdParams, body: photosBody },
  responses: { 200: jsonContent(ListingSchema, 'The listing'), ...errorResponses(400, 401, 404, 413, 415) },
});

const deletePhoto = memberRoute({
  method: 'delete',
  path: '/{id}/photos/{position}',
  tags: ['Listings'],
  summary: 'Remove one photo (a listing keeps at least one)',
  request: { params: PhotoParams },
  responses: { 200: jsonContent(ListingSchema, 'The listing'), ...errorResponses(400, 401, 404, 409) },
});

const getPhoto = createRoute({
  method: 'get',
  path: '/{id}/photos/{position}',
  tags: ['Listings'],
  summary: "A listing's photo (public once the listing is approved; before that, for its owner and staff)",
  request: { params: PhotoParams },
  responses: {
    200: {
      description: 'The photo (WebP)',
      content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errorResponses(400, 404),
  },
});

const tooManyPhotos = (room: number) =>
  new HttpError(
    'VALIDATION_FAILED',
    room < MAX_LISTING_PHOTOS
      ? `${LISTING_MESSAGES.tooManyPhotos}: this listing has room for ${room} more.`
      : LISTING_MESSAGES.tooManyPhotos,
    {
      issues: [{ path: 'photos', message: LISTING_MESSAGES.tooManyPhotos }],
    },
  );

/** Reads a listing upload form: the `data` field and up to `room` photos, each checked as it arrives. */
function readPhotoForm(request: Request, room: number) {
  return readPhotoUpload(request, {
    fields: ['data'],
    maxFiles: room,
    maxFieldBytes: MAX_DATA_BYTES,
    tooManyFiles: () => tooManyPhotos(room),
  });
}

export function createListingsRoutes(ctx: AppContext, service: ListingsService) {
  return newRouter()
    .openapi(listMine, async (c) => c.json(await service.list(c.var.user.id), 200))
    .openapi(create, async (c) => {
      const ownerId = c.var.user.id;
      // Refused early, the rest of the body is not read: the node server discards what still
      // arrives for a moment after the answer, then closes the connection.
      await service.checkRoomForListing(ownerId); // before a byte of the body is read
      const form = await readPhotoForm(c.req.raw, MAX_LISTING_PHOTOS);
      return c.json(
        await service.create(
          ownerId,
          parseDataField(form.fields.get('data'), ListingInputSchema, 'listing'),
          form.files,
        ),
        201,
      );
    })
    .openapi(getOne, async (c) => c.json(await service.get(c.req.valid('param').id, c.var.user.id), 200))
    .openapi(update, async (c) =>
      c.json(await service.update(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(remove, async (c) => {
      await service.remove(c.var.user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(addPhotos, async (c) => {
      const ownerId = c.var.user.id;
      const { id } = c.req.valid('param');
      const room = await service.photoRoom(ownerId, id); // 404 / 400 before a byte of the body is read
      if (room === 0) throw tooManyPhotos(0);
      const form = await readPhotoForm(c.req.raw, room);
      return c.json(await service.addPhotos(ownerId, id, form.files), 200);
    })
    .openapi(deletePhoto, async (c) => {
      const { id, position } = c.req.valid('param');
      return c.json(await service.deletePhoto(c.var.user.id, id, position), 200);
    })
    .openapi(getPhoto, async (c) => {
      const { id, position } = c.req.valid('param');
      const photo = await service.photo(id, position, c.var.user);
      if (!photo) throw notFound('Photo not found');
      return c.body(new Uint8Array(photo.data), 200, {
        'content-type': photo.contentType,
        // A listing in review is seen by its owner and staff only: never kept by a shared cache.
        'cache-control': photo.public ? 'public, max-age=300' : 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    });
}
