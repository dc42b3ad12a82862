import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { createRoute, z } from '@hono/zod-openapi';
import {
  CatalogueItemSchema,
  CatalogueItemSummarySchema,
  ItemAvailabilitySchema,
  ItemFacetsSchema,
  ItemListQuerySchema,
  ItemPageSchema,
  IsoDateSchema,
  MAX_SEARCH_LENGTH,
  SearchSuggestionsSchema,
  checkListQuery,
  type ItemListQuery,
} from '../../../domain/catalogue';
import { handoffOf } from '../../../domain/availability';
import { addDays, daysBetween } from '../../../domain/calendar';
import { RENTAL_DAYS } from '../../../domain/catalogue';
import { CalendarQuerySchema, CalendarSchema, MAX_CALENDAR_DAYS, latestStartDate } from '../../../domain/rentals';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { etagMatches, setCachePolicy } from '../../http/cache-headers';
import { type JsonBody, pageJsonBody, sendJsonBody, toJsonBody } from '../../http/json-text';
import { errorResponses, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import { IdParams } from '../../http/params';
import type { CatalogueService } from './catalogue.service';
import type { GeneratedPicture } from './served-pictures';

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

const FacetsQuerySchema = ItemListQuerySchema.omit({ sort: true, cursor: true, limit: true });

const getFacets = createRoute({
  method: 'get',
  path: '/facets',
  tags: ['Catalogue'],
  summary: 'Counts per category, size, brand, colour and occasion, and the price range',
  description:
    'Takes the same filters as the list. Each list of counts respects every other active filter, so the count beside a value ' +
    'is the number of items the list shows once that value is chosen.',
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
  request: {
    params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,120}$/, { error: 'must be a lower-case slug' }) }),
  },
  responses: { 200: jsonContent(CatalogueItemSchema, 'The item'), ...errorResponses(400, 404) },
});

const getSimilar = createRoute({
  method: 'get',
  path: '/{id}/similar',
  tags: ['Catalogue'],
  summary: '"You may also like": up to 8 pieces like this one',
  description:
    'Same wearer, same category or one of the same occasions; available pieces (a unit free in the coming week) first, ' +
    'then by likeness (category, occasions, designer, colour, price); never the piece itself.',
  request: { params: IdParams },
  responses: {
    200: jsonContent(z.object({ items: z.array(CatalogueItemSummarySchema) }), 'Similar pieces'),
    ...errorResponses(400, 404),
  },
});

const getCompleteTheLook = createRoute({
  method: 'get',
  path: '/{id}/complete-the-look',
  tags: ['Catalogue'],
  summary: '"Complete the look": up to 4 pieces that make an outfit with this one',
  description:
    'Same wearer, from the categories that complete this one (a top: trousers, skirts, a jacket, shoes, a bag...), ' +
    'for one of its occasions and in a colour that goes with its own; available pieces first, one per category ' +
    'before a second; never the piece itself.',
  request: { params: IdParams },
  responses: {
    200: jsonContent(z.object({ items: z.array(CatalogueItemSummarySchema) }), 'Pieces that complete the look'),
    ...errorResponses(400, 404),
  },
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

const getCalendar = createRoute({
  method: 'get',
  path: '/{id}/calendar',
  tags: ['Catalogue'],
  summary: 'Which days a size is free, and which can start a rental (the date picker)',
  description:
    `For [from, to) (today and ${MAX_CALENDAR_DAYS} days by default; at most ${MAX_CALENDAR_DAYS} days): each day, whether a unit of the size is free, ` +
    'and whether a rental of `days` (7 by default) received by `delivery` (online by default; in-store needs no shipping day) can start then: ' +
    'the same test a booking makes (its occupancy: the shipping day, the cleaning window), within the booking window ' +
    "(today to 90 days ahead). firstFreeStart is the item page's default start.",
  request: { params: IdParams, query: CalendarQuerySchema },
  responses: { 200: jsonContent(CalendarSchema, 'The days'), ...errorResponses(400, 404) },
});

const PictureParams = IdParams.extend({
  file: z
    .string()
    .max(40)
    .openapi({ description: 'The view as a file name: front.svg, back.svg or detail.svg', example: 'front.svg' }),
});

const svgResponses = {
  200: { content: { 'image/svg+xml': { schema: z.string() } }, description: 'The picture (SVG; gzip when asked for)' },
  304: { description: 'Not modified (If-None-Match)' },
};

const getPicture = createRoute({
  method: 'get',
  path: '/{id}/pictures/{file}',
  tags: ['Catalogue'],
  summary: 'One generated view of an item (front, back or detail; SVG)',
  description:
    "Deterministic per item. With the `v` the item's `images` give, the answer is cached for a year (immutable); " +
    'without it or with an old one, for five minutes. ETag and If-None-Match (304) either way. ' +
    'An item with photos still has its drawings here; its `images` list the photos instead. ' +
    "Only an active item's: a drawing names its item, so once a listing is removed (or waits for review) this is 404 like the item.",
  request: { params: PictureParams, query: z.object({ v: z.string().max(40).optional() }) },
  responses: { ...svgResponses, ...errorResponses(400, 404) },
});

const getPastPicture = memberRoute({
  method: 'get',
  path: '/{id}/past-pictures/{file}',
  tags: ['Catalogue'],
  summary: 'A view of a piece in your history, without its name (SVG)',
  description:
    'The picture a removed piece keeps in your orders, rentals, requests and favorites: the same drawing, its title and label without the name. ' +
    'Only for a member who rented (or requested), lent or liked the piece; 404 for anyone else. Never kept by a shared cache.',
  request: { params: PictureParams, query: z.object({ v: z.string().max(40).optional() }) },
  responses: { ...svgResponses, ...errorResponses(400, 401, 404) },
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

/** A member's own picture: her browser may keep it a day, a shared cache never. */
const PRIVATE_CACHE = 'private, max-age=86400';

const NO_SUCH_VIEW = 'No such picture: the views are front.svg, back.svg and detail.svg';
const viewOf = (file: string) => /^(front|back|detail)\.svg$/.exec(file)?.[1];

/** Whether an Accept-Encoding header takes gzip. */
function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding !== undefined && /\bgzip\b/.test(acceptEncoding);
}

/** Answers a generated picture: 304 when the browser has it, gzip when it takes gzip. */
function sendPicture(c: Context, picture: GeneratedPicture, cache = picture.immutable ? LONG_CACHE : SHORT_CACHE) {
  const headers: Record<string, string> = {
    etag: picture.etag,
    'cache-control': cache,
    vary: 'accept-encoding',
    'x-content-type-options': 'nosniff',
  };
  if (etagMatches(c.req.header('if-none-match'), picture.etag)) return c.body(null, 304, headers);
  headers['content-type'] = 'image/svg+xml; charset=utf-8';
  if (acceptsGzip(c.req.header('accept-encoding'))) {
    return c.body(new Uint8Array(gzipSync(picture.svg)), 200, { ...headers, 'content-encoding': 'gzip' });
  }
  return c.body(picture.svg, 200, headers);
}

/**
 * A JSON answer, gzipped when the client takes gzip (browse pages are ~8 KB of JSON; level 1:
 * a third of the CPU of the default level for a few percent more bytes), with its strong ETag
 * from the body's digest, so the ETag middleware need not read the body again. The gzipped body's
 * tag is the plain one's with `-gz` (zlib writes the same bytes for the same input and level).
 */
function sendJson<T>(c: Context, value: T, encode: (value: T) => JsonBody<T> = toJsonBody) {
  const { bytes, digest } = encode(value);
  const gzip = acceptsGzip(c.req.header('accept-encoding'));
  const headers: Record<string, string> = { etag: gzip ? `"${digest}-gz"` : `"${digest}"` };
  if (gzip) headers['content-encoding'] = 'gzip';
  // Typed as the JSON answer it is: the route's response schema checks `value` (decision 0014).
  return sendJsonBody<T>(gzip ? gzipSync(bytes, { level: 1 }) : bytes, headers);
}

/** The typed list query, or a 400 naming the parameter. */
function listQuery(input: Parameters<typeof checkListQuery>[0]): ItemListQuery {
  const checked = checkListQuery(input);
  if (!checked.ok) {
    throw new HttpError('VALIDATION_FAILED', `Invalid query parameter: ${checked.path} ${checked.message}`, {
      issues: [{ path: checked.path, message: checked.message }],
    });
  }
  return checked.query;
}

/**
 * The catalogue's public reads. Each answer is the same for every visitor, so it says so in
 * standard HTTP caching headers (decision 0018): a browser or a shared cache keeps it for a
 * while and revalidates it with its ETag. Lists with dates are always revalidated: a booking
 * shows at once. Nothing is cached in front of the routes.
 */
export function createCatalogueRoutes(ctx: AppContext, service: CatalogueService) {
  return newRouter()
    .openapi(listItems, async (c) => {
      const query = listQuery(c.req.valid('query'));
      // Recommended is hers (her sizes): private to her, never kept by a shared cache.
      const user = query.sort === 'recommended' ? c.get('user') : null;
      const page = await service.listItems(query, undefined, user ? { userId: user.id } : undefined);
      if (!user) setCachePolicy(c, query.from ? 'availability' : 'list');
      return sendJson(c, page, pageJsonBody);
    })
    .openapi(getFacets, async (c) => {
      const { sort: _sort, cursor: _cursor, limit: _limit, ...filters } = listQuery(c.req.valid('query'));
      const facets = await service.facets(filters);
      setCachePolicy(c, filters.from ? 'availability' : 'list');
      return sendJson(c, facets);
    })
    .openapi(getBrands, async (c) => {
      setCachePolicy(c, 'item');
      return sendJson(c, { brands: await service.brands() });
    })
    .openapi(getBySlug, async (c) => {
      const item = await service.getItemBySlug(c.req.valid('param').slug);
      setCachePolicy(c, 'item');
      return sendJson(c, item);
    })
    .openapi(getSimilar, async (c) => {
      const items = await service.similar(c.req.valid('param').id);
      setCachePolicy(c, 'list');
      return sendJson(c, { items }, pageJsonBody);
    })
    .openapi(getCompleteTheLook, async (c) => {
      const items = await service.completeTheLook(c.req.valid('param').id);
      setCachePolicy(c, 'list');
      return sendJson(c, { items }, pageJsonBody);
    })
    .openapi(getItem, async (c) => {
      const item = await service.getItem(c.req.valid('param').id);
      setCachePolicy(c, 'item');
      return sendJson(c, item);
    })
    .openapi(getAvailability, async (c) => {
      const { from, to } = c.req.valid('query');
      if (to <= from) {
        throw new HttpError('VALIDATION_FAILED', 'Invalid query parameter: to must be after from', {
          issues: [{ path: 'to', message: 'must be after from' }],
        });
      }
      return c.json(await service.availability(c.req.valid('param').id, from, to), 200);
    })
    .openapi(getCalendar, async (c) => {
      const q = c.req.valid('query');
      const today = ctx.today();
      const from = q.from ?? today;
      const to = q.to ?? addDays(from, MAX_CALENDAR_DAYS);
      if (to <= from || daysBetween(from, to) > MAX_CALENDAR_DAYS) {
        throw new HttpError(
          'VALIDATION_FAILED',
          `Invalid query parameter: to must be after from and at most ${MAX_CALENDAR_DAYS} days later`,
          { issues: [{ path: 'to', message: `must be after from and at most ${MAX_CALENDAR_DAYS} days later` }] },
        );
      }
      setCachePolicy(c, 'availability');
      const handoff = handoffOf(q.delivery);
      return c.json(
        await service.calendar(c.req.valid('param').id, q.size, {
          from,
          to,
          days: q.days ?? RENTAL_DAYS,
          handoff,
          today,
          latestStart: latestStartDate(today),
        }),
        200,
      );
    })
    .openapi(getPicture, async (c) => {
      const { id, file } = c.req.valid('param');
      const view = viewOf(file);
      const picture = view ? await service.served.picture(Number(id), view, c.req.valid('query').v) : null;
      if (!picture) throw notFound(view ? 'Item not found' : NO_SUCH_VIEW);
      return sendPicture(c, picture);
    })
    .openapi(getImage, async (c) => {
      const picture = await service.served.picture(Number(c.req.valid('param').id), 'front');
      if (!picture) throw notFound('Item not found');
      return sendPicture(c, { ...picture, immutable: false });
    })
    .openapi(getPastPicture, async (c) => {
      const { id, file } = c.req.valid('param');
      const view = viewOf(file);
      const picture = view ? await service.served.pastPicture(Number(id), view, c.var.user.id) : null;
      if (!picture) throw notFound(view ? 'Item not found' : NO_SUCH_VIEW);
      return sendPicture(c, picture, PRIVATE_CACHE);
    });
}

const suggest = createRoute({
  method: 'get',
  path: '/suggest',
  tags: ['Catalogue'],
  summary: 'Search suggestions as the visitor types: a few items and brands',
  description: 'The same search as `GET /api/items?q=` (typo-tolerant, ranked), at most 6 items and 4 brands.',
  request: {
    query: z.object({
      q: z
        .string()
        .trim()
        .max(MAX_SEARCH_LENGTH, { error: `must be at most ${MAX_SEARCH_LENGTH} characters` }),
    }),
  },
  responses: { 200: jsonContent(SearchSuggestionsSchema, 'Suggestions'), ...errorResponses(400) },
});

/** GET /api/search/suggest (mounted at /api/search). */
export function createSearchRoutes(ctx: AppContext, service: CatalogueService) {
  return newRouter().openapi(suggest, async (c) => {
    const suggestions = await service.suggest(c.req.valid('query').q);
    setCachePolicy(c, 'list');
    return sendJson(c, suggestions);
  });
}
