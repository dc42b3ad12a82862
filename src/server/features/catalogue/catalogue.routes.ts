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
 * Browse pages are the same for every visitor, so each distinct query's JSON is kept for a second:
 * under load most requests are answered from memory, and a new listing shows in lists within
 * LIST_CACHE_MS. Queries with dates (availability) are never cached: a booking shows at once.
 */
const LIST_CACHE_MS = 1000;
const LIST_CACHE_MAX = 2000;
const JSON_HEADERS = { 'content-type': 'application/json' };

export function createCatalogueRoutes(ctx: AppContext) {
  const service = createCatalogueService(ctx);
  const listCache = new Map<string, { at: number; body: string; gzip: Uint8Array | undefined }>();
  /** A browse page, gzipped once per cache entry when the browser takes gzip (pages are ~8 KB of JSON). */
  const send = (c: Context, entry: { body: string; gzip: Uint8Array | undefined }) => {
    if (!/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return c.body(entry.body, 200, JSON_HEADERS);
    entry.gzip ??= gzipSync(entry.body);
    return c.body(entry.gzip as Uint8Array<ArrayBuffer>, 200, { ...JSON_HEADERS, 'content-encoding': 'gzip', vary: 'accept-encoding' });
  };
  // API tests change bookings and items between requests and read the result at once.
  const cacheMs = ctx.env.nodeEnv === 'test' ? 0 : LIST_CACHE_MS;
  return newRouter()
    .openapi(listItems, async (c) => {
      const query = c.req.valid('query');
      const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
      const now = Date.now();
      const hit = listCache.get(key);
      const cacheable = !query.from && !query.to;
      if (cacheable && hit && now - hit.at < cacheMs) return send(c, hit) as never;
      const checked = checkListQuery(query);
      if (!checked.ok) {
        throw new HttpError('VALIDATION_FAILED', `Invalid query parameter: ${checked.path} ${checked.message}`, {
          issues: [{ path: checked.path, message: checked.message }],
        });
      }
      const entry = { at: now, body: JSON.stringify(await service.listItems(checked.query)), gzip: undefined };
      if (cacheable) {
        if (listCache.size >= LIST_CACHE_MAX) listCache.clear();
        listCache.set(key, entry);
      }
      return send(c, entry) as never;
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
