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

/** The text of frozen objects: they cannot change, so each is written once (decision 0087). */
const frozenText = new WeakMap<object, string>();

/** `JSON.stringify(item)`, kept for a frozen object (a list's summary kept per version of a piece). */
function itemText(item: unknown): string {
  // In an array JSON.stringify writes null for what it cannot write (undefined, a function).
  if (typeof item !== 'object' || item === null || !Object.isFrozen(item)) return JSON.stringify(item) ?? 'null';
  let text = frozenText.get(item);
  if (text === undefined) frozenText.set(item, (text = JSON.stringify(item)));
  return text;
}

/**
 * The same text as `toJsonText(page)` for a page of items: the items that are frozen objects are
 * written once and their text reused (a shallow freeze is enough only for objects whose nested
 * values are frozen too, as list-summaries.ts makes them); the page's other fields are written
 * as usual.
 */
export function pageJsonText<T extends { items: readonly unknown[] }>(page: T): JsonText<T> {
  let text = '{';
  for (const [key, value] of Object.entries(page)) {
    const written = key === 'items' ? `[${(value as unknown[]).map(itemText).join(',')}]` : JSON.stringify(value);
    if (written === undefined) continue; // as JSON.stringify leaves out an undefined field
    text += `${text.length > 1 ? ',' : ''}${JSON.stringify(key)}:${written}`;
  }
  return `${text}}` as JsonText<T>;
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
