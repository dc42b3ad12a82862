import { z } from 'zod';

/**
 * Member events (docs/product.md, Events): styling evenings, workshops and trunk shows with a fixed number
 * of spots. A member reserves one spot per event (RSVP) and may cancel it.
 */

export const EVENT_MESSAGES = {
  rsvpTitle: 'RSVP Confirmed',
  rsvpBody: "You've successfully reserved your spot!",
  cancelled: 'Reservation cancelled',
  full: 'This event is full',
  alreadyReserved: 'You have already reserved a spot at this event',
  notReserved: 'You have no reservation for this event',
} as const;

export const EventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 'YYYY-MM-DD' */
  date: z.string(),
  /** Display text, e.g. '7:00 PM – 10:00 PM'. */
  time: z.string(),
  location: z.string(),
  description: z.string(),
  /** How many spots the event has in all. */
  spots: z.number().int(),
  /** How many are still free (never below zero). */
  spotsLeft: z.number().int(),
  isExclusive: z.boolean(),
  theme: z.string(),
  /** True when the signed-in member holds a spot. */
  reserved: z.boolean(),
});
export type Event = z.infer<typeof EventSchema>;

export const EventListSchema = z.object({ events: z.array(EventSchema) });
export type EventList = z.infer<typeof EventListSchema>;

/** The sample events (docs/product.md, Events: three, with 15, 8 and 25 spots), dated relative to the seed day. */
export const SAMPLE_EVENTS = [
  {
    series: 'summer-styling-soiree',
    title: 'Summer Styling Soirée',
    daysFromToday: 9,
    time: '7:00 PM – 10:00 PM',
    location: 'Rentique Atelier, 12 Greene Street, New York',
    description:
      'An evening of champagne and summer party looks, styled live by our in-house team. Try on the season’s edit before anyone else.',
    spots: 15,
    isExclusive: true,
    theme: 'summer-party',
  },
  {
    series: 'sustainable-wardrobe-workshop',
    title: 'Sustainable Wardrobe Workshop',
    daysFromToday: 16,
    time: '2:00 PM – 4:00 PM',
    location: 'Rentique Studio, 88 Rivington Street, New York',
    description:
      'A hands-on session on caring for fine fabrics, mending, and building a wardrobe that rents, rotates and lasts.',
    spots: 8,
    isExclusive: false,
    theme: 'sustainability',
  },
  {
    series: 'designer-trunk-show',
    title: 'Designer Trunk Show',
    daysFromToday: 23,
    time: '6:00 PM – 9:00 PM',
    location: 'The Gallery, 450 West 15th Street, New York',
    description:
      'Preview next month’s arrivals from our designer partners, meet the makers, and reserve pieces before they reach the catalogue.',
    spots: 25,
    isExclusive: false,
    theme: 'new-arrivals',
  },
] as const;
