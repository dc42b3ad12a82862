import type { Context } from 'hono';

/**
 * Answers whose headers stay a plain record until the last middleware has set its own (decision
 * 0089). A Response's `headers` is a WHATWG Headers object: each header set on it is validated
 * and lower-cased, and node's HTTP layer turns it back into a record to write it (with the work
 * of the middleware that set them, about a tenth of a browse request's CPU at 1k). The
 * catalogue's JSON answers are drafts: the caching and security middleware write into the record
 * (through `headersOf`), and the outermost one makes the Response that is sent from it
 * (`settle`). Any other answer is a Response as usual and the same middleware write into its
 * Headers.
 */
export interface DraftAnswer {
  status: 200 | 304;
  body: Uint8Array<ArrayBuffer> | null;
  /** Lower-case names. */
  headers: Record<string, string>;
}

/** What the middleware use of an answer's headers: a draft's record reads and writes like Headers. */
export type AnswerHeaders = Pick<Headers, 'get' | 'set' | 'has' | 'delete'>;

// On the Response itself, not in a WeakMap: a WeakMap entry per request tripled the time spent
// collecting garbage (ephemerons are traced on every collection).
const DRAFT = Symbol('draft answer');
type Drafted = Response & { [DRAFT]?: DraftAnswer };

/** A Response for the draft, known as one to `draftOf` (its headers are read from the record when it is settled). */
export function draftAnswer(draft: DraftAnswer): Response {
  const res: Drafted = new Response(draft.body, { status: draft.status, headers: draft.headers });
  res[DRAFT] = draft;
  return res;
}

/** The draft a Response was made from, if it was. */
export function draftOf(res: Response): DraftAnswer | undefined {
  return (res as Drafted)[DRAFT];
}

/** Headers-like access to a record with lower-case names. */
function recordHeaders(record: Record<string, string>): AnswerHeaders {
  return {
    get: (name) => record[name.toLowerCase()] ?? null,
    set: (name, value) => {
      record[name.toLowerCase()] = value;
    },
    has: (name) => Object.hasOwn(record, name.toLowerCase()),
    delete: (name) => {
      delete record[name.toLowerCase()];
    },
  };
}

/** The headers of the answer being built: its draft's record, or its Headers. */
export function headersOf(c: Context): AnswerHeaders {
  const draft = draftOf(c.res);
  return draft ? recordHeaders(draft.headers) : c.res.headers;
}

/** Puts `next` in place of the answer being built (Hono copies the old headers over on plain assignment). */
export function replaceAnswer(c: Context, next: Response): void {
  c.res = undefined;
  c.res = next;
}

/** Makes the answer a Response with the headers its draft holds now; an answer that is no draft stays. */
export function settle(c: Context): void {
  const draft = draftOf(c.res);
  if (draft) replaceAnswer(c, new Response(draft.body, { status: draft.status, headers: draft.headers }));
}
