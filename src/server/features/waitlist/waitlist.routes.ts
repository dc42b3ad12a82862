import {
  ConfirmHoldSchema,
  JoinWaitlistSchema,
  WAITLIST_HOLD_HOURS,
  WaitlistEntrySchema,
  WaitlistListSchema,
} from '../../../domain/waitlist';
import { RentalSchema } from '../../../domain/rentals';
import type { AppContext } from '../../context';
import { IdParams } from '../../http/params';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import type { WaitlistService } from './waitlist.service';

const list = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Waitlist'],
  summary: "The member's waitlist: sizes she waits for, and pieces held for her (with when the hold ends)",
  responses: {
    200: jsonContent(WaitlistListSchema, 'Live entries (waiting or held), newest first'),
    ...errorResponses(401),
  },
});

const join = memberRoute({
  method: 'post',
  path: '/',
  tags: ['Waitlist'],
  summary: "'Join the waitlist' for a size sold out for the dates",
  description:
    `When a unit of the size comes free for those dates (a return after cleaning, a cancellation) the first member waiting has it held for ${WAITLIST_HOLD_HOURS} hours and is notified; ` +
    'unconfirmed, the hold passes to the next. 409 when a unit is free for the dates now (book it; details.action book) or when she is on the list for the same size and start already; ' +
    '400 for dates in the past or beyond the booking window, or a size the piece does not come in; 404 for an unknown piece.',
  request: { body: jsonBody(JoinWaitlistSchema) },
  responses: { 201: jsonContent(WaitlistEntrySchema, 'The entry'), ...errorResponses(400, 401, 404, 409) },
});

const confirm = memberRoute({
  method: 'post',
  path: '/{id}/confirm',
  tags: ['Waitlist'],
  summary: 'Confirm a hold: books the held piece for the waitlisted dates, paid like any booking',
  description:
    'Answers as POST /api/rentals does (402 CARD_REQUIRED or PAYMENT_DECLINED, 409 ALREADY_RENTED...). 409 when nothing is held for her (the hold expired or was confirmed already): ' +
    'of many confirmations at once, one books it. A declined card keeps the hold until it expires (details.holdExpiresAt).',
  request: {
    params: IdParams,
    body: { content: { 'application/json': { schema: ConfirmHoldSchema } }, required: false },
  },
  responses: { 201: jsonContent(RentalSchema, 'The rental'), ...errorResponses(400, 401, 402, 404, 409, 429) },
});

const leave = memberRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Waitlist'],
  summary: 'Leave the waitlist (a piece held for her goes to the next member waiting)',
  request: { params: IdParams },
  responses: { 200: jsonContent(WaitlistEntrySchema, 'The entry, left'), ...errorResponses(400, 401, 404, 409) },
});

export function createWaitlistRoutes(_ctx: AppContext, service: WaitlistService) {
  return newRouter()
    .openapi(list, async (c) => c.json({ entries: await service.list(c.var.user.id) }, 200))
    .openapi(join, async (c) => c.json(await service.join(c.var.user.id, c.req.valid('json')), 201))
    .openapi(confirm, async (c) =>
      c.json(await service.confirm(c.var.user.id, c.req.valid('param').id, c.req.valid('json') ?? {}), 201),
    )
    .openapi(leave, async (c) => c.json(await service.leave(c.var.user.id, c.req.valid('param').id), 200));
}
