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
  type ItemPage,
} from '../../../domain/catalogue';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { acceptsGzip, shareResponse } from '../../http/response-cache';
import { sendJsonText, toJsonText, type JsonText } from '../../http/json-text';
import { errorResponses, jsonContent, newRouter } from '../../http/openapi';
import { IdParams } from '../../http/params';
import { createCatalogueService, type GeneratedPicture } from './catalogue.service';

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

const PictureParams = IdParams.extend({
  file: z.string().max(40).openapi({ description: 'The view as a file name: front.svg, back.svg or detail.svg', example: 'front.svg' }),
});

const svgResponses = {
  200: { content: { 'image/svg+xml': { schema: z.string() } }, description: 'The picture (SVG; gzip when asked for)' },
  304: { description: 'Not modified (If-None-Match)' },
};

const getPicture = createRoute({
  method: 'get',
  path: '/{id}/pictures/{file}',
  tags: ['Catalogue'],
  summary: "One generated view of an item (front, back or detail; SVG)",
  description:
    'Deterministic per item. With the `v` the item\'s `images` give, the answer is cached for a year (immutable); ' +
    'without it or with an old one, for five minutes. ETag and If-None-Match (304) either way. ' +
    'An item with photos still has its drawings here; its `images` list the photos instead.',
  request: { params: PictureParams, query: z.object({ v: z.string().max(40).optional() }) },
  responses: { ...svgResponses, ...errorResponses(400, 404) },
});

const getImage = createRoute({
  method: 'get',
  path: '/{id}/image.svg',
  tags: ['Catalogue'],
  summary: "The item's generated front view (the first picture URL of earlier versions; use `images`)",
  request: { params: IdParams },
  responses: { ...svgResponses, ...errorResponses(400, 404) },
});

/** Year-long for a versioned URL (a new drawing is a new URL), short otherwise. */
const LONG_CACHE = 'public, max-age=31536000, immutable';
const SHORT_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

/** True when If-None-Match names this ETag (weak or strong, in a list, or *). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** Answers a generated picture: 304 when the browser has it, gzip when it takes gzip. */
function sendPicture(c: Context, picture: GeneratedPicture) {
  const headers: Record<string, string> = {
    etag: picture.etag,
    'cache-control': picture.immutable ? LONG_CACHE : SHORT_CACHE,
    vary: 'accept-encoding',
    'x-content-type-options': 'nosniff',
  };
  if (matches(c.req.header('if-none-match'), picture.etag)) return c.body(null, 304, headers);
  headers['content-type'] = 'image/svg+xml; charset=utf-8';
  if (acceptsGzip(c.req.header('accept-encoding'))) {
    return c.body(new Uint8Array(gzipSync(picture.svg)), 200, { ...headers, 'content-encoding': 'gzip' });
  }
  return c.body(picture.svg, 200, headers);
}

/**
 * Browse pages are the same for every visitor, so each distinct query's JSON is kept for
 * BROWSE_CACHE_MS (1 s): under load most requests are answered from memory, and a new listing
 * shows in lists within that time. Queries with dates (availability) are never cached: a booking
 * shows at once. The answer is also marked shareable for the node-level micro-cache
 * (http/response-cache.ts), which repeats it for the same URL without running Hono at all.
 */
const LIST_CACHE_MAX = 2000;

interface ListEntry {
  at: number;
  body: JsonText<ItemPage>;
  gzip: Uint8Array<ArrayBuffer> | undefined;
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
    const body = gzip ? (entry.gzip ??= new Uint8Array(gzipSync(entry.body))) : entry.body;
    if (share) shareResponse(c, body, now - entry.at);
    return sendJsonText(c, body, gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {});
  };
  // 0 (BROWSE_CACHE_MS=0, and the API tests' default, which change bookings and items between
  // requests and read the result at once) turns the list cache off.
  const cacheMs = ctx.env.browseCacheMs;
  return newRouter()
    .openapi(listItems, async (c) => {
      const query = c.req.valid('query');
      const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
      const now = Date.now();
      const hit = listCache.get(key);
      const cacheable = !query.from && !query.to;
      if (cacheable && hit && now - hit.at < cacheMs) return send(c, hit, true, now);
      const checked = checkListQuery(query);
      if (!checked.ok) {
        throw new HttpError('VALIDATION_FAILED', `Invalid query parameter: ${checked.path} ${checked.message}`, {
          issues: [{ path: checked.path, message: checked.message }],
        });
      }
      if (!cacheable || cacheMs === 0) {
        const entry: ListEntry = { at: now, body: toJsonText(await service.listItems(checked.query)), gzip: undefined };
        return send(c, entry, cacheable, now);
      }
      // When an entry expires under load, the requests that miss together share one query
      // instead of each running it (a page may be a second old anyway).
      let pending = inflight.get(key);
      if (!pending) {
        pending = service
          .listItems(checked.query)
          .then((page) => {
            const entry: ListEntry = { at: now, body: toJsonText(page), gzip: undefined };
            if (listCache.size >= LIST_CACHE_MAX) listCache.clear();
            listCache.set(key, entry);
            return entry;
          })
          .finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return send(c, await pending, true, Date.now());
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
    .openapi(getItem, async (c) => c.json(await service.getItem(c.req.valid('param').id), 200))
    .openapi(getAvailability, async (c) => {
      const { from, to } = c.req.valid('query');
      if (to <= from) {
        throw new HttpError('VALIDATION_FAILED', 'Invalid query parameter: to must be after from', { issues: [{ path: 'to', message: 'must be after from' }] });
      }
      return c.json(await service.availability(c.req.valid('param').id, from, to), 200);
    })
    .openapi(getPicture, async (c) => {
      const { id, file } = c.req.valid('param');
      const view = /^(front|back|detail)\.svg$/.exec(file)?.[1];
      const picture = view ? await service.picture(Number(id), view, c.req.valid('query').v) : null;
      if (!picture) throw notFound(view ? 'Item not found' : 'No such picture: the views are front.svg, back.svg and detail.svg');
      return sendPicture(c, picture);
    })
    .openapi(getImage, async (c) => {
      const picture = await service.picture(Number(c.req.valid('param').id), 'front');
      if (!picture) throw notFound('Item not found');
      return sendPicture(c, { ...picture, immutable: false });
    });
}
