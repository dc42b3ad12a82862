import { createRoute } from '@hono/zod-openapi';
import {
  AppointmentAvailabilitySchema,
  AppointmentListSchema,
  AppointmentRequestSchema,
  AppointmentSchema,
  AvailabilityQuerySchema,
  ContactMessageReceiptSchema,
  ContactMessageRequestSchema,
} from '../../../domain/support';
import { CLIENT_IP_HEADER } from '../../auth';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, newRouter, memberRoute } from '../../http/openapi';
import type { SupportService } from './support.service';

const sendMessage = createRoute({
  method: 'post',
  path: '/',
  tags: ['Customer care'],
  summary: 'Send a message to client care (stored; a copy is e-mailed to the sender)',
  description: 'Limited per client address, like the other endpoints that send mail (MAIL_RATE_LIMIT per 15 minutes).',
  request: { body: jsonBody(ContactMessageRequestSchema) },
  responses: {
    201: jsonContent(ContactMessageReceiptSchema, 'Stored; the confirmation is on its way'),
    ...errorResponses(400, 429),
  },
});

const availability = createRoute({
  method: 'get',
  path: '/availability',
  tags: ['Customer care'],
  summary: "A day's styling appointment times and whether each is free",
  request: { query: AvailabilityQuerySchema },
  responses: { 200: jsonContent(AppointmentAvailabilitySchema, 'The day and its times'), ...errorResponses(400) },
});

const listMine = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Customer care'],
  summary: "The member's upcoming styling appointments",
  responses: { 200: jsonContent(AppointmentListSchema, 'Soonest first'), ...errorResponses(401) },
});

const book = memberRoute({
  method: 'post',
  path: '/',
  tags: ['Customer care'],
  summary: 'Book a styling appointment (one member per slot; confirmed by e-mail)',
  request: { body: jsonBody(AppointmentRequestSchema) },
  responses: {
    201: jsonContent(AppointmentSchema, 'Booked; the confirmation is on its way'),
    ...errorResponses(400, 401, 409),
  },
});

/** /api/contact: the contact form. */
export function createContactRoutes(ctx: AppContext, service: SupportService) {
  return newRouter().openapi(sendMessage, async (c) =>
    c.json(
      await service.sendContactMessage(c.req.valid('json'), c.req.header(CLIENT_IP_HEADER) ?? 'unknown', c.var.user),
      201,
    ),
  );
}

/** /api/appointments: styling appointments (members only, but anyone may see free times). */
export function createAppointmentsRoutes(ctx: AppContext, service: SupportService) {
  return newRouter()
    .openapi(availability, async (c) => c.json(await service.availability(c.req.valid('query').date), 200))
    .openapi(listMine, async (c) => c.json({ appointments: await service.listMine(c.var.user.id) }, 200))
    .openapi(book, async (c) => c.json(await service.book(c.var.user, c.req.valid('json')), 201));
}
