import type { Context, TypedResponse } from 'hono';

declare const encodes: unique symbol;

/**
 * JSON text known to encode a `T`: the only way to make one is `toJsonText(value: T)`. A route
 * that keeps an answer serialized (the browse list's cache) sends it with `sendJsonText` and still
 * answers with the type its OpenAPI schema names, so the compiler checks it like `c.json()`.
 */
export type JsonText<T> = string & { readonly [encodes]: T };

/** `JSON.stringify(value)`, remembering what it encodes. */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/**
 * Answers 200 with JSON text made by `toJsonText` (or those bytes gzipped: then `headers` says
 * so), typed as the JSON answer it is.
 */
export function sendJsonText<T>(
  c: Context,
  body: JsonText<T> | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
): Response & TypedResponse<T, 200, 'json'> {
  const res: Response = c.body(body, 200, { 'content-type': 'application/json', ...headers });
  return res as Response & TypedResponse<T, 200, 'json'>;
}
