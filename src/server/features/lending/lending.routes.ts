import { z } from '@hono/zod-openapi';
import {
  BlockDatesSchema,
  BookingRequestListSchema,
  BookingRequestSchema,
  LenderBlockSchema,
  LenderCalendarSchema,
  MessageSchema,
  REQUEST_ANSWER_HOURS,
  SendMessageSchema,
  ThreadSchema,
  UnreadMessagesSchema,
} from '../../../domain/lending';
import { BookRentalSchema, MAX_BOOKING_AHEAD_DAYS } from '../../../domain/rentals';
import { CONDITIONS } from '../../../domain/unit-life';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { photoFormBody, readPhotoUpload } from '../../http/photo-upload';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import { IdParams, idParam } from '../../http/params';
import type { LendingCalendarService } from './lending-calendar.service';
import { MAX_HANDOVER_PHOTOS, type LendingThreadsService } from './lending-threads.service';
import type { LendingRequestsService } from './lending.service';

/** Lending as its routes see it: its requests, threads and calendar (three services, composed in services.ts). */
export type LendingService = LendingRequestsService & LendingThreadsService & LendingCalendarService;

/** The lender's handover photo uploads: their body limit is the upload one (see app.ts). */
export const LENDING_UPLOAD_ROUTE = /^\/api\/lending\/requests\/\d{1,10}\/photos\/(sent|returned)\/?$/;

const tags = ['Lending'];

const list = memberRoute({
  method: 'get',
  path: '/requests',
  tags,
  summary: 'Requests for your pieces (incoming: you are the lender) and requests you made (outgoing)',
  responses: { 200: jsonContent(BookingRequestListSchema, 'Requests, newest first'), ...errorResponses(401) },
});

const create = memberRoute({
  method: 'post',
  path: '/requests',
  tags,
  summary:
    "Request to book a member's piece: the dates are held and the price authorised on your card; the lender has 48 hours to accept",
  description:
    `Same body as POST /api/rentals. Only for a member's own pieces (409 with details.action 'book' for the house collection). The lender accepts or declines within ${REQUEST_ANSWER_HOURS} hours; ` +
    'without an answer the request expires. The card is authorised now (402 CARD_REQUIRED without one, 402 PAYMENT_DECLINED when refused: nothing is held) and charged on acceptance; ' +
    'declined or expired, the hold is released and nothing is charged. 409 SOLD_OUT when the days are taken, ALREADY_RENTED when you have it out or requested already; 403 for your own piece.',
  request: { body: jsonBody(BookRentalSchema) },
  responses: {
    201: jsonContent(BookingRequestSchema, 'The request, waiting for the lender'),
    ...errorResponses(400, 401, 402, 403, 404, 409),
  },
});

const getOne = memberRoute({
  method: 'get',
  path: '/requests/{id}',
  tags,
  summary: 'One request (the renter and the lender only)',
  request: { params: IdParams },
  responses: { 200: jsonContent(BookingRequestSchema, 'The request'), ...errorResponses(400, 401, 404) },
});

const forRental = memberRoute({
  method: 'get',
  path: '/rentals/{id}/request',
  tags,
  summary: 'The request of a rental (the renter and the lender only)',
  request: { params: IdParams },
  responses: { 200: jsonContent(BookingRequestSchema, 'The request'), ...errorResponses(400, 401, 404) },
});

/** A POST on one request answering the request (the lender's actions, and the renter's withdrawal). */
function requestAction(path: string, summary: string, description: string) {
  return memberRoute({
    method: 'post',
    path: `/requests/{id}/${path}`,
    tags,
    summary,
    description,
    request: { params: IdParams },
    responses: { 200: jsonContent(BookingRequestSchema, 'The request'), ...errorResponses(400, 401, 403, 404, 409) },
  });
}

const accept = requestAction(
  'accept',
  'Accept a request (the lender): the renter is charged',
  `Only while pending and within ${REQUEST_ANSWER_HOURS} hours; 409 once answered or expired. Two accepts at once: one captures, the other gets 409.`,
);
const decline = requestAction(
  'decline',
  'Decline a request (the lender): the dates are freed and the hold on her card released',
  '409 once answered or expired.',
);
const withdraw = requestAction(
  'withdraw',
  'Withdraw your request (the renter) while it waits for the lender: the dates are freed and the hold on your card released',
  '403 for the lender, 404 for anyone else; 409 once it is no longer pending (accepted, declined, expired or withdrawn). A withdrawal and an accept at once: one wins, the other gets 409. The lender is notified.',
);
const send = requestAction(
  'send',
  'Mark your piece sent (delivery) or handed over (studio pickup)',
  'After acceptance, from the day before the rental starts; once.',
);
const clean = requestAction(
  'clean',
  'Mark your piece cleaned: it is bookable again at once (else after the cleaning window)',
  'After it is back.',
);

const BackSchema = z.object({ condition: z.enum(CONDITIONS).optional() });
const back = memberRoute({
  method: 'post',
  path: '/requests/{id}/back',
  tags,
  summary: 'Mark your piece back (the lender): the rental ends, the cleaning window starts',
  description:
    'Once sent; graded good unless condition says otherwise. A late return is charged its late fee once, as at the studio.',
  request: { params: IdParams, body: { content: { 'application/json': { schema: BackSchema } }, required: false } },
  responses: { 200: jsonContent(BookingRequestSchema, 'The request'), ...errorResponses(400, 401, 403, 404, 409) },
});

const StageParams = IdParams.extend({ stage: z.enum(['sent', 'returned']) });
const photosBody = photoFormBody({
  max: MAX_HANDOVER_PHOTOS,
  description: `Up to ${MAX_HANDOVER_PHOTOS} photos (JPEG, PNG or WebP, at most 5 MB each), checked like a listing's.`,
});
const addPhotos = memberRoute({
  method: 'post',
  path: '/requests/{id}/photos/{stage}',
  tags,
  summary: 'Add condition photos when you send your piece (sent) or have it back (returned): the lender only',
  request: { params: StageParams, body: photosBody },
  responses: {
    200: jsonContent(BookingRequestSchema, 'The request with its photos'),
    ...errorResponses(400, 401, 403, 404, 409, 413, 415),
  },
});

const PhotoParams = StageParams.extend({
  position: z.string().regex(/^\d$/, { error: 'must be a photo position from 0 to 9' }).transform(Number),
});
const photo = memberRoute({
  method: 'get',
  path: '/rentals/{id}/photos/{stage}/{position}',
  tags,
  summary: 'A handover photo (WebP): the renter and the lender only',
  request: { params: PhotoParams },
  responses: {
    200: { description: 'The photo', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 401, 404),
  },
});

const thread = memberRoute({
  method: 'get',
  path: '/threads/{id}',
  tags,
  summary:
    'The messages of a request or rental (by its rental id): the renter and the lender only; reading marks them read',
  description: '403 for anyone else (staff read it while a claim on the rental is open).',
  request: { params: IdParams },
  responses: { 200: jsonContent(ThreadSchema, 'The thread, oldest first'), ...errorResponses(400, 401, 403, 404) },
});

const write = memberRoute({
  method: 'post',
  path: '/threads/{id}/messages',
  tags,
  summary: 'Write to the other party of a request or rental; she is notified',
  request: { params: IdParams, body: jsonBody(SendMessageSchema) },
  responses: { 201: jsonContent(MessageSchema, 'The message'), ...errorResponses(400, 401, 403, 404) },
});

const unread = memberRoute({
  method: 'get',
  path: '/unread',
  tags,
  summary: 'Messages from renters and lenders you have not read',
  responses: { 200: jsonContent(UnreadMessagesSchema, 'The count'), ...errorResponses(401) },
});

const calendar = memberRoute({
  method: 'get',
  path: '/items/{id}/calendar',
  tags,
  summary: "Your piece's blocked days and the days its rentals hold (the lender only)",
  request: { params: IdParams },
  responses: { 200: jsonContent(LenderCalendarSchema, 'The calendar'), ...errorResponses(400, 401, 404) },
});

const block = memberRoute({
  method: 'post',
  path: '/items/{id}/blocks',
  tags,
  summary: 'Block days of your piece (not available): browse, the item calendar and booking respect them',
  description: `startDate is today or later and at most ${MAX_BOOKING_AHEAD_DAYS} days from today (UTC), like a request's (400 otherwise). 409 when a rental or request holds any of those days.`,
  request: { params: IdParams, body: jsonBody(BlockDatesSchema) },
  responses: { 201: jsonContent(LenderBlockSchema, 'The blocked days'), ...errorResponses(400, 401, 404, 409) },
});

const unblock = memberRoute({
  method: 'delete',
  path: '/items/{id}/blocks/{blockId}',
  tags,
  summary: 'Free blocked days again',
  request: { params: IdParams.extend({ blockId: idParam('blockId') }) },
  responses: { 204: { description: 'Freed' }, ...errorResponses(400, 401, 404) },
});

/** Reads up to `room` photos (the `photos` field only), each checked as it arrives. */
function readPhotos(request: Request) {
  const tooMany = () =>
    new HttpError('VALIDATION_FAILED', `At most ${MAX_HANDOVER_PHOTOS} photos`, {
      issues: [{ path: 'photos', message: `at most ${MAX_HANDOVER_PHOTOS} photos` }],
    });
  return readPhotoUpload(request, {
    fields: [],
    maxFiles: MAX_HANDOVER_PHOTOS,
    maxFieldBytes: 1024,
    tooManyFiles: tooMany,
  });
}

export function createLendingRoutes(_ctx: AppContext, service: LendingService) {
  const app = newRouter();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'private, no-store');
  });
  return app
    .openapi(list, async (c) => c.json(await service.list(c.var.user.id), 200))
    .openapi(create, async (c) => c.json(await service.request(c.var.user.id, c.req.valid('json')), 201))
    .openapi(getOne, async (c) => c.json(await service.get(c.req.valid('param').id, c.var.user.id), 200))
    .openapi(forRental, async (c) => c.json(await service.forRental(c.req.valid('param').id, c.var.user.id), 200))
    .openapi(accept, async (c) => c.json(await service.accept(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(decline, async (c) => c.json(await service.decline(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(withdraw, async (c) => c.json(await service.withdraw(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(send, async (c) => c.json(await service.send(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(back, async (c) =>
      c.json(await service.back(c.var.user.id, c.req.valid('param').id, c.req.valid('json')?.condition), 200),
    )
    .openapi(clean, async (c) => c.json(await service.cleaned(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(addPhotos, async (c) => {
      const { id, stage } = c.req.valid('param');
      await service.get(id, c.var.user.id); // 404 before a byte of the body is read
      const form = await readPhotos(c.req.raw);
      return c.json(await service.addPhotos(c.var.user.id, id, stage, form.files), 200);
    })
    .openapi(photo, async (c) => {
      const { id, stage, position } = c.req.valid('param');
      const found = await service.photo(c.var.user.id, c.var.user.role === 'staff', id, stage, position);
      if (!found) throw notFound('Photo not found');
      return c.body(new Uint8Array(found.data), 200, {
        'content-type': found.contentType,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    })
    .openapi(thread, async (c) =>
      c.json(await service.thread(c.var.user.id, c.var.user.role === 'staff', c.req.valid('param').id), 200),
    )
    .openapi(write, async (c) =>
      c.json(await service.sendMessage(c.var.user.id, c.req.valid('param').id, c.req.valid('json').body), 201),
    )
    .openapi(unread, async (c) => c.json({ unreadCount: await service.unreadCount(c.var.user.id) }, 200))
    .openapi(calendar, async (c) => c.json(await service.calendar(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(block, async (c) =>
      c.json(await service.block(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(unblock, async (c) => {
      const { id, blockId } = c.req.valid('param');
      await service.unblock(c.var.user.id, id, blockId);
      return c.body(null, 204);
    });
}
