import { z } from '@hono/zod-openapi';
import {
  CreateShortlistSchema,
  MAX_SHORTLIST_ITEMS,
  MAX_SHORTLISTS,
  RenameShortlistSchema,
  ShortlistListSchema,
  ShortlistSchema,
} from '../../../domain/shortlists';
import type { AppContext } from '../../context';
import { IdParams, idParam } from '../../http/params';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import type { ShortlistsService } from './shortlists.service';

const ItemParams = z.object({ id: idParam('id'), itemId: idParam('itemId') });

const list = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Shortlists'],
  summary: "The member's shortlists with their pieces (oldest list first, last added piece first)",
  responses: { 200: jsonContent(ShortlistListSchema, 'The shortlists'), ...errorResponses(401) },
});

const create = memberRoute({
  method: 'post',
  path: '/',
  tags: ['Shortlists'],
  summary: "Start a shortlist ('Wedding in June'), optionally with a first piece",
  description: `409 when she has a list of that name (any case) or ${MAX_SHORTLISTS} lists already; 404 for an unknown piece.`,
  request: { body: jsonBody(CreateShortlistSchema) },
  responses: { 201: jsonContent(ShortlistSchema, 'The shortlist'), ...errorResponses(400, 401, 404, 409) },
});

const rename = memberRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Shortlists'],
  summary: 'Rename a shortlist',
  request: { params: IdParams, body: jsonBody(RenameShortlistSchema) },
  responses: { 200: jsonContent(ShortlistSchema, 'The shortlist'), ...errorResponses(400, 401, 404, 409) },
});

const remove = memberRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Shortlists'],
  summary: 'Delete a shortlist (its pieces stay in the collection and in her favorites)',
  request: { params: IdParams },
  responses: {
    200: jsonContent(z.object({ id: z.number().int() }), 'The deleted list'),
    ...errorResponses(400, 401, 404),
  },
});

const addItem = memberRoute({
  method: 'put',
  path: '/{id}/items/{itemId}',
  tags: ['Shortlists'],
  summary: 'Put a piece in a shortlist (once; again changes nothing)',
  description: `409 beyond ${MAX_SHORTLIST_ITEMS} pieces.`,
  request: { params: ItemParams },
  responses: { 200: jsonContent(ShortlistSchema, 'The shortlist'), ...errorResponses(400, 401, 404, 409) },
});

const removeItem = memberRoute({
  method: 'delete',
  path: '/{id}/items/{itemId}',
  tags: ['Shortlists'],
  summary: 'Take a piece out of a shortlist',
  request: { params: ItemParams },
  responses: { 200: jsonContent(ShortlistSchema, 'The shortlist'), ...errorResponses(400, 401, 404) },
});

export function createShortlistsRoutes(_ctx: AppContext, service: ShortlistsService) {
  return newRouter()
    .openapi(list, async (c) => c.json({ shortlists: await service.list(c.var.user.id) }, 200))
    .openapi(create, async (c) => c.json(await service.create(c.var.user.id, c.req.valid('json')), 201))
    .openapi(rename, async (c) =>
      c.json(await service.rename(c.var.user.id, c.req.valid('param').id, c.req.valid('json').name), 200),
    )
    .openapi(remove, async (c) => c.json(await service.remove(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(addItem, async (c) => {
      const { id, itemId } = c.req.valid('param');
      return c.json(await service.addItem(c.var.user.id, id, itemId), 200);
    })
    .openapi(removeItem, async (c) => {
      const { id, itemId } = c.req.valid('param');
      return c.json(await service.removeItem(c.var.user.id, id, itemId), 200);
    });
}
