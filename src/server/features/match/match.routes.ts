import { z } from '@hono/zod-openapi';
import {
  DAILY_VIEW_LIMIT,
  DailyViewsSchema,
  DeckQuerySchema,
  DeckSchema,
  FavoriteListSchema,
  FavoriteSchema,
  ProgressInputSchema,
  ProgressSchema,
  SwipeInputSchema,
  SwipeResultSchema,
} from '../../../domain/match';
import type { AppContext } from '../../context';
import { idParam } from '../../http/params';
import { errorResponses, jsonBody, jsonContent, newRouter, memberRoute } from '../../http/openapi';
import type { MatchService } from './match.service';

const DAY_NOTE = `The daily limit is ${DAILY_VIEW_LIMIT} views per member per business day (the calendar day in BUSINESS_TIME_ZONE, America/New_York by default: the count resets at midnight there).`;
const ItemIdParams = z.object({ itemId: idParam('itemId') });

const getDeck = memberRoute({
  method: 'get',
  path: '/deck',
  tags: ['Match'],
  summary: 'The swipe deck: active items of a gender the member has not viewed yet',
  description:
    'Items are in a stable order (by id). Each carries its position in the full list of the gender (viewed items included), ' +
    'which the saved progress index refers to.',
  request: { query: DeckQuerySchema },
  responses: { 200: jsonContent(DeckSchema, 'The deck'), ...errorResponses(400, 401) },
});

const getDaily = memberRoute({
  method: 'get',
  path: '/daily',
  tags: ['Match'],
  summary: "Today's view count (business day)",
  description: DAY_NOTE,
  responses: { 200: jsonContent(DailyViewsSchema, "Today's count"), ...errorResponses(401) },
});

const getProgress = memberRoute({
  method: 'get',
  path: '/progress',
  tags: ['Match'],
  summary: 'The saved deck index per gender, and the gender looked at last',
  responses: { 200: jsonContent(ProgressSchema, 'The progress'), ...errorResponses(401) },
});

const putProgress = memberRoute({
  method: 'put',
  path: '/progress',
  tags: ['Match'],
  summary: 'Saves the deck index for a gender (and makes it the current gender)',
  request: { body: jsonBody(ProgressInputSchema) },
  responses: { 200: jsonContent(ProgressSchema, 'The progress'), ...errorResponses(400, 401) },
});

const postSwipe = memberRoute({
  method: 'post',
  path: '/swipes',
  tags: ['Match'],
  summary: 'Like or skip an item',
  description:
    'One atomic step: the item is marked viewed, the view is counted, and a like saves the item to the favorites. ' +
    `${DAY_NOTE} Past it the swipe is refused with 429 DAILY_LIMIT_REACHED and nothing changes. ` +
    'An item viewed before is not counted again (counted: false).',
  request: { body: jsonBody(SwipeInputSchema) },
  responses: { 200: jsonContent(SwipeResultSchema, 'The swipe was recorded'), ...errorResponses(400, 401, 404, 429) },
});

const listFavorites = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Favorites'],
  summary: "The member's favorites, newest first, each with a copy of the item as liked",
  responses: { 200: jsonContent(FavoriteListSchema, 'The favorites'), ...errorResponses(401) },
});

const putFavorite = memberRoute({
  method: 'put',
  path: '/{itemId}',
  tags: ['Favorites'],
  summary: 'Adds an item to the favorites directly (Add to Wishlist); does not count a view. Idempotent.',
  request: { params: ItemIdParams },
  responses: { 200: jsonContent(FavoriteSchema, 'The favorite'), ...errorResponses(400, 401, 404) },
});

const deleteFavorite = memberRoute({
  method: 'delete',
  path: '/{itemId}',
  tags: ['Favorites'],
  summary: 'Removes an item from the favorites',
  request: { params: ItemIdParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 404) },
});

/** /api/match: the deck, the daily count, progress and swipes. */
export function createMatchRoutes(ctx: AppContext, service: MatchService) {
  return newRouter()
    .openapi(getDeck, async (c) => c.json(await service.deck(c.var.user.id, c.req.valid('query').gender), 200))
    .openapi(getDaily, async (c) => c.json(await service.dailyViews(c.var.user.id), 200))
    .openapi(getProgress, async (c) => c.json(await service.progress(c.var.user.id), 200))
    .openapi(putProgress, async (c) => c.json(await service.saveProgress(c.var.user.id, c.req.valid('json')), 200))
    .openapi(postSwipe, async (c) => c.json(await service.swipe(c.var.user.id, c.req.valid('json')), 200));
}

/** /api/favorites: the member's liked items. */
export function createFavoritesRoutes(ctx: AppContext, service: MatchService) {
  return newRouter()
    .openapi(listFavorites, async (c) => c.json({ items: await service.favorites(c.var.user.id) }, 200))
    .openapi(putFavorite, async (c) =>
      c.json(await service.addFavorite(c.var.user.id, c.req.valid('param').itemId), 200),
    )
    .openapi(deleteFavorite, async (c) => {
      await service.removeFavorite(c.var.user.id, c.req.valid('param').itemId);
      return c.body(null, 204);
    });
}
