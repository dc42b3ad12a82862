import { z } from 'zod';
import { isIsoDate } from './catalogue.rules';
import {
  APPOINTMENT_KIND_IDS,
  APPOINTMENT_NOTE_MAX,
  APPOINTMENT_SLOTS,
  CONTACT_LIMITS,
  CONTACT_TOPICS,
} from './support.rules';

export * from './support.rules';

/** A message sent with the contact form; stored, and confirmed to the sender by e-mail. */
export const ContactMessageRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Tell us your name')
    .max(CONTACT_LIMITS.nameMax, `Keep it under ${CONTACT_LIMITS.nameMax} characters`),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Enter a valid e-mail address')
    .pipe(z.email('Enter a valid e-mail address')),
  topic: z.enum(CONTACT_TOPICS, { message: 'Choose a topic' }),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, `Write at least ${CONTACT_LIMITS.messageMin} characters`)
    .max(CONTACT_LIMITS.messageMax, `Keep it under ${CONTACT_LIMITS.messageMax} characters`),
});
export type ContactMessageRequest = z.infer<typeof ContactMessageRequestSchema>;

export const ContactMessageReceiptSchema = z.object({
  id: z.number().int(),
  /** When it was stored (ISO). */
  receivedAt: z.string(),
});
export type ContactMessageReceipt = z.infer<typeof ContactMessageReceiptSchema>;

export const AppointmentKindSchema = z.enum(APPOINTMENT_KIND_IDS);
export const AppointmentSlotSchema = z.enum(APPOINTMENT_SLOTS, { message: 'Choose a time' });
const IsoDateSchema = z.string().refine(isIsoDate, 'Choose a date');

/** A member's request for a styling appointment. */
export const AppointmentRequestSchema = z.object({
  date: IsoDateSchema,
  time: AppointmentSlotSchema,
  kind: AppointmentKindSchema,
  note: z
    .string()
    .trim()
    .max(APPOINTMENT_NOTE_MAX, `Keep the note under ${APPOINTMENT_NOTE_MAX} characters`)
    .optional(),
});
export type AppointmentRequest = z.infer<typeof AppointmentRequestSchema>;

export const AppointmentSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  time: AppointmentSlotSchema,
  kind: AppointmentKindSchema,
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

export const AppointmentListSchema = z.object({ appointments: z.array(AppointmentSchema) });
export type AppointmentList = z.infer<typeof AppointmentListSchema>;

/** Which times of one day are still free. */
export const AppointmentAvailabilitySchema = z.object({
  date: z.string(),
  /** False when the studio is closed or the date is outside the booking window. */
  open: z.boolean(),
  slots: z.array(z.object({ time: AppointmentSlotSchema, available: z.boolean() })),
});
export type AppointmentAvailability = z.infer<typeof AppointmentAvailabilitySchema>;

export const AvailabilityQuerySchema = z.object({ date: IsoDateSchema });
