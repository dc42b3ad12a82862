import type { App } from '../app';

export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI template, e.g. /api/items/{id} */
  path: string;
  /** True when the route declares cookie auth (a member route). */
  member: boolean;
  pathParams: string[];
  queryParams: string[];
  /** The values a query parameter may take, when its schema lists them (fuzzing mixes them in). */
  queryEnums: Record<string, string[]>;
  bodyProps: string[];
  hasBody: boolean;
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; schema?: { enum?: unknown[] } }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/**
 * Every API route, read from the app's own OpenAPI document, so suites that must cover every
 * route (fuzzing, the access matrix) notice a new one without being told.
 */
export async function listApiRoutes(app: App): Promise<ApiRoute[]> {
  const res = await app.request('/api/openapi.json');
  const doc = (await res.json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: ApiRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      routes.push({
        method: method as ApiRoute['method'],
        path,
        member: (op.security ?? []).some((s) => 'cookieAuth' in s),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        queryEnums: Object.fromEntries(
          params
            .filter((p) => p.in === 'query' && p.schema?.enum)
            .map((p) => [p.name, (p.schema?.enum ?? []).map(String)]),
        ),
        bodyProps: Object.keys(schema?.properties ?? {}),
        hasBody: Object.keys(content).length > 0,
      });
    }
  }
  return routes;
}

/** better-auth's routes we expose and use (not in our OpenAPI document). */
export const AUTH_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/auth/sign-up/email',
    member: false,
    pathParams: [],
    queryParams: [],
    queryEnums: {},
    bodyProps: ['email', 'password', 'name', 'fullName', 'gender'],
    hasBody: true,
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/email',
    member: false,
    pathParams: [],
    queryParams: [],
    queryEnums: {},
    bodyProps: ['email', 'password'],
    hasBody: true,
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    member: false,
    pathParams: [],
    queryParams: [],
    queryEnums: {},
    bodyProps: [],
    hasBody: true,
  },
  {
    method: 'get',
    path: '/api/auth/get-session',
    member: false,
    pathParams: [],
    queryParams: [],
    queryEnums: {},
    bodyProps: [],
    hasBody: false,
  },
];

/** A better-auth route shaped like the ones above (so it keeps any field they gain). */
function authRoute(
  method: ApiRoute['method'],
  path: string,
  bodyProps: string[],
  queryParams: string[] = [],
): ApiRoute {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return {
    ...AUTH_ROUTES[0]!,
    method,
    path: `/api/auth${path}`,
    member: false,
    pathParams,
    queryParams,
    bodyProps,
    hasBody: method === 'post',
  };
}

// The account routes of better-auth that members use (issue 12): profile, password, e-mail.
AUTH_ROUTES.push(
  authRoute('post', '/update-user', ['name', 'fullName', 'gender', 'image', 'email', 'emailVerified']),
  authRoute('post', '/change-password', ['currentPassword', 'newPassword', 'revokeOtherSessions']),
  authRoute('post', '/change-email', ['newEmail', 'callbackURL']),
  authRoute('post', '/request-password-reset', ['email', 'redirectTo']),
  authRoute('post', '/reset-password', ['token', 'newPassword'], ['token']),
  authRoute('get', '/reset-password/{token}', [], ['callbackURL']),
  authRoute('post', '/send-verification-email', ['email', 'callbackURL']),
  authRoute('get', '/verify-email', [], ['token', 'callbackURL']),
);
