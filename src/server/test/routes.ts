import type { App } from '../app';

export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI template, e.g. /api/items/{id} */
  path: string;
  /** True when the route declares cookie auth (a member route). */
  member: boolean;
  pathParams: string[];
  queryParams: string[];
  bodyProps: string[];
  hasBody: boolean;
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string }[];
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
        bodyProps: Object.keys(schema?.properties ?? {}),
        hasBody: Object.keys(content).length > 0,
      });
    }
  }
  return routes;
}

/** better-auth's routes we expose and use (not in our OpenAPI document). */
export const AUTH_ROUTES: ApiRoute[] = [
  { method: 'post', path: '/api/auth/sign-up/email', member: false, pathParams: [], queryParams: [], bodyProps: ['email', 'password', 'name', 'fullName', 'gender'], hasBody: true },
  { method: 'post', path: '/api/auth/sign-in/email', member: false, pathParams: [], queryParams: [], bodyProps: ['email', 'password'], hasBody: true },
  { method: 'post', path: '/api/auth/sign-out', member: false, pathParams: [], queryParams: [], bodyProps: [], hasBody: true },
  { method: 'get', path: '/api/auth/get-session', member: false, pathParams: [], queryParams: [], bodyProps: [], hasBody: false },
];
