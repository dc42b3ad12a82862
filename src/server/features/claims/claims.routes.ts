import { z } from '@hono/zod-openapi';
import {
  CLAIM_WINDOW_HOURS,
  ClaimableListSchema,
  ClaimDecisionSchema,
  ClaimInputSchema,
  ClaimListSchema,
  ClaimSchema,
  DeskClaimListSchema,
  DeskClaimQuerySchema,
  DeskClaimSchema,
  MAX_CLAIM_PHOTOS,
  CLAIM_MESSAGES,
} from '../../../domain/claims';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { parseDataField, photoFormBody, readPhotoUpload } from '../../http/photo-upload';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { ClaimsService } from './claims.service';

/** The claim upload route: its body limit is the upload one (see app.ts). */
export const CLAIM_UPLOAD_ROUTE = /^\/api\/claims\/?$/;

const tags = ['Damage claims'];
const deskTags = ['Operations desk (staff)'];

const PhotoParams = IdParams.extend({
  position: z
    .string()
    .regex(/^\d$/, { error: `must be a photo position from 0 to ${MAX_CLAIM_PHOTOS - 1}` })
    .transform(Number),
});

const list = memberRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Damage claims you are a party to (as lender or renter), newest first',
  responses: { 200: jsonContent(ClaimListSchema, 'Claims'), ...errorResponses(401) },
});

const claimable = memberRoute({
  method: 'get',
  path: '/claimable',
  tags,
  summary: `Your pieces returned within the last ${CLAIM_WINDOW_HOURS} hours with no claim yet`,
  responses: { 200: jsonContent(ClaimableListSchema, 'Rentals you may claim on'), ...errorResponses(401) },
});

const open = memberRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Open a damage claim on a returned rental of your piece, with photos',
  description:
    `multipart/form-data: data (JSON: rentalId, amountCents, description) and 1 to ${MAX_CLAIM_PHOTOS} photos, checked like a listing's. ` +
    `404 for a rental of someone else's piece; 409 before the return, more than ${CLAIM_WINDOW_HOURS} hours after it, or for a second claim on the rental; ` +
    "400 for an amount above the piece's retail price. The rental's earning is held from payout while the claim is open; both members are notified.",
  request: {
    body: photoFormBody(
      { max: MAX_CLAIM_PHOTOS },
      { description: 'The claim as JSON: { rentalId, amountCents, description }' },
    ),
  },
  responses: { 201: jsonContent(ClaimSchema, 'The claim'), ...errorResponses(400, 401, 404, 409, 413, 415) },
});

const photo = memberRoute({
  method: 'get',
  path: '/{id}/photos/{position}',
  tags,
  summary: "A claim photo (WebP): for the claim's two members and staff",
  request: { params: PhotoParams },
  responses: {
    200: { description: 'The photo', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 401, 404),
  },
});

const deskList = staffRoute({
  method: 'get',
  path: '/',
  tags: deskTags,
  summary: 'Damage claims by status (open ones, oldest first, by default)',
  request: { query: DeskClaimQuerySchema },
  responses: { 200: jsonContent(DeskClaimListSchema, 'Claims'), ...errorResponses(400, 401, 403) },
});

const deskOne = staffRoute({
  method: 'get',
  path: '/{id}',
  tags: deskTags,
  summary: 'One damage claim with its photos and both members',
  request: { params: IdParams },
  responses: { 200: jsonContent(DeskClaimSchema, 'The claim'), ...errorResponses(400, 401, 403, 404) },
});

const uphold = staffRoute({
  method: 'post',
  path: '/{id}/uphold',
  tags: deskTags,
  summary:
    "Uphold a claim with a note: the renter's card is charged the amount and the lender credited; both notified; audited",
  request: { params: IdParams, body: jsonBody(ClaimDecisionSchema) },
  responses: { 200: jsonContent(DeskClaimSchema, 'The claim'), ...errorResponses(400, 401, 403, 404, 409) },
});

const reject = staffRoute({
  method: 'post',
  path: '/{id}/reject',
  tags: deskTags,
  summary: "Reject a claim with a note: the lender's earning is released; both notified; audited",
  request: { params: IdParams, body: jsonBody(ClaimDecisionSchema) },
  responses: { 200: jsonContent(DeskClaimSchema, 'The claim'), ...errorResponses(400, 401, 403, 404, 409) },
});

const retryCharge = staffRoute({
  method: 'post',
  path: '/{id}/retry-charge',
  tags: deskTags,
  summary:
    "Charge an upheld claim again after its charge failed: the renter's card on file now; the lender is credited once it goes through; audited",
  description:
    '409 when the claim is not upheld with a failed charge (of several clicks at once, one charges), or when the renter still has no card on file.',
  request: { params: IdParams },
  responses: {
    200: jsonContent(
      DeskClaimSchema,
      'The claim (chargeStatus charged, failed again, or pending while the provider answers)',
    ),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function createClaimsRoutes(_ctx: AppContext, service: ClaimsService) {
  return newRouter()
    .openapi(list, async (c) => c.json({ claims: await service.mine(c.var.user.id) }, 200))
    .openapi(claimable, async (c) => c.json({ rentals: await service.claimable(c.var.user.id) }, 200))
    .openapi(open, async (c) => {
      const form = await readPhotoUpload(c.req.raw, {
        fields: ['data'],
        maxFiles: MAX_CLAIM_PHOTOS,
        maxFieldBytes: 8 * 1024,
        tooManyFiles: () =>
          new HttpError('VALIDATION_FAILED', CLAIM_MESSAGES.tooManyPhotos, {
            issues: [{ path: 'photos', message: CLAIM_MESSAGES.tooManyPhotos }],
          }),
      });
      return c.json(
        await service.open(
          c.var.user.id,
          parseDataField(form.fields.get('data'), ClaimInputSchema, 'claim'),
          form.files,
        ),
        201,
      );
    })
    .openapi(photo, async (c) => {
      const { id, position } = c.req.valid('param');
      const found = await service.photo(id, position, c.var.user);
      if (!found) throw notFound('Photo not found');
      return c.body(new Uint8Array(found.data), 200, {
        'content-type': found.contentType,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    });
}

/** The desk's claims (mounted at /api/ops/claims): staff only. */
export function createClaimsDeskRoutes(_ctx: AppContext, service: ClaimsService) {
  return newRouter()
    .openapi(deskList, async (c) => c.json({ claims: await service.desk(c.req.valid('query').status) }, 200))
    .openapi(deskOne, async (c) => c.json(await service.deskOne(c.req.valid('param').id), 200))
    .openapi(uphold, async (c) =>
      c.json(
        await service.uphold(c.var.user, c.req.valid('param').id, c.req.valid('json').note, c.var.requestId ?? null),
        200,
      ),
    )
    .openapi(reject, async (c) =>
      c.json(
        await service.reject(c.var.user, c.req.valid('param').id, c.req.valid('json').note, c.var.requestId ?? null),
        200,
      ),
    )
    .openapi(retryCharge, async (c) =>
      c.json(await service.retryCharge(c.var.user, c.req.valid('param').id, c.var.requestId ?? null), 200),
    );
}
