/**
 * Customer care: the contact form's topics and the styling appointments' kinds, times and
 * booking window. Plain values and functions (no zod), for the pages and the server alike.
 */
import { addDays } from './catalogue.rules';

export const CONTACT_TOPICS = [
  'A rental or a delivery',
  'My membership or billing',
  'Lending my clothes',
  'Sizing and styling',
  'Press and partnerships',
  'Something else',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = { nameMax: 100, messageMin: 10, messageMax: 2000 } as const;

/** The kinds of styling appointment, with what each is. */
export const APPOINTMENT_KINDS = {
  'wardrobe-consultation': {
    label: 'Wardrobe consultation',
    minutes: 45,
    about: 'A stylist looks at how you dress now and plans your next weeks of rentals with you.',
  },
  'occasion-styling': {
    label: 'Occasion styling',
    minutes: 45,
    about: 'A wedding, a gala, an interview: we pull three looks for the day and fit the one you choose.',
  },
  'fitting-session': {
    label: 'Fitting session',
    minutes: 30,
    about: 'Try on the sizes of the pieces you have your eye on before you rent them.',
  },
  'virtual-styling': {
    label: 'Virtual styling call',
    minutes: 30,
    about: 'The same advice by video, wherever you are.',
  },
} as const;
export type AppointmentKind = keyof typeof APPOINTMENT_KINDS;
export const APPOINTMENT_KIND_IDS = Object.keys(APPOINTMENT_KINDS) as [AppointmentKind, ...AppointmentKind[]];

/** The times a stylist can be booked, each day the studio is open (local studio time). */
export const APPOINTMENT_SLOTS = ['10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00'] as const;
export type AppointmentSlot = (typeof APPOINTMENT_SLOTS)[number];

/** Appointments are booked from tomorrow up to this many days ahead. */
export const APPOINTMENT_HORIZON_DAYS = 60;
export const APPOINTMENT_NOTE_MAX = 500;

/** The studio is closed on Sundays. */
export function isStudioOpen(isoDate: string): boolean {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay() !== 0;
}

/** The first and last bookable dates, for today ('YYYY-MM-DD'). */
export function appointmentWindow(today: string): { first: string; last: string } {
  return { first: addDays(today, 1), last: addDays(today, APPOINTMENT_HORIZON_DAYS) };
}

/** Why a date cannot be booked today, or null when it can. */
export function appointmentDateProblem(date: string, today: string): string | null {
  const { first, last } = appointmentWindow(today);
  if (date < first) return 'Choose a date from tomorrow on';
  if (date > last) return `Appointments can be booked up to ${APPOINTMENT_HORIZON_DAYS} days ahead`;
  if (!isStudioOpen(date)) return 'The studio is closed on Sundays';
  return null;
}

export const SUPPORT_MESSAGES = {
  contactSent: 'Message sent',
  contactSentBody: 'Thank you. We have e-mailed you a copy and will reply within one working day.',
  slotTaken: 'That time has just been booked by another member. Please choose another.',
  appointmentBooked: 'Appointment booked',
} as const;
