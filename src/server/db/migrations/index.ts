import type { Migration } from 'kysely';
import * as profiles from './2026-11-22T0900-profiles';
import * as catalogue from './2026-11-22T1000-catalogue';
import * as catalogueIndexes from './2026-11-22T1001-catalogue-indexes';
import * as subscriptions from './2026-11-22T1100-subscriptions';
import * as match from './2026-11-22T1200-match';
import * as rentals from './2026-11-22T1400-rentals';
import * as listings from './2026-11-22T1401-listings';
import * as events from './2026-11-22T1402-events';

/**
 * Every migration, by name. Names are dated so they sort in the order they were written;
 * a landed migration is never edited: add a new one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0900-profiles': profiles,
  '2026-11-22T1000-catalogue': catalogue,
  '2026-11-22T1001-catalogue-indexes': catalogueIndexes,
  '2026-11-22T1100-subscriptions': subscriptions,
  '2026-11-22T1200-match': match,
  '2026-11-22T1400-rentals': rentals,
  '2026-11-22T1401-listings': listings,
  '2026-11-22T1402-events': events,
};
