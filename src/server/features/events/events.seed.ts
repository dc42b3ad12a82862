import type { Seed } from '../../db/seed';
import { createEventsService } from './events.service';

/** The three sample events (15, 8 and 25 spots), dated from the day the server starts. */
export const eventsSeed: Seed = {
  name: 'events',
  run: (ctx) => createEventsService(ctx).seedSamples(),
};
