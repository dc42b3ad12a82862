import { z } from '@hono/zod-openapi';
import {
  CareListSchema,
  CareSchema,
  DeskBoardSchema,
  IntakeCheckSchema,
  IntakeInputSchema,
  LendingTermsSchema,
  RecallInputSchema,
  TravellingSchema,
} from '../../../domain/managed-lending';
import type { AppContext } from '../../context';
import { IdParams } from '../../http/params';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter, staffRoute } from '../../http/openapi';
import { createRoute } from '@hono/zod-openapi';
import type { ManagedDeskService } from './managed-desk.service';
import type { ManagedService } from './managed.service';
import type { StorageTerm } from './storage-term';

const tags = ['Managed lending'];
const Ok = z.object({ ok: z.literal(true) });

const terms = createRoute({
  method: 'get',
  path: '/terms',
  tags,
  summary: 'The two ways to lend: her share of each (settings) and the storage term',
  responses: { 200: jsonContent(LendingTermsSchema, 'The terms') },
});
const list = memberRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Her pieces in our care, each step, and her travelling date',
  responses: { 200: jsonContent(CareListSchema, 'Her managed pieces'), ...errorResponses(401) },
});
const one = memberRoute({
  method: 'get',
  path: '/items/{id}',
  tags,
  summary: 'One managed piece and its steps',
  request: { params: IdParams },
  responses: { 200: jsonContent(CareSchema, 'The piece'), ...errorResponses(400, 401, 404, 409) },
});
const intake = memberRoute({
  method: 'post',
  path: '/items/{id}/intake',
  tags,
  summary: 'Book a pickup at her address, or a drop-off at a studio (an approved managed piece)',
  request: { params: IdParams, body: jsonBody(IntakeInputSchema) },
  responses: { 200: jsonContent(CareSchema, 'The piece'), ...errorResponses(400, 401, 404, 409) },
});
const recall = memberRoute({
  method: 'post',
  path: '/items/{id}/recall',
  tags,
  summary: 'Ask for a piece back on a day after its last booking (it leaves the catalogue at once)',
  request: { params: IdParams, body: jsonBody(RecallInputSchema) },
  responses: { 200: jsonContent(CareSchema, 'The piece'), ...errorResponses(400, 401, 404, 409) },
});
const switchMode = memberRoute({
  method: 'post',
  path: '/items/{id}/switch',
  tags,
  summary: 'Switch a self-lent piece to managed (it goes through intake)',
  request: { params: IdParams },
  responses: { 200: jsonContent(CareSchema, 'The piece'), ...errorResponses(400, 401, 404, 409) },
});
const renew = memberRoute({
  method: 'post',
  path: '/items/{id}/renew',
  tags,
  summary: 'Keep a piece in our care for another storage term (in the last 30 days of its term)',
  request: { params: IdParams },
  responses: { 200: jsonContent(CareSchema, 'The piece'), ...errorResponses(400, 401, 404, 409) },
});
const getTravelling = memberRoute({
  method: 'get',
  path: '/travelling',
  tags,
  summary: 'The day she travels until',
  responses: { 200: jsonContent(TravellingSchema, 'Her travelling date'), ...errorResponses(401) },
});
const putTravelling = memberRoute({
  method: 'put',
  path: '/travelling',
  tags,
  summary: 'Set or clear the day she travels until',
  request: { body: jsonBody(TravellingSchema) },
  responses: { 200: jsonContent(TravellingSchema, 'Her travelling date'), ...errorResponses(400, 401) },
});

/** The member's routes, at /api/managed. */
export function createManagedRoutes(_ctx: AppContext, service: ManagedService, term: StorageTerm) {
  return newRouter()
    .openapi(terms, (c) => c.json(service.terms(), 200))
    .openapi(list, async (c) => c.json(await service.list(c.var.user.id), 200))
    .openapi(getTravelling, async (c) => c.json(await service.travelling(c.var.user.id), 200))
    .openapi(putTravelling, async (c) =>
      c.json(await service.setTravelling(c.var.user.id, c.req.valid('json').until), 200),
    )
    .openapi(one, async (c) => c.json(await service.get(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(intake, async (c) =>
      c.json(await service.bookIntake(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(recall, async (c) =>
      c.json(await service.recall(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(switchMode, async (c) =>
      c.json(await service.switchToManaged(c.var.user.id, c.req.valid('param').id), 200),
    )
    .openapi(renew, async (c) => {
      const { id } = c.req.valid('param');
      await term.renew(c.var.user.id, id);
      return c.json(await service.get(c.var.user.id, id), 200);
    });
}

const board = staffRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Incoming from members, pieces in storage with their owner, recalls to send back',
  responses: { 200: jsonContent(DeskBoardSchema, 'The board'), ...errorResponses(401, 403) },
});
const deskStep = (path: string, summary: string, body?: typeof IntakeCheckSchema) =>
  staffRoute({
    method: 'post',
    path,
    tags,
    summary,
    request: body ? { params: IdParams, body: jsonBody(body) } : { params: IdParams },
    responses: { 200: jsonContent(Ok, 'Done (audited)'), ...errorResponses(400, 401, 403, 404, 409) },
  });
const receive = deskStep('/intakes/{id}/receive', 'The piece arrived');
const check = staffRoute({
  method: 'post',
  path: '/intakes/{id}/check',
  tags,
  summary: 'Checked against her photos: accepted, or rejected and sent back to her',
  request: { params: IdParams, body: jsonBody(IntakeCheckSchema) },
  responses: { 200: jsonContent(Ok, 'Done (audited)'), ...errorResponses(400, 401, 403, 404, 409) },
});
const live = deskStep('/intakes/{id}/live', 'Cleaned: put the piece live');
const sendBack = deskStep('/recalls/{id}/send-back', 'Send a recalled piece back to her (once no booking holds it)');

/** The desk's routes, at /api/ops/managed. */
export function createManagedDeskRoutes(_ctx: AppContext, desk: ManagedDeskService) {
  const rid = (v: string | undefined) => v ?? null;
  return newRouter()
    .openapi(board, async (c) => c.json(await desk.board(), 200))
    .openapi(receive, async (c) => {
      await desk.receive(c.var.user, c.req.valid('param').id, rid(c.var.requestId));
      return c.json({ ok: true as const }, 200);
    })
    .openapi(check, async (c) => {
      await desk.check(c.var.user, c.req.valid('param').id, c.req.valid('json'), rid(c.var.requestId));
      return c.json({ ok: true as const }, 200);
    })
    .openapi(live, async (c) => {
      await desk.putLive(c.var.user, c.req.valid('param').id, rid(c.var.requestId));
      return c.json({ ok: true as const }, 200);
    })
    .openapi(sendBack, async (c) => {
      await desk.sendBack(c.var.user, c.req.valid('param').id, rid(c.var.requestId));
      return c.json({ ok: true as const }, 200);
    });
}
