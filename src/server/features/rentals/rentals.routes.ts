
import { MAX_BOOKING_AHEAD_DAYS, MAX_RENTAL_DAYS, BookRentalSchema, RentalListQuerySchema, RentalListSchema, RentalSchema } from '../../../domain/rentals';
import type { AppContext } from '../../context';
import { IdParams } from '../../http/params';
import { errorResponses, jsonBody, jsonContent, newRouter, memberRoute } from '../../http/openapi';
import type { RentalsService } from './rentals.service';

const list = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Rentals'],
  summary: "The member's rentals (open ones unless status=all)",
  request: { query: RentalListQuerySchema },
  responses: { 200: jsonContent(RentalListSchema, 'Rentals, soonest return first'), ...errorResponses(400, 401) },
});

const book = memberRoute({
  method: 'post',
  path: '/',
  tags: ['Rentals'],
  summary: 'Rent a piece: a unit of the size for 7 days from today, or for the range given',
  description:
    `startDate is today or later and at most ${MAX_BOOKING_AHEAD_DAYS} days from today (UTC); the range is at most ${MAX_RENTAL_DAYS} days long (400 otherwise). ` +
    "409 ALREADY_RENTED when the member has the item out already; 409 SOLD_OUT ('Sold out for these dates') with details.nextFreeDate; " +
    '409 ALLOWANCE_EXCEEDED over a paid plan\'s monthly allowance (details.changePlanUrl); 403 for the member\'s own listing.',
  request: { body: jsonBody(BookRentalSchema) },
  responses: { 201: jsonContent(RentalSchema, 'The rental'), ...errorResponses(400, 401, 403, 404, 409) },
});

const getOne = memberRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Rentals'],
  summary: 'One of your rentals',
  request: { params: IdParams },
  responses: { 200: jsonContent(RentalSchema, 'The rental'), ...errorResponses(400, 401, 404) },
});

const extend = memberRoute({
  method: 'post',
  path: '/{id}/extend',
  tags: ['Rentals'],
  summary: 'Move the return date 7 days later (only if the unit is free then)',
  description: `409 when another booking of the unit follows, or when the hold would pass ${MAX_RENTAL_DAYS} days from its start.`,
  request: { params: IdParams },
  responses: { 200: jsonContent(RentalSchema, 'The rental with its new return date'), ...errorResponses(400, 401, 404, 409) },
});

const giveBack = memberRoute({
  method: 'post',
  path: '/{id}/return',
  tags: ['Rentals'],
  summary: "Return: before it is dispatched, cancel the reservation (the unit is free at once); after, say it has been sent back (staff check it in)",
  description: 'Late days stop counting the day she returns it. 409 when it was returned already.',
  request: { params: IdParams },
  responses: { 200: jsonContent(RentalSchema, 'The rental (cancelled, or sent back)'), ...errorResponses(400, 401, 404, 409) },
});

const received = memberRoute({
  method: 'post',
  path: '/{id}/received',
  tags: ['Rentals'],
  summary: 'Mark a delivered piece received (optional; a studio pickup is marked by the studio)',
  description: '409 before it is dispatched, for a studio pickup, or once marked or returned.',
  request: { params: IdParams },
  responses: { 200: jsonContent(RentalSchema, 'The rental'), ...errorResponses(400, 401, 404, 409) },
});

export function createRentalsRoutes(ctx: AppContext, service: RentalsService) {
  return newRouter()
    .openapi(list, async (c) => c.json({ rentals: await service.list(c.var.user.id, c.req.valid('query').status === 'all') }, 200))
    .openapi(book, async (c) => c.json(await service.book(c.var.user.id, c.req.valid('json')), 201))
    .openapi(getOne, async (c) => c.json(await service.get(c.req.valid('param').id, c.var.user.id), 200))
    .openapi(extend, async (c) => c.json(await service.extend(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(giveBack, async (c) => c.json(await service.return(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(received, async (c) => c.json(await service.received(c.var.user.id, c.req.valid('param').id), 200));
}
