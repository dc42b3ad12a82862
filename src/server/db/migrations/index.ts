import type { Migration } from 'kysely';
import * as profiles from './2026-11-22T0900-profiles';
import * as catalogue from './2026-11-22T1000-catalogue';
import * as subscriptions from './2026-11-22T1100-subscriptions';
import * as match from './2026-11-22T1200-match';

/**
 * Every migration, by name. Names are dated so they sort in the order they were written;
 * a landed migration is never edited: add a new one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0900-profiles': profiles,
  '2026-11-22T1000-catalogue': catalogue,
  '2026-11-22T1100-subscriptions': subscriptions,
  '2026-11-22T1200-match': match,
};
