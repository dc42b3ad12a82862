import type { ApiError, ErrorCode, ErrorIssue } from '@domain/errors';
import type { Transport } from '../lib/api-client';
import type { paths } from '../lib/api-schema';

/**
 * The API at the fetch boundary, for the web tests: an in-memory handler keyed by method and path
 * (the OpenAPI template, '/api/items/{id}/calendar'), whose answers are typed with the `paths` of
 * api-schema.d.ts. A change in the API's shape breaks the test's compile, not only its run.
 * Every request is recorded (`calls`); one without a handler is answered 404 and listed in
 * `unhandled`.
 */

export type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The paths that have an operation for `M`. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: object } ? P : never;
}[keyof paths];

type Operation<M extends Method, P extends PathOf<M>> = paths[P][M];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON a successful answer (200 or 201) carries. */
export type ApiBody<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends { responses: infer R } ? JsonOf<R[200 & keyof R]> | JsonOf<R[201 & keyof R]> : never;

/** The JSON body the operation takes (undefined when it takes none). */
export type ApiRequestBody<M extends Method, P extends PathOf<M>> =
  Operation<M, P> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : undefined;

/** What a handler sees of a request. */
export interface StubRequest<M extends Method, P extends PathOf<M>> {
  /** The path's parameters ({ id: '90' }). */
  params: Record<string, string>;
  query: URLSearchParams;
  body: ApiRequestBody<M, P>;
}

/** An answer other than a typed success: an error in the one error shape, or a raw Response. */
export class StubReply {
  constructor(readonly response: () => Response) {}
}

/** The API's refusal, in the one error shape (ApiError), with its details and the fields it names (issues). */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
  issues?: ErrorIssue[],
) {
  const error: ApiError['error'] = { code, message, ...(details ? { details } : {}), ...(issues ? { issues } : {}) };
  return new StubReply(() => Response.json({ error }, { status }));
}

/** A 204 with no body. */
export const noContent = () => new StubReply(() => new Response(null, { status: 204 }));

type Handler<M extends Method, P extends PathOf<M>> =
  | ApiBody<M, P>
  | StubReply
  | ((request: StubRequest<M, P>) => ApiBody<M, P> | StubReply | Promise<ApiBody<M, P> | StubReply>);

/** One request the page made. */
export interface StubCall {
  method: string;
  /** The path as requested ('/api/items/90/calendar'). */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  handler: unknown;
}

function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

export class ApiStub {
  readonly calls: StubCall[] = [];
  readonly unhandled: string[] = [];
  private routes: Route[] = [];

  /** Answers `method path` (the later registration of the same route wins). */
  on<M extends Method, P extends PathOf<M>>(method: M, path: P, handler: Handler<M, P>): this {
    const { pattern, names } = compile(path);
    this.routes = this.routes.filter((r) => !(r.method === method.toUpperCase() && r.template === path));
    // Fixed paths before templates: '/api/rentals/quote' before '/api/rentals/{id}'.
    this.routes.push({ method: method.toUpperCase(), template: path, pattern, names, handler });
    this.routes.sort((a, b) => a.names.length - b.names.length);
    return this;
  }

  /** The requests made to `method path` (the path as requested, or a template). */
  callsTo(method: Method, path: string): StubCall[] {
    const { pattern } = compile(path);
    return this.calls.filter((c) => c.method === method.toUpperCase() && pattern.test(c.path));
  }

  /** The bodies posted (put, patched...) to `path`, in order. */
  bodiesSent<M extends Method, P extends PathOf<M>>(method: M, path: P): ApiRequestBody<M, P>[] {
    return this.callsTo(method, path).map((c) => c.body as ApiRequestBody<M, P>);
  }

  /** Method and path of every request but GETs: what the page changed. */
  writes(): string[] {
    return this.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
  }

  readonly transport: Transport = async (request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    this.calls.push({ method: request.method, path: url.pathname, query: url.searchParams, body });
    for (const route of this.routes) {
      if (route.method !== request.method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
      const handler = route.handler;
      const answer: unknown =
        typeof handler === 'function'
          ? await (handler as (r: unknown) => unknown)({ params, query: url.searchParams, body })
          : handler;
      if (answer instanceof StubReply) return answer.response();
      return Response.json(answer, { status: request.method === 'POST' ? 201 : 200 });
    }
    this.unhandled.push(`${request.method} ${url.pathname}`);
    return Response.json(
      { error: { code: 'NOT_FOUND', message: `No stub for ${request.method} ${url.pathname}` } },
      { status: 404 },
    );
  };
}
