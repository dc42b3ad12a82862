import { createCatalogueIndex, type CatalogueIndex } from './catalogue-index';
import type { IndexRowsRepository } from './index-rows.repository';

/**
 * Keeps this process's search index exact (decision 0057). The index is loaded from the database
 * (one snapshot, with the change log's version), then follows `catalogue_changes`: the changed
 * items are read again (with their favorites and recent rentals) and replace their entries. It catches up
 *
 * - before every read (one indexed query for the changes after its version, usually none), so an
 *   answer never misses a change committed before its request, in any process;
 * - when PostgreSQL notifies `catalogue_changes` (at commit), and every `pollMs` otherwise, so a
 *   process applies another's change within a second even when nobody asks.
 *
 * Versions become visible in commit order (the change triggers bump one locked row), so a gap in
 * the versions read means changes were pruned: the index is loaded again.
 */

/** Changes kept in the log behind the newest (older ones are pruned by whichever process follows). */
const KEEP_CHANGES = 50_000;
const PRUNE_EVERY_MS = 60_000;

export interface IndexFollowerDeps {
  repo: IndexRowsRepository;
  /** PostgreSQL's LISTEN (nothing on SQLite): calls back on each committed change. */
  listen: (channel: string, onNotify: () => void) => Promise<void>;
  /** SQLite's `Database.changeToken`: while it stands, nothing was committed and the log is not read. */
  changeToken?: () => string;
  /** Where the recent rentals the index holds begin (a date: RECENT_DAYS before today, ranking.ts). */
  recentSince?: () => string;
  pollMs?: number;
  /** Items per part of the load (the repository's INDEX_LOAD_PART unless set: tests set a few). */
  loadPart?: number;
  /** Read the load's next part while one is taken in (PostgreSQL; the repository's IndexLoadOptions). */
  readAhead?: boolean;
  onError?: (err: unknown) => void;
}

export function createIndexFollower(deps: IndexFollowerDeps) {
  const { repo } = deps;
  const recentSince = deps.recentSince ?? (() => '0000-00-00');
  let index: CatalogueIndex | null = null;
  let version = 0;
  /** The change token the index is known to be current at (SQLite); undefined: read the log. */
  let currentAt: string | undefined;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let lastPrune = Date.now();
  /** How long the last load took and how many items it held (for the bench and the log). */
  const stats = { loadMs: 0, items: 0, applied: 0 };

  async function load(): Promise<void> {
    const started = performance.now();
    // Read before the snapshot: a commit after this point changes the token, and is read then.
    const token = deps.changeToken?.();
    const next = createCatalogueIndex();
    // Part by part (issue 27): a part is in the index before the next is read, so the rows of
    // one part are alive at a time, not the whole catalogue's.
    const snap = await repo.indexSnapshot(
      recentSince(),
      (part) =>
        next.apply(
          part.items.map((i) => i.id),
          part.items,
          part.activity,
        ),
      { ...(deps.loadPart && { partSize: deps.loadPart }), ...(deps.readAhead && { readAhead: true }) },
    );
    next.trim();
    index = next;
    version = snap.version;
    stats.loadMs = performance.now() - started;
    stats.items = snap.items;
    currentAt = token;
  }

  /** True while the change token stands where the index was caught up (nothing committed since). */
  const unchanged = (token: string | undefined) => token !== undefined && token === currentAt;

  async function catchUp(): Promise<void> {
    if (!index) return load();
    const token = deps.changeToken?.();
    if (unchanged(token)) return;
    await applyChanges(index);
    currentAt = token;
  }

  async function applyChanges(index: CatalogueIndex): Promise<void> {
    const changes = await repo.changesSince(version);
    if (changes.length === 0) return;
    if (changes[0]!.version > version + 1) return load(); // pruned past this process: start again
    const ids = [...new Set(changes.map((c) => c.item_id))];
    const { items, activity } = await repo.indexRows(ids, recentSince());
    index.apply(ids, items, activity);
    version = changes[changes.length - 1]!.version;
    stats.applied += ids.length;
    if (Date.now() - lastPrune > PRUNE_EVERY_MS && version > KEEP_CHANGES) {
      lastPrune = Date.now();
      await repo.pruneChanges(version - KEEP_CHANGES);
    }
  }

  /** One catch-up at a time; a caller arriving during one waits for the next, which sees its commit. */
  function sync(): Promise<void> {
    if (!running) {
      running = catchUp().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return sync();
      });
    return queued;
  }

  function background(): void {
    sync().catch((err: unknown) => {
      // The database was closed under a test or at shutdown: stop following.
      if (/destroyed|closed|not open/i.test(String(err)) && timer) {
        clearInterval(timer);
        timer = null;
        return;
      }
      deps.onError?.(err);
    });
  }

  return {
    stats,

    /** The index, caught up with every change committed before this call (the first call loads it and starts following). */
    async current(): Promise<CatalogueIndex> {
      // The first read starts following; a failed catch-up is this read's error (the await below),
      // not a second, unhandled one from the start it set off.
      if (!started) this.start().catch(() => undefined);
      // Nothing committed since the index was last caught up, and no catch-up under way: as
      // catchUp() would find, without the promises of a catch-up (most reads, decision 0089).
      if (index && !running && unchanged(deps.changeToken?.())) return index;
      await sync();
      return index!;
    },

    /** Loads the index now and starts following the changes (LISTEN where there is one, and polling). */
    async start(): Promise<void> {
      if (started) return sync();
      started = true;
      timer = setInterval(background, deps.pollMs ?? 500);
      timer.unref();
      await deps.listen('catalogue_changes', background).catch((err: unknown) => deps.onError?.(err));
      return sync();
    },

    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type IndexFollower = ReturnType<typeof createIndexFollower>;
