import type { ApiError, ErrorCode, ErrorIssue } from '@domain/errors';

/** An error answered by our API, in the one error shape (or a network failure). */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly issues: ErrorIssue[];
  readonly details: Record<string, unknown>;

  constructor(status: number, body: Omit<Partial<ApiError['error']>, 'code'> & { code?: ErrorCode | 'NETWORK' }) {
    super(body.message ?? `Request failed (${status})`);
    this.name = 'ApiClientError';
    this.status = status;
    this.code = body.code ?? 'INTERNAL';
    this.issues = body.issues ?? [];
    this.details = body.details ?? {};
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  body?: FormData;
  query?: Record<string, string | number | boolean | undefined | null | readonly string[]>;
  signal?: AbortSignal;
}

/** Builds "/api/items?size=M&brand=a&brand=b", skipping empty values. */
export function withQuery(path: string, query: ApiRequest['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where API requests go: the browser's fetch, or (when a page is rendered on the server) the
 * server's own app, called in-process with the same paths.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/**
 * The one way the web app calls our API: same-origin cookies, JSON in and out, and every
 * failure thrown as an ApiClientError carrying the server's code and message.
 */
export async function api<T>(path: string, req: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.json);
  } else if (req.body) {
    body = req.body;
  }
  let res: Response;
  try {
    res = await transport(withQuery(path, req.query), {
      method: req.method ?? (body ? 'POST' : 'GET'),
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body } : {}),
      ...(req.signal ? { signal: req.signal } : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiClientError(0, { code: 'NETWORK', message: 'We could not reach Rentique. Check your connection and try again.' });
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (data as Partial<ApiError> | undefined)?.error;
    throw new ApiClientError(res.status, err ?? { message: `Request failed (${res.status})` });
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
