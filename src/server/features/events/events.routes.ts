import { createRoute } from '@hono/zod-openapi';
import { EventListSchema, EventSchema } from '../../../domain/events';
import type { AppContext } from '../../context';
import { IdParams } from '../../http/params';
import { errorResponses, jsonContent, newRouter, memberRoute } from '../../http/openapi';
import type { EventsService } from './events.service';

const listEvents = createRoute({
  method: 'get',
  path: '/',
  tags: ['Events'],
  summary: 'Upcoming events with the spots left (and, for a member, whether she holds one)',
  responses: { 200: jsonContent(EventListSchema, 'Events from today on, soonest first') },
});

const rsvp = memberRoute({
  method: 'post',
  path: '/{id}/rsvp',
  tags: ['Events'],
  summary: 'Reserve a spot (once per member)',
  request: { params: IdParams },
  responses: {
    201: jsonContent(EventSchema, 'The spot is yours: the event with the spots left'),
    ...errorResponses(400, 401, 404, 409),
  },
});

const cancelRsvp = memberRoute({
  method: 'delete',
  path: '/{id}/rsvp',
  tags: ['Events'],
  summary: 'Cancel your reservation',
  request: { params: IdParams },
  responses: {
    200: jsonContent(EventSchema, 'The event with the spot given back'),
    ...errorResponses(400, 401, 404),
  },
});

export function createEventsRoutes(ctx: AppContext, service: EventsService) {
  return newRouter()
    .openapi(listEvents, async (c) => c.json({ events: await service.list(c.var.user?.id ?? null) }, 200))
    .openapi(rsvp, async (c) => c.json(await service.rsvp(c.var.user.id, c.req.valid('param').id), 201))
    .openapi(cancelRsvp, async (c) => c.json(await service.cancel(c.var.user.id, c.req.valid('param').id), 200));
}
