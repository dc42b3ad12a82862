import { createRoute, z } from '@hono/zod-openapi';
import { BookingRequestSchema } from '../../../domain/lending';
import { CalendarFeedSchema } from '../../../domain/lender-feed';
import type { AppContext } from '../../context';
import { errorResponses, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { CalendarFeedService } from './calendar-feed.service';
import type { LenderCancellation } from './lender-cancellation';

const tags = ['Lending'];

const cancel = memberRoute({
  method: 'post',
  path: '/requests/{id}/cancel',
  tags,
  summary:
    'Cancel a request you accepted (the lender), before the piece is sent: the renter refunded in full, a fee from your next payout',
  description:
    '403 for the renter, 404 for anyone else; 409 before it is accepted, once sent, or once cancelled (two at once: one cancellation, one refund). ' +
    'Three cancellations in 90 days pause your listings for 30 days (decision 0067).',
  request: { params: IdParams },
  responses: {
    200: jsonContent(BookingRequestSchema, 'The request, cancelled'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
const getFeed = memberRoute({
  method: 'get',
  path: '/feed',
  tags,
  summary: 'Your private calendar feed’s address (ICS): the days your pieces are booked or blocked',
  responses: { 200: jsonContent(CalendarFeedSchema, 'The feed'), ...errorResponses(401) },
});
const resetFeed = memberRoute({
  method: 'post',
  path: '/feed/reset',
  tags,
  summary: 'Give your calendar feed a new secret address: the old one stops working',
  responses: { 200: jsonContent(CalendarFeedSchema, 'The feed'), ...errorResponses(401) },
});
const ics = createRoute({
  method: 'get',
  path: '/feed/{file}',
  tags,
  summary: 'A calendar feed (RFC 5545) by its secret: no session; 404 for any other secret',
  request: { params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.ics$/) }) },
  responses: {
    200: { description: 'iCalendar', content: { 'text/calendar': { schema: z.string() } } },
    ...errorResponses(400, 404),
  },
});

/** The lender's cancellation of an accepted request and her calendar feed (decision 0067), under /api/lending. */
export function createLenderPolicyRoutes(ctx: AppContext, service: LenderCancellation & CalendarFeedService) {
  const withUrl = (f: { path: string; createdAt: string }) => ({ ...f, url: `${ctx.env.publicUrl}${f.path}` });
  const app = newRouter();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'private, no-store');
  });
  return app
    .openapi(cancel, async (c) => c.json(await service.cancelAccepted(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(getFeed, async (c) => c.json(withUrl(await service.calendarFeed(c.var.user.id)), 200))
    .openapi(resetFeed, async (c) => c.json(withUrl(await service.resetCalendarFeed(c.var.user.id)), 200))
    .openapi(ics, async (c) =>
      c.body(await service.calendarIcs(c.req.valid('param').file.replace(/\.ics$/, '')), 200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="rentique-lending.ics"',
        'cache-control': 'private, no-store',
        'referrer-policy': 'no-referrer',
      }),
    );
}
