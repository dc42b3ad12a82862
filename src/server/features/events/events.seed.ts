import type { Seed } from '../../db/seed';
import type { EventsService } from './events.service';

/** The three sample events (15, 8 and 25 spots), dated from the day the server starts. */
export function eventsSeed(events: EventsService): Seed {
  return { name: 'events', run: () => events.seedSamples() };
}
