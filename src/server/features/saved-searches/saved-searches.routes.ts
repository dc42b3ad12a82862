import { createRoute, z } from '@hono/zod-openapi';
import {
  CreateSavedSearchSchema,
  MAX_ALERTS_PER_DAY,
  MAX_SAVED_SEARCHES,
  SavedSearchListSchema,
  SavedSearchSchema,
  UnsubscribeSchema,
  UpdateSavedSearchSchema,
} from '../../../domain/saved-searches';
import type { AppContext } from '../../context';
import { IdParams } from '../../http/params';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import type { SavedSearchesService } from './saved-searches.service';

const list = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Saved searches'],
  summary: "The member's saved searches, newest first",
  responses: { 200: jsonContent(SavedSearchListSchema, 'Her saved searches'), ...errorResponses(401) },
});

const create = memberRoute({
  method: 'post',
  path: '/',
  tags: ['Saved searches'],
  summary: "Save browse's current search (its words, filters and sizes; not its dates or sort)",
  description:
    `\`params\` is browse's query string, checked as the list checks it. 409 beyond ${MAX_SAVED_SEARCHES} searches; ` +
    `429 when she saves many in an hour. With \`alerts\`, new pieces that match are told in the app and by e-mail, ` +
    `at most once a day per search and ${MAX_ALERTS_PER_DAY} e-mails a day in all.`,
  request: { body: jsonBody(CreateSavedSearchSchema) },
  responses: { 201: jsonContent(SavedSearchSchema, 'The saved search'), ...errorResponses(400, 401, 409, 429) },
});

const update = memberRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Saved searches'],
  summary: 'Rename a saved search, or switch its alerts on or off',
  request: { params: IdParams, body: jsonBody(UpdateSavedSearchSchema) },
  responses: { 200: jsonContent(SavedSearchSchema, 'The saved search'), ...errorResponses(400, 401, 404) },
});

const remove = memberRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Saved searches'],
  summary: 'Delete a saved search',
  request: { params: IdParams },
  responses: {
    200: jsonContent(z.object({ id: z.number().int() }), 'The deleted search'),
    ...errorResponses(400, 401, 404),
  },
});

const unsubscribe = createRoute({
  method: 'post',
  path: '/unsubscribe',
  tags: ['Saved searches'],
  summary: "The alert e-mail's unsubscribe link: alerts off for that search (no sign-in; the token is the key)",
  request: { body: jsonBody(UnsubscribeSchema) },
  responses: {
    200: jsonContent(z.object({ name: z.string() }), 'The search whose alerts stopped'),
    ...errorResponses(400, 404),
  },
});

export function createSavedSearchesRoutes(_ctx: AppContext, service: SavedSearchesService) {
  return newRouter()
    .openapi(list, async (c) => c.json({ savedSearches: await service.list(c.var.user.id) }, 200))
    .openapi(create, async (c) => c.json(await service.create(c.var.user.id, c.req.valid('json')), 201))
    .openapi(update, async (c) =>
      c.json(await service.update(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(remove, async (c) => c.json(await service.remove(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(unsubscribe, async (c) => c.json(await service.unsubscribe(c.req.valid('json').token), 200));
}
