import { randomBytes } from 'node:crypto';
import {
  MAX_ALERTS_PER_DAY,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_MESSAGES,
  canonicalSearchParams,
  type CreateSavedSearchInput,
  type SavedSearch,
  type UpdateSavedSearchInput,
} from '../../../domain/saved-searches';
import { DomainError, notFound } from '../../../domain/errors';
import type { AppContext } from '../../context';
import type { RateLimit } from '../../rate-limit';
import type { CatalogueService } from '../catalogue';
import type { NotificationsService } from '../notifications';
import { createSavedSearchesRepository, type SavedSearchRow } from './saved-searches.repository';

/** Alert e-mails per member per day, whatever the number of her searches (the request_limits table). */
const ALERT_MAIL_LIMIT: RateLimit = { name: 'saved-search-alert', max: MAX_ALERTS_PER_DAY, windowMs: 86_400_000 };
/** Saves per member per hour (each may send mail). */
const SAVE_LIMIT: RateLimit = { name: 'saved-search-save', max: 30, windowMs: 3_600_000 };
/** How many new pieces an alert names. */
const NAMED = 3;

function toSavedSearch(r: SavedSearchRow): SavedSearch {
  return {
    id: r.id,
    name: r.name,
    params: r.params,
    alerts: r.alerts === 1,
    lastAlertOn: r.last_alert_on,
    createdAt: r.created_at,
  };
}

/**
 * Saved searches (docs/product.md "Saved searches", decision 0065): hers to save from /browse,
 * list, rename, switch alerts on or off, delete; every read and write scoped to her. The alert
 * scan (a periodic job) tells her of pieces listed since the search was last looked at that the
 * index says match: one notification (in-app, and its e-mail through the job queue) per search
 * per business day, claimed by a conditional update; at most MAX_ALERTS_PER_DAY e-mails a day.
 */
export function createSavedSearchesService(
  ctx: AppContext,
  deps: { catalogue: CatalogueService; notifications: NotificationsService },
) {
  const { db } = ctx.database;
  const repo = createSavedSearchesRepository(db);
  const nowIso = () => ctx.clock().toISOString();

  deps.notifications.emailFooter('saved_search_match', async ({ subjectId, userId }) => {
    const row = await repo.tokenOf(Number(subjectId.split(':')[0]), userId);
    if (!row) return [];
    return [
      '',
      `Stop e-mails for this search: ${ctx.env.publicUrl}/saved-searches/unsubscribe?token=${row.unsubscribe_token}`,
    ];
  });

  async function one(userId: string, id: number): Promise<SavedSearch> {
    const row = await repo.forUser(id, userId);
    if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
    return toSavedSearch(row);
  }

  return {
    async list(userId: string): Promise<SavedSearch[]> {
      return (await repo.listForUser(userId)).map(toSavedSearch);
    },

    async create(userId: string, input: CreateSavedSearchInput): Promise<SavedSearch> {
      const checked = canonicalSearchParams(input.params);
      if (!checked.ok)
        throw new DomainError('VALIDATION_FAILED', `Invalid body: ${checked.path} ${checked.message}`, {
          issues: [{ path: checked.path, message: checked.message }],
        });
      const verdict = await ctx.limits.take(SAVE_LIMIT, userId);
      if (!verdict.allowed)
        throw new DomainError('RATE_LIMITED', 'You have saved many searches in a short time. Please wait a while.', {
          details: { retryAfterSeconds: verdict.retryAfterSeconds },
        });
      const at = nowIso();
      const id = await db.transaction().execute(async (trx) => {
        await repo.lockMember(trx, userId);
        if ((await repo.count(trx, userId)) >= MAX_SAVED_SEARCHES)
          throw new DomainError('CONFLICT', SAVED_SEARCH_MESSAGES.full, { details: { limit: MAX_SAVED_SEARCHES } });
        return repo.insert(trx, {
          user_id: userId,
          name: input.name,
          params: checked.params,
          alerts: input.alerts ? 1 : 0,
          checked_at: at,
          unsubscribe_token: randomBytes(24).toString('base64url'),
          created_at: at,
          updated_at: at,
        });
      });
      return one(userId, id);
    },

    async update(userId: string, id: number, input: UpdateSavedSearchInput): Promise<SavedSearch> {
      const ok = await repo.update(id, userId, {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.alerts !== undefined && { alerts: input.alerts ? 1 : 0 }),
        updated_at: nowIso(),
      });
      if (!ok) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      return one(userId, id);
    },

    async remove(userId: string, id: number): Promise<{ id: number }> {
      if (!(await repo.remove(id, userId))) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
      return { id };
    },

    /** The e-mail's link: alerts off for that search (no session needed; the token is the key). */
    async unsubscribe(token: string): Promise<{ name: string }> {
      const name = await repo.unsubscribe(token, nowIso());
      if (name === undefined) throw notFound(SAVED_SEARCH_MESSAGES.badLink);
      return { name };
    },

    /**
     * The periodic alert scan. Safe to run any number of times, anywhere: a search's day is
     * claimed by a conditional update, and its notification is unique per (search, day).
     */
    async sendAlerts(): Promise<{ alerted: number }> {
      const today = ctx.today();
      // Taken before anything is read: a piece listed during the scan is new next time.
      const scanAt = nowIso();
      const due = await repo.alertsDue(today);
      if (due.length === 0) return { alerted: 0 };
      const since = due.reduce((min, s) => (s.checked_at < min ? s.checked_at : min), due[0]!.checked_at);
      const listed = (await deps.catalogue.listedSince(since)).filter((p) => p.listedAt <= scanAt);
      let alerted = 0;
      for (const s of due) {
        const fresh = listed.filter((p) => p.listedAt > s.checked_at);
        const checked = canonicalSearchParams(s.params);
        const ids =
          fresh.length && checked.ok
            ? await deps.catalogue.matching(
                checked.filters,
                fresh.map((p) => p.id),
              )
            : [];
        if (ids.length === 0) {
          await repo.markChecked(s.id, scanAt);
          continue;
        }
        // Her mail for the day is limited; a search refused now is told tomorrow (checked_at kept).
        if (!(await ctx.limits.take(ALERT_MAIL_LIMIT, s.user_id)).allowed) continue;
        const names = ids.slice(0, NAMED).map((id) => fresh.find((p) => p.id === id)!.name);
        const sent = await db.transaction().execute(async (trx) => {
          if (!(await repo.claimDay(trx, s.id, today, scanAt))) return false;
          const n = await deps.notifications.notify(trx, {
            kind: 'saved_search_match',
            subjectType: 'saved_search',
            subjectId: `${s.id}:${today}`,
            userId: s.user_id,
            data: { searchName: s.name, count: ids.length, names, params: s.params },
          });
          return n !== null;
        });
        if (sent) alerted += 1;
      }
      if (alerted) ctx.logger.info({ alerted, today }, 'saved search alerts');
      return { alerted };
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
