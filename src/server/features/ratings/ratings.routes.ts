import { RatingInputSchema, RatingListSchema, RentalRatingsSchema, RATING_BLIND_DAYS } from '../../../domain/ratings';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { RatingsService } from './ratings.service';

const tags = ['Ratings'];

const list = memberRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "Your returned rentals of members' pieces (as renter or lender) with their ratings",
  description: `Double-blind: the other side's rating shows once you have both written, or ${RATING_BLIND_DAYS} days after the return.`,
  responses: { 200: jsonContent(RatingListSchema, 'Newest return first'), ...errorResponses(401) },
});

const getOne = memberRoute({
  method: 'get',
  path: '/rentals/{id}',
  tags,
  summary: 'The ratings of one returned rental you were part of',
  request: { params: IdParams },
  responses: { 200: jsonContent(RentalRatingsSchema, 'The ratings'), ...errorResponses(400, 401, 404) },
});

const rate = memberRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Rate the other side of a returned rental (the renter rates the lender, the lender the renter), once',
  description:
    '404 for a rental you were not part of (or a house piece); 409 before the return, and for a second rating of the same side (the database decides).',
  request: { body: jsonBody(RatingInputSchema) },
  responses: {
    201: jsonContent(RentalRatingsSchema, 'The rental with your rating'),
    ...errorResponses(400, 401, 404, 409),
  },
});

export function createRatingsRoutes(_ctx: AppContext, service: RatingsService) {
  return newRouter()
    .openapi(list, async (c) => c.json({ rentals: await service.list(c.var.user.id) }, 200))
    .openapi(getOne, async (c) => c.json(await service.get(c.req.valid('param').id, c.var.user.id), 200))
    .openapi(rate, async (c) => c.json(await service.rate(c.var.user.id, c.req.valid('json')), 201));
}
