import { z } from 'zod';

/** Her private calendar feed (decision 0067): its secret address, for her own calendar app. */
export const CalendarFeedSchema = z.object({
  /** The whole address to copy into a calendar app. */
  url: z.string(),
  path: z.string(),
  createdAt: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
