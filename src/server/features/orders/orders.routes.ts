import { createRoute, z } from '@hono/zod-openapi';
import {
  DeliveryAddressInputSchema,
  DeliveryAddressStateSchema,
  ORDER_NUMBER_PATTERN,
  OrderListQuerySchema,
  OrderListSchema,
  OrderReceiptSchema,
  StudioListSchema,
} from '../../../domain/orders';
import type { AppContext } from '../../context';
import { setCachePolicy } from '../../http/cache-headers';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter } from '../../http/openapi';
import type { OrdersService } from './orders.service';

const NumberParams = z.object({
  number: z
    .string()
    .regex(ORDER_NUMBER_PATTERN, { error: "must be an order number like 'RT-7K3M-9P2X'" })
    .openapi({ param: { name: 'number', in: 'path' }, example: 'RT-7K3M-9P2X' }),
});

const listStudios = createRoute({
  method: 'get',
  path: '/',
  tags: ['Orders'],
  summary: 'The studios where pieces can be picked up, with their addresses and opening hours',
  responses: { 200: jsonContent(StudioListSchema, 'The studios, in display order') },
});

const getAddress = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Orders'],
  summary: "The member's delivery address, or null",
  responses: { 200: jsonContent(DeliveryAddressStateSchema, 'The delivery address'), ...errorResponses(401) },
});

const putAddress = memberRoute({
  method: 'put',
  path: '/',
  tags: ['Orders'],
  summary: 'Save or replace the delivery address (United States: a state code and a 5-digit ZIP)',
  description: 'Online delivery needs it: a delivered booking without one answers 409 ADDRESS_REQUIRED.',
  request: { body: jsonBody(DeliveryAddressInputSchema) },
  responses: { 200: jsonContent(DeliveryAddressStateSchema, 'The saved address'), ...errorResponses(400, 401) },
});

const listOrders = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Orders'],
  summary: "The member's orders, newest first: dates, piece, size, delivery or pickup, amounts charged and refunded",
  description:
    "Confirmed and cancelled orders (a declined payment booked nothing and is not listed). Pages of `limit` (20); `before` is the previous page's nextBefore.",
  request: { query: OrderListQuerySchema },
  responses: { 200: jsonContent(OrderListSchema, 'A page of orders'), ...errorResponses(400, 401) },
});

const getReceipt = memberRoute({
  method: 'get',
  path: '/{number}',
  tags: ['Orders'],
  summary: "One of the member's orders with every charge and refund (the printable receipt)",
  description: 'The card shows as brand and last four only. 404 for an order that is not hers.',
  request: { params: NumberParams },
  responses: { 200: jsonContent(OrderReceiptSchema, 'The receipt'), ...errorResponses(400, 401, 404) },
});

/**
 * Everything of this feature, mounted once under /api/orders (decision 0055): /api/orders/studios,
 * /api/orders/delivery-address, and the orders themselves (/api/orders, /api/orders/{number}).
 * The fixed paths come first, so that no word is taken for an order number.
 */
export function createOrdersRoutes(ctx: AppContext, service: OrdersService) {
  const studios = newRouter().openapi(listStudios, async (c) => {
    setCachePolicy(c, 'item');
    return c.json({ studios: await service.listStudios() }, 200);
  });
  const address = newRouter()
    .openapi(getAddress, async (c) => c.json(await service.getAddress(c.var.user.id), 200))
    .openapi(putAddress, async (c) => c.json(await service.setAddress(c.var.user.id, c.req.valid('json')), 200));
  const orders = newRouter()
    .openapi(listOrders, async (c) => {
      const { before, limit } = c.req.valid('query');
      return c.json(await service.list(c.var.user.id, before, limit), 200);
    })
    .openapi(getReceipt, async (c) => c.json(await service.receipt(c.var.user.id, c.req.valid('param').number), 200));
  return newRouter().route('/studios', studios).route('/delivery-address', address).route('/', orders);
}
