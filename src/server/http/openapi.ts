import { OpenAPIHono, createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import { ApiErrorSchema } from '../../domain/errors';
import { validationError } from './errors';
import { requireStaff, requireUser } from './middleware';
import type { AppEnv } from './types';

const TARGET_NAMES: Record<string, string> = {
  json: 'body',
  form: 'form',
  query: 'query parameter',
  param: 'path parameter',
  header: 'header',
  cookie: 'cookie',
};

/**
 * A feature router. Its validation failures become our 400 error shape, naming the
 * parameter or field and why.
 */
export function newRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success)
        throw validationError(result.error as z.ZodError, TARGET_NAMES[result.target] ?? result.target);
    },
  });
}

/** How a member's routes are documented: the session cookie. */
const MEMBER_SECURITY = [{ cookieAuth: [] }];

/**
 * A route for signed-in members: documented as needing the session cookie, and answered 401
 * (in the error shape) without one, before its input is read.
 */
export function memberRoute<const R extends Omit<RouteConfig, 'security' | 'middleware'>>(config: R) {
  return createRoute({ ...config, security: MEMBER_SECURITY, middleware: [requireUser] as const });
}

/** A route of the operations desk: the session cookie of a staff account (401 visitors, 403 members). */
export function staffRoute<const R extends Omit<RouteConfig, 'security' | 'middleware'>>(config: R) {
  return createRoute({ ...config, security: MEMBER_SECURITY, middleware: [requireStaff] as const });
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

/** A JSON request body, required. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: the error names the field or parameter and why',
  401: 'No session: sign in first',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Unsupported media type',
  429: 'A limit was reached',
};

/**
 * The one error shape, as one named schema of the document (the web's types name it too). Made
 * here, after @hono/zod-openapi has extended zod: a schema made before (the domain's) lacks
 * `.openapi()` when the domain module is loaded first.
 */
const ApiErrorComponent = z.object(ApiErrorSchema.shape).openapi('ApiError');

/** The error responses a route can give, all in the one error shape. */
export function errorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s) => [s, jsonContent(ApiErrorComponent, ERROR_DESCRIPTIONS[s] ?? 'Error')]),
  ) as Record<S, ReturnType<typeof jsonContent<typeof ApiErrorComponent>>>;
}
