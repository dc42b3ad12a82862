import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { createRoute, z } from '@hono/zod-openapi';
import {
  CatalogueItemSchema,
  ItemAvailabilitySchema,
  ItemFacetsSchema,
  ItemListQuerySchema,
  ItemPageSchema,
  IsoDateSchema,
  checkListQuery,
} from '../../../domain/catalogue';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { acceptsGzip, shareResponse } from '../../http/response-cache';
import { errorResponses, jsonContent, newRouter } from '../../http/openapi';
import { createCatalogueService } from './catalogue.service';

const IdParams = z.object({
  id: z.string().regex(/^\d{1,9}$/, { error: 'must be a whole number' }),
});

const listItems = createRoute({
  method: 'get',
  path: '/',
  tags: ['Catalogue'],
  summary: 'Browse items: filters, sort and keyset pagination',
  description:
    'Active items only. Pass `nextCursor` back as `cursor` for the next page (same filters and sort). ' +
    '`from`/`to` (to exclusive) keep items with a unit of the size (any size without `size`) free for the whole range.',
  request: { query: ItemListQuerySchema },
  responses: { 200: jsonContent(ItemPageSchema, 'One page of items'), ...errorResponses(400) },
});

const FacetsQuerySchema = ItemListQuerySchema.pick({ gender: true, discovery: true, theme: true, q: true });

const getFacets = createRoute({
  method: 'get',
  path: '/facets',
  tags: ['Catalogue'],
  summary: 'Counts per category, size and brand within a tab',
  request: { query: FacetsQuerySchema },
  responses: { 200: jsonContent(ItemFacetsSchema, 'Facet counts'), ...errorResponses(400) },
});

const getBrands = createRoute({
  method: 'get',
  path: '/brands',
  tags: ['Catalogue'],
  summary: 'Every brand with an active item, A to Z',
  responses: { 200: jsonContent(z.object({ brands: z.array(z.string()) }), 'Brands') },
});

const getBySlug = createRoute({
  method: 'get',
  path: '/by-slug/{slug}',
  tags: ['Catalogue'],
  summary: 'One item of the static pages (/items/{slug})',
  request: { params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,120}$/, { error: 'must be a lower-case slug' }) }) },
  responses: { 200: jsonContent(CatalogueItemSchema, 'The item'), ...errorResponses(400, 404) },
});

const getItem = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Catalogue'],
  summary: 'One item',
  request: { params: IdParams },
  responses: { 200: jsonContent(CatalogueItemSchema, 'The item'), ...errorResponses(400, 404) },
});

const getAvailability = createRoute({
  method: 'get',
  path: '/{id}/availability',
  tags: ['Catalogue'],
  summary: 'Per-size availability of an item for a date range (to exclusive)',
  request: { params: IdParams, query: z.object({ from: IsoDateSchema, to: IsoDateSchema }) },
  responses: { 200: jsonContent(ItemAvailabilitySchema, 'Availability by size'), ...errorResponses(400, 404) },
});

const getImage = createRoute({
  method: 'get',
  path: '/{id}/image.svg',
  tags: ['Catalogue'],
  summary: "The item's generated picture (SVG, cacheable, ETag)",
  request: { params: IdParams },
  responses: {
    200: { content: { 'image/svg+xml': { schema: z.string() } }, description: 'The picture' },
    304: { description: 'Not modified' },
    ...errorResponses(404),
  },
});

/**
 * Browse pages are the same for every visitor, so each distinct query's JSON is kept for
 * BROWSE_CACHE_MS (1 s): under load most requests are answered from memory, and a new listing
 * shows in lists within that time. Queries with dates (availability) are never cached: a booking
 * shows at once. The answer is also marked shareable for the node-level micro-cache
 * (http/response-cache.ts), which repeats it for the same URL without running Hono at all.
 */
const LIST_CACHE_MAX = 2000;
const JSON_HEADERS = { 'content-type': 'application/json' };

interface ListEntry {
  at: number;
  body: string;
  gzip: Uint8Array | undefined;
}

export function createCatalogueRoutes(ctx: AppContext) {
  const service = createCatalogueService(ctx);
  const listCache = new Map<string, ListEntry>();
  const inflight = new Map<string, Promise<ListEntry>>();
  /**
   * A browse page, gzipped once per cache entry when the browser takes gzip (pages are ~8 KB of
   * JSON). `share` marks a page without dates as the same for every visitor of this URL.
   */
  const send = (c: Context, entry: ListEntry, share: boolean, now: number) => {
    const gzip = acceptsGzip(c.req.header('accept-encoding'));
    if (gzip) entry.gzip ??= gzipSync(entry.body);
    const body = gzip ? (entry.gzip as Uint8Array<ArrayBuffer>) : entry.body;
    if (share) shareResponse(c, body, now - entry.at);
    return gzip ? c.body(body, 200, { ...JSON_HEADERS, 'content-encoding': 'gzip', vary: 'accept-encoding' }) : c.body(body, 200, JSON_HEADERS);
  };
  // API tests change bookings and items between requests and read the result at once.
  const cacheMs = ctx.env.nodeEnv === 'test' ? 0 : ctx.env.browseCacheMs;
  return newRouter()
    .openapi(listItems, async (c) => {
      const query = c.req.valid('query');
      const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
      const now = Date.now();
      const hit = listCache.get(key);
      const cacheable = !query.from && !query.to;
      if (cacheable && hit && now - hit.at < cacheMs) return send(c, hit, true, now) as never;
      const checked = checkListQuery(query);
      if (!checked.ok) {
        throw new HttpError('VALIDATION_FAILED', `Invalid query parameter: ${checked.path} ${checked.message}`, {
          issues: [{ path: checked.path, message: checked.message }],
        });
      }
      if (!cacheable || cacheMs === 0) {
        const entry: ListEntry = { at: now, body: JSON.stringify(await service.listItems(checked.query)), gzip: undefined };
        return send(c, entry, cacheable, now) as never;
      }
      // When an entry expires under load, the requests that miss together share one query
      // instead of each running it (a page may be a second old anyway).
      let pending = inflight.get(key);
      if (!pending) {
        pending = service
          .listItems(checked.query)
          .then((page) => {
            const entry: ListEntry = { at: now, body: JSON.stringify(page), gzip: undefined };
            if (listCache.size >= LIST_CACHE_MAX) listCache.clear();
            listCache.set(key, entry);
            return entry;
          })
          .finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return send(c, await pending, true, Date.now()) as never;
    })
    .openapi(getFacets, async (c) => {
      const q = c.req.valid('query');
      const facets = await service.facets({
        gender: q.gender,
        discovery: q.discovery === 'true' || q.discovery === '1',
        theme: q.theme,
        q: q.q || undefined,
      });
      return c.json(facets, 200);
    })
    .openapi(getBrands, async (c) => c.json({ brands: await service.brands() }, 200))
    .openapi(getBySlug, async (c) => c.json(await service.getItemBySlug(c.req.valid('param').slug), 200))
    .openapi(getItem, async (c) => c.json(await service.getItem(Number(c.req.valid('param').id)), 200))
    .openapi(getAvailability, async (c) => {
      const { from, to } = c.req.valid('query');
      if (to <= from) {
        throw new HttpError('VALIDATION_FAILED', 'Invalid query parameter: to must be after from', { issues: [{ path: 'to', message: 'must be after from' }] });
      }
      return c.json(await service.availability(Number(c.req.valid('param').id), from, to), 200);
    })
    .openapi(getImage, async (c) => {
      const image = await service.image(Number(c.req.valid('param').id));
      if (!image) throw notFound('Item not found');
      c.header('etag', image.etag);
      c.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
      if (c.req.header('if-none-match') === image.etag) return c.body(null, 304);
      c.header('content-type', 'image/svg+xml; charset=utf-8');
      return c.body(image.svg, 200);
    });
}
