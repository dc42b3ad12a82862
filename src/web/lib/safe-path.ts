/**
 * The one check for a place to go back to that came from outside the page (?returnTo=, ?from=,
 * the login gate's remembered location): a path on this site, or null.
 *
 * A browser normalises a URL before it resolves it: it drops tabs and newlines anywhere and
 * spaces at the ends, and reads '\' as '/'. So `/\t/evil.example` and `/\\evil.example` are
 * `//evil.example` to it, another site. A value with a control character, any whitespace or a
 * backslash is refused outright; what is left must start with a single '/' and still be on this
 * origin once resolved the way the browser will. The answer is the resolved path, query and hash.
 */
export function safePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  // Control characters (C0, DEL, C1: \p{Cc}), every kind of whitespace, and backslashes.
  if (/[\p{Cc}\s\\]/u.test(value)) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  // Dot segments can leave a path that starts '//' ('/.//evil.example'): used as a link, another site.
  if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A stand-in origin to resolve against: only whether the result stays on it matters. */
const ORIGIN = 'http://rentique.invalid';
