import { createRoute } from '@hono/zod-openapi';
import {
  MAX_BOOKING_AHEAD_DAYS,
  MAX_RENTAL_DAYS,
  BookRentalSchema,
  CancellationSchema,
  ExtendRentalSchema,
  QuoteQuerySchema,
  QuoteSchema,
  RentalListQuerySchema,
  RentalListSchema,
  RentalSchema,
} from '../../../domain/rentals';
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
  summary:
    'Rent a piece: a unit of the size for 7 days from today, or for the range given; pay-per-item rentals are charged now',
  description:
    `startDate is today or later and at most ${MAX_BOOKING_AHEAD_DAYS} days from today (UTC); the range is at most ${MAX_RENTAL_DAYS} days long (400 otherwise). ` +
    "One rental is one piece (quantity, if sent, must be 1). delivery (online | in-store, with studioId for in-store) defaults to the member's saved choice (PUT /api/plans/pickup); " +
    'with neither, 400 naming delivery. Weekly (pay per item): 402 CARD_REQUIRED without a card on file (details.itemId); ' +
    'the card is charged before the rental exists: a decline answers 402 PAYMENT_DECLINED with the reason (details.declineCode) and books nothing. ' +
    'A paid plan uses its monthly allowance instead (409 ALLOWANCE_EXCEEDED over it, details.allowance and periodEnd). ' +
    '409 ADDRESS_REQUIRED for delivery without a delivery address; 409 ALREADY_RENTED when the member has the item out already; ' +
    "409 SOLD_OUT ('Sold out for these dates') with details.nextFreeDate; 403 for the member's own listing; 429 RATE_LIMITED beyond RENTAL_CHARGE_RATE_LIMIT charges an hour. " +
    'The answer carries the order number (its receipt: GET /api/orders/{number}); a confirmation e-mail follows.',
  request: { body: jsonBody(BookRentalSchema) },
  responses: { 201: jsonContent(RentalSchema, 'The rental'), ...errorResponses(400, 401, 402, 403, 404, 409, 429) },
});

const quote = createRoute({
  method: 'get',
  path: '/quote',
  tags: ['Rentals'],
  summary: 'The total for an item, size and dates before booking, and whether booking would go through',
  description:
    'For the item page: the price for the range (7 days from today by default), what the card would be charged, or "Included in your plan" ' +
    "with the plan's places left this month; whether a unit is free (else nextFreeDate); and `refusal`, what Add to Cart would answer now " +
    "(CARD_REQUIRED: the button reads 'Add a card to rent'). Works without a session (the pay-per-item price). Dates in the past or beyond the booking window: 400 naming startDate.",
  request: { query: QuoteQuerySchema },
  responses: { 200: jsonContent(QuoteSchema, 'The quote'), ...errorResponses(400, 404) },
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
  description:
    `409 when another booking of the unit follows, or when the hold would pass ${MAX_RENTAL_DAYS} days from its start. ` +
    'Send the returnDate the member saw: if it has moved since (a second click), 409 instead of a second week. ' +
    'A pay-per-item rental is charged the week first (402 CARD_REQUIRED / PAYMENT_DECLINED as for a booking; nothing changes then).',
  request: {
    params: IdParams,
    body: { content: { 'application/json': { schema: ExtendRentalSchema } }, required: false },
  },
  responses: {
    200: jsonContent(RentalSchema, 'The rental with its new return date'),
    ...errorResponses(400, 401, 402, 404, 409, 429),
  },
});

const giveBack = memberRoute({
  method: 'post',
  path: '/{id}/return',
  tags: ['Rentals'],
  summary:
    'Return, once the rental has started: before it is dispatched, cancel the reservation (the unit is free at once); after, say it has been sent back (staff check it in)',
  description:
    "Only from the start date (before it, 409 with details.action 'cancel': POST /{id}/cancel refunds in full). No refund; a plan's place in the month stays used. " +
    'Late days stop counting the day she returns it. 409 when it was returned already, or while a payment for it is in progress.',
  request: { params: IdParams },
  responses: {
    200: jsonContent(RentalSchema, 'The rental (cancelled, or sent back)'),
    ...errorResponses(400, 401, 404, 409),
  },
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

const cancel = memberRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags: ['Rentals'],
  summary: "Cancel a rental before its start: full refund, the unit freed, the plan's place given back",
  description:
    "Only before the start date (after it, 409 with details.action 'return'). Everything charged for it (the booking, any extension) is refunded through the payment provider.",
  request: { params: IdParams },
  responses: {
    200: jsonContent(CancellationSchema, 'The cancelled rental and its refund'),
    ...errorResponses(400, 401, 404, 409),
  },
});

const keep = memberRoute({
  method: 'post',
  path: '/{id}/keep',
  tags: ['Rentals'],
  summary: 'Keep it: buy the piece of this rental at its Keep it price (keepOffer), charged to her card',
  description:
    'While the piece is with her, on its way, or sent back and not yet checked in (docs/product.md "Keep it"). ' +
    'The price falls with the times the unit was rented before (keepOffer on the rental). The unit leaves the rentable stock, ' +
    'nothing is to be returned and no late fee is charged; the purchase shows on the order and its receipt. ' +
    '404 when it is not her rental; 409 once checked in, once bought, before it is sent, when another member has booked ' +
    'the unit for the days after hers (and no other unit can take that booking), or while a payment for it is in progress; ' +
    '402 CARD_REQUIRED / PAYMENT_DECLINED as for a booking (nothing changes then); 429 beyond RENTAL_CHARGE_RATE_LIMIT.',
  request: { params: IdParams },
  responses: {
    200: jsonContent(RentalSchema, 'The rental, kept (status kept)'),
    ...errorResponses(400, 401, 402, 404, 409, 429),
  },
});

export function createRentalsRoutes(ctx: AppContext, service: RentalsService) {
  return newRouter()
    .openapi(list, async (c) =>
      c.json({ rentals: await service.list(c.var.user.id, c.req.valid('query').status === 'all') }, 200),
    )
    .openapi(book, async (c) => c.json(await service.book(c.var.user.id, c.req.valid('json')), 201))
    .openapi(quote, async (c) => c.json(await service.quote(c.var.user?.id ?? null, c.req.valid('query')), 200))
    .openapi(getOne, async (c) => c.json(await service.get(c.req.valid('param').id, c.var.user.id), 200))
    .openapi(extend, async (c) =>
      c.json(await service.extend(c.var.user.id, c.req.valid('param').id, c.req.valid('json').returnDate), 200),
    )
    .openapi(giveBack, async (c) => c.json(await service.return(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(received, async (c) => c.json(await service.received(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(cancel, async (c) => c.json(await service.cancel(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(keep, async (c) => c.json(await service.keep(c.var.user.id, c.req.valid('param').id), 200));
}
