import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors';
import type { AppEnv } from './types';

/**
 * Text PostgreSQL cannot hold: the NUL character (U+0000). SQLite stores it, PostgreSQL refuses
 * it with an error, so one database would answer 200 and the other 500. No field of ours has a
 * use for it: every request carrying one, in the URL or in a body, is a 400 before any route or
 * better-auth sees it (`refuseNul`). Multipart fields are checked where they are parsed, with
 * `findNul`.
 */
export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';

/** The path ("billingAddress.city") of the first string or key holding U+0000 in a value; null when none. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(root)' : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = findNul(v, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return [...path, k.replaceAll('\u0000', '\\u0000')].join('.');
      const found = findNul(v, [...path, k]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The 400 for a NUL found at `path` of the `where` ("query parameter", "body", ...). */
export function nulError(where: string, path: string): HttpError {
  return new HttpError('VALIDATION_FAILED', `Invalid ${where}: ${path} ${NUL_MESSAGE}`, {
    issues: [{ path, message: NUL_MESSAGE }],
  });
}

function checkParams(params: URLSearchParams, where: string): void {
  for (const [k, v] of params) {
    if (k.includes('\u0000')) throw nulError(where, k.replaceAll('\u0000', '\\u0000'));
    if (v.includes('\u0000')) throw nulError(where, k);
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a request with a NUL anywhere in its URL (written %00) or in a JSON or urlencoded body.
 * Requests without one pay a substring search of the URL and, for bodies that mention "u0000"
 * at all, one extra JSON parse. Multipart is refused on /api/auth (better-auth would parse any
 * size of form there; our client sends JSON) and checked by the upload parser elsewhere.
 */
export function refuseNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes('%00')) {
      const parsed = new URL(url);
      checkParams(parsed.searchParams, 'query parameter');
      let path = parsed.pathname;
      try {
        path = decodeURIComponent(path).replaceAll('\u0000', '\\u0000');
      } catch {
        // a malformed escape elsewhere in the path: name the path as sent
      }
      throw nulError('path', path);
    }
    if (!BODY_METHODS.has(c.req.method)) return next();
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (type.startsWith('multipart/form-data')) {
      if (c.req.path.startsWith('/api/auth/')) throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send this form as JSON.');
      return next();
    }
    const json = type.includes('json');
    const urlencoded = type.startsWith('application/x-www-form-urlencoded');
    if (!json && !urlencoded) return next();
    // A copy of the body (at most 1 MB, see the body limit): the route and better-auth read the original.
    const text = await c.req.raw.clone().text();
    if (text.includes('\u0000')) throw nulError('body', '(raw)');
    if (urlencoded) {
      if (text.includes('%00')) checkParams(new URLSearchParams(text), 'body');
    } else if (/\\u0000/i.test(text)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return next(); // not JSON: the route answers that
      }
      const path = findNul(value);
      if (path !== null) throw nulError('body', path);
    }
    return next();
  };
}
