import type { AppContext } from '../context';
import { catalogueSeed } from '../features/catalogue/catalogue.seed';
import { eventsSeed } from '../features/events/events.seed';

/**
 * A seed brings sample data (the catalogue, upcoming events) into the database. Each must be
 * idempotent: running it on every start changes nothing the second time.
 */
export type Seed = { name: string; run: (ctx: AppContext) => Promise<void> };

/** Every seed, in order. Features add theirs here. */
export const seeds: Seed[] = [catalogueSeed, eventsSeed];

export async function runSeeds(ctx: AppContext): Promise<void> {
  for (const seed of seeds) {
    await seed.run(ctx);
  }
}
