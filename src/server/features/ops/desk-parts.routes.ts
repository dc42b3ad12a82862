import { LISTING_MESSAGES, MAX_PHOTO_BYTES } from '../../../domain/listings';
import { MAX_PRODUCT_PHOTOS } from '../../../domain/ops';
import { HttpError } from '../../http/errors';
import { photoFormBody, readPhotoUpload } from '../../http/photo-upload';

/*
 * What the desk's routers share (ops.routes.ts composes them): the tag of every /api/ops route,
 * and the photo form of its two upload routes (a piece's product photos, a rental's check-in
 * photos): their paths, their OpenAPI body and how the body is read.
 */

/** The desk's upload routes (product photos, check-in photos): their body limit is the upload one (see app.ts). */
export const OPS_UPLOAD_ROUTE = /^\/api\/ops\/(items\/\d{1,10}\/photos|rentals\/\d{1,10}\/condition-photos)\/?$/;

/** Every /api/ops route is a staffRoute: a session (401 without) with the staff role (403 for members). */
export const staffOnly = { tags: ['Operations desk (staff)'] };

export const photosBody = photoFormBody({
  max: MAX_PRODUCT_PHOTOS,
  description: `Up to ${MAX_PRODUCT_PHOTOS} photos (JPEG, PNG or WebP, checked by content; at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB each), read as a stream within caps like a listing's photos.`,
});

/** Reads up to `room` photos (the `photos` field only), each checked as it arrives, like a listing's. */
export function readPhotos(request: Request, room: number) {
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
