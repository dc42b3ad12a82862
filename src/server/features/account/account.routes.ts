import { z } from '@hono/zod-openapi';
import { deleteCookie } from 'hono/cookie';
import type { Context } from 'hono';
import {
  DeleteAccountSchema,
  DeviceSessionListSchema,
  ProfileSchema,
  ProfileUpdateSchema,
} from '../../../domain/auth.schema';
import type { AppContext } from '../../context';
import { errorResponses, jsonBody, jsonContent, newRouter, memberRoute } from '../../http/openapi';
import { unauthenticated } from '../../http/errors';
import type { AppEnv } from '../../http/types';
import type { AccountService } from './account.service';

const getMe = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  summary: "The signed-in member's profile",
  responses: {
    200: jsonContent(ProfileSchema, 'The profile'),
    ...errorResponses(401),
  },
});

const updateMe = memberRoute({
  method: 'patch',
  path: '/',
  tags: ['Account'],
  summary: 'Change name, gender or picture (the sign-up rules apply; nothing else can be set)',
  request: { body: jsonBody(ProfileUpdateSchema) },
  responses: {
    200: jsonContent(ProfileSchema, 'The profile as changed'),
    ...errorResponses(400, 401),
  },
});

const deleteMe = memberRoute({
  method: 'delete',
  path: '/',
  tags: ['Account'],
  summary: 'Delete the account: personal data is removed and every session ends (password required)',
  description:
    'Refused with 409 while the member has a rental out or one of her pieces is rented out. A reservation not sent yet refuses it too, ' +
    'with details.unsentReservations (what cancelling refunds): send cancelReservations: true to cancel them (each refunded in full) and delete. Deletion removes her profile, card, plan, ' +
    'favorites, RSVPs, listings and sessions in one transaction; rentals and charges are kept without her name.',
  request: { body: jsonBody(DeleteAccountSchema) },
  responses: {
    204: { description: 'Deleted; the session cookie is cleared' },
    ...errorResponses(400, 401, 403, 409, 429),
  },
});

const listSessions = memberRoute({
  method: 'get',
  path: '/sessions',
  tags: ['Account'],
  summary: 'Signed-in devices (browser and system from the user agent, last active, this device marked)',
  responses: {
    200: jsonContent(DeviceSessionListSchema, 'The devices, this one first'),
    ...errorResponses(401),
  },
});

const SessionIdParamSchema = z.object({
  sessionId: z
    .string()
    .min(1)
    .max(128)
    .openapi({ param: { name: 'sessionId', in: 'path' }, example: 'Bf3vR0yGq9zW' }),
});

const endSession = memberRoute({
  method: 'delete',
  path: '/sessions/{sessionId}',
  tags: ['Account'],
  summary: 'Sign one other device out',
  request: { params: SessionIdParamSchema },
  responses: {
    204: { description: 'That device is signed out' },
    ...errorResponses(400, 401, 404),
  },
});

const endOtherSessions = memberRoute({
  method: 'post',
  path: '/sessions/sign-out-others',
  tags: ['Account'],
  summary: 'Sign every other device out',
  responses: {
    200: jsonContent(z.object({ ended: z.number().int() }), 'How many devices were signed out'),
    ...errorResponses(401),
  },
});

const exportData = memberRoute({
  method: 'get',
  path: '/export',
  tags: ['Account'],
  summary:
    'Download my data: profile, plan, card summary, rentals, listings, favorites, RSVPs, devices, fit details, reviews, shortlists, waitlist, requests, messages, ratings, payouts, claims (JSON file)',
  responses: {
    200: jsonContent(z.record(z.string(), z.unknown()), 'The member data, as an attachment'),
    ...errorResponses(401, 429),
  },
});

/** Expires the session cookies in the browser (the sessions themselves are already deleted). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's context
function clearSessionCookies(c: Context<any>, secure: boolean) {
  const prefix = secure ? '__Secure-' : '';
  for (const name of ['better-auth.session_token', 'better-auth.session_data', 'better-auth.dont_remember']) {
    deleteCookie(c, `${prefix}${name}`, { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
  }
}

export function createAccountRoutes(ctx: AppContext, service: AccountService) {
  const secure = ctx.env.publicUrl.startsWith('https://');
  const sessionOf = (c: { var: { sessionId: string | null } }) => {
    if (!c.var.sessionId) throw unauthenticated();
    return c.var.sessionId;
  };
  return newRouter()
    .openapi(getMe, async (c) => c.json(await service.getProfile(c.var.user.id), 200))
    .openapi(updateMe, async (c) => c.json(await service.updateProfile(c.var.user.id, c.req.valid('json')), 200))
    .openapi(deleteMe, async (c) => {
      const body = c.req.valid('json');
      await service.deleteAccount(c.var.user.id, body.password, { cancelReservations: body.cancelReservations });
      clearSessionCookies(c, secure);
      return c.body(null, 204);
    })
    .openapi(listSessions, async (c) =>
      c.json({ sessions: await service.listSessions(c.var.user.id, sessionOf(c)) }, 200),
    )
    .openapi(endSession, async (c) => {
      await service.endSession(c.var.user.id, sessionOf(c), c.req.valid('param').sessionId);
      return c.body(null, 204);
    })
    .openapi(endOtherSessions, async (c) =>
      c.json({ ended: await service.endOtherSessions(c.var.user.id, sessionOf(c)) }, 200),
    )
    .openapi(exportData, async (c) => {
      const data = await service.exportData(c.var.user.id);
      c.header('content-disposition', `attachment; filename="rentique-my-data-${ctx.today()}.json"`);
      c.header('cache-control', 'no-store');
      return c.json(data, 200);
    });
}

/**
 * Keeps each session's "last active" time current (within a few minutes) for the devices list.
 * Runs after the session is read; one small write per session every few minutes at most.
 */
export function sessionActivity(ctx: AppContext, service: AccountService) {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    // c.get, not c.var: Hono builds a new object of all the variables on each read of c.var.
    const id = c.get('sessionId');
    if (id) {
      try {
        await service.touchSession(id, c.get('sessionSeenAt') ?? null);
      } catch (err) {
        c.var.logger.warn({ err, requestId: c.var.requestId }, 'could not record session activity');
      }
    }
    await next();
  };
}
