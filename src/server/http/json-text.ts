import { hash } from 'node:crypto';
import type { TypedResponse } from 'hono';
import { draftAnswer } from './draft-answer';

declare const encodes: unique symbol;

/**
 * JSON bytes known to encode a `T`, with the digest their strong ETag is made of: the only ways to
 * make one are `toJsonBody(value: T)` and `pageJsonBody(page: T)`. A route sends it with
 * `sendJsonBody` and still answers with the type its OpenAPI schema names, so the compiler checks
 * it like `c.json()`.
 */
export interface JsonBody<T> {
  readonly bytes: Buffer<ArrayBuffer>;
  /** What a strong ETag is made of: another body never has it (SHA-1 of the bytes, or of what determines them). */
  readonly digest: string;
  readonly [encodes]?: T;
}

const sha1 = (data: string | Uint8Array) => hash('sha1', data, 'base64url');

/** `JSON.stringify(value)` as UTF-8, tagged by the SHA-1 of those bytes. */
export function toJsonBody<T>(value: T): JsonBody<T> {
  const bytes = Buffer.from(JSON.stringify(value));
  return { bytes, digest: sha1(bytes) };
}

/** An item of a page as UTF-8 JSON and the SHA-1 of those bytes. */
interface EncodedItem {
  bytes: Buffer<ArrayBuffer>;
  digest: string;
}

/** The encoding of frozen objects: they cannot change, so each is written and hashed once (decisions 0087, 0088). */
const frozenItems = new WeakMap<object, EncodedItem>();

function encode(item: unknown): EncodedItem {
  // In an array JSON.stringify writes null for what it cannot write (undefined, a function).
  const text = JSON.stringify(item) ?? 'null';
  // Its own memory, not a slice of Buffer's shared pool: a kept item must not keep 8 KB alive.
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return { bytes, digest: sha1(bytes) };
}

/** An item's bytes, kept for a frozen object (a list's summary kept per version of a piece). */
function encodedItem(item: unknown): EncodedItem {
  if (typeof item !== 'object' || item === null || !Object.isFrozen(item)) return encode(item);
  let encoded = frozenItems.get(item);
  if (encoded === undefined) frozenItems.set(item, (encoded = encode(item)));
  return encoded;
}

/**
 * The bytes `toJsonBody(page)` holds, for a page of items: the items that are frozen objects are
 * encoded once and their bytes copied into the page (a shallow freeze is enough only for objects
 * whose nested values are frozen too, as list-summaries.ts makes them); the page's other fields
 * are written as usual. The ETag is the SHA-1 of the page's own fields and its items' digests
 * (each the SHA-1 of an item's bytes), which determine the bytes as much as the bytes do, for
 * about a tenth of hashing them (JSON text never holds U+0000, nor a digest a comma, so the
 * hashed text is read one way only).
 */
export function pageJsonBody<T extends { items: readonly unknown[] }>(page: T): JsonBody<T> {
  let before = '{';
  let after = '';
  let items: EncodedItem[] | undefined;
  for (const [key, value] of Object.entries(page)) {
    if (key === 'items') {
      items = (value as unknown[]).map(encodedItem);
      before += `${before.length > 1 ? ',' : ''}"items":[`;
      continue;
    }
    const written = JSON.stringify(value);
    if (written === undefined) continue; // as JSON.stringify leaves out an undefined field
    const field = `${JSON.stringify(key)}:${written}`;
    if (items) after += `,${field}`;
    else before += `${before.length > 1 ? ',' : ''}${field}`;
  }
  items ??= []; // not reached for a T: `items` is one of its own fields
  after = `]${after}}`;
  const head = Buffer.byteLength(before);
  let length = head + Buffer.byteLength(after) + Math.max(0, items.length - 1);
  for (const item of items) length += item.bytes.length;
  const bytes = Buffer.allocUnsafe(length);
  let at = bytes.write(before, 0);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) bytes[at++] = COMMA;
    bytes.set(items[i]!.bytes, at);
    at += items[i]!.bytes.length;
  }
  bytes.write(after, at);
  return { bytes, digest: sha1(`${before}\u0000${items.map((i) => i.digest).join(',')}\u0000${after}`) };
}

const COMMA = 0x2c;

/**
 * Answers 200 with JSON bytes made by `toJsonBody` or `pageJsonBody` (or those bytes gzipped:
 * then `headers` says so), typed as the JSON answer it is. The answer is a draft (decision 0089):
 * the caching and security middleware add their headers to its record.
 */
export function sendJsonBody<T>(
  bytes: Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
): Response & TypedResponse<T, 200, 'json'> {
  const res = draftAnswer({ status: 200, body: bytes, headers: { 'content-type': 'application/json', ...headers } });
  return res as Response & TypedResponse<T, 200, 'json'>;
}
