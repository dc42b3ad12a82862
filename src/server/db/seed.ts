import type { AppContext } from '../context';

/**
 * A seed brings sample data (the catalogue, upcoming events) into the database. Each must be
 * idempotent: running it on every start changes nothing the second time. The list of seeds is
 * kept by the composition root (src/server/services.ts), so this module imports no feature.
 */
export type Seed = { name: string; run: (ctx: AppContext) => Promise<void> };

export async function runSeeds(ctx: AppContext, seeds: readonly Seed[]): Promise<void> {
  for (const seed of seeds) {
    await seed.run(ctx);
  }
}
