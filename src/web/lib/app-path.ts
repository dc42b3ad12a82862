const PROBE_ORIGIN = 'http://rentique.invalid';

/**
 * `candidate` if it is a path of this app (with its query and hash), else null: where a form may
 * send the browser back to. The path is read as a browser would read it (a backslash, a tab or a
 * second slash can make a "path" another site), and kept only if it stays on this origin.
 */
export function appPath(candidate: string | null | undefined): string | null {
  if (!candidate || !candidate.startsWith('/')) return null;
  try {
    const url = new URL(candidate, PROBE_ORIGIN);
    return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
