import {
  APPOINTMENT_KINDS,
  APPOINTMENT_SLOTS,
  SUPPORT_MESSAGES,
  appointmentDateProblem,
  type Appointment,
  type AppointmentAvailability,
  type AppointmentRequest,
  type ContactMessageReceipt,
  type ContactMessageRequest,
} from '../../../domain/support';
import type { AppContext } from '../../context';
import { DomainError } from '../../../domain/errors';
import type { SessionUser } from '../../http/types';
import type { RateLimit } from '../../rate-limit';
import { createSupportRepository } from './support.repository';

/** At most this many upcoming appointments per member, so nobody holds the studio's week. */
export const MAX_UPCOMING_APPOINTMENTS = 3;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Wednesday 25 November 2026' (written out, not left to the server's ICU data). */
function formatDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

type AppointmentRow = { id: number; date: string; time: string; kind: string; note: string | null; created_at: string };

function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: Number(row.id),
    date: row.date,
    time: row.time as Appointment['time'],
    kind: row.kind as Appointment['kind'],
    note: row.note,
    createdAt: row.created_at,
  };
}

export function createSupportService(ctx: AppContext) {
  const repo = createSupportRepository(ctx.database.db);
  const limiter = ctx.limits;
  // Like the other endpoints that send mail (MAIL_RATE_LIMIT per 15 minutes and client address).
  const contactLimit: RateLimit = { name: 'contact', max: ctx.env.mailRateLimit, windowMs: 15 * 60 * 1000 };
  const today = () => ctx.today();

  /** Sends a confirmation; a mail server that refuses it does not undo what was stored. */
  async function confirm(to: string, subject: string, text: string) {
    try {
      await ctx.mailer.send({ to, subject, text });
    } catch (err) {
      ctx.logger.error({ err, to, subject }, 'confirmation mail could not be sent');
    }
  }

  return {
    /**
     * Stores a contact message and e-mails the sender a copy. Limited per client address
     * (429 RATE_LIMITED with retryAfterSeconds).
     */
    async sendContactMessage(
      input: ContactMessageRequest,
      clientAddress: string,
      user: SessionUser | null,
    ): Promise<ContactMessageReceipt> {
      const verdict = await limiter.take(contactLimit, clientAddress);
      if (!verdict.allowed) {
        throw new DomainError(
          'RATE_LIMITED',
          'You have sent several messages in a short time. Please wait a few minutes and try again.',
          {
            details: { retryAfterSeconds: verdict.retryAfterSeconds },
          },
        );
      }
      const now = ctx.clock().toISOString();
      const row = await repo.insertContactMessage({
        user_id: user?.id ?? null,
        name: input.name,
        email: input.email,
        topic: input.topic,
        message: input.message,
        client_address: clientAddress,
        created_at: now,
      });
      await confirm(
        input.email,
        'We have your message · Rentique',
        [
          `Dear ${input.name},`,
          '',
          'Thank you for writing to Rentique. Our client care team has your message and will reply within one working day.',
          '',
          `Topic: ${input.topic}`,
          '',
          input.message,
          '',
          'With warm regards,',
          'Rentique Client Care',
        ].join('\n'),
      );
      return { id: Number(row.id), receivedAt: row.created_at };
    },

    /** Which times of a day are free (none when the studio is closed or the date out of reach). */
    async availability(date: string): Promise<AppointmentAvailability> {
      const open = appointmentDateProblem(date, today()) === null;
      const taken = new Set(open ? await repo.takenTimes(date) : []);
      return { date, open, slots: APPOINTMENT_SLOTS.map((time) => ({ time, available: open && !taken.has(time) })) };
    },

    async listMine(userId: string): Promise<Appointment[]> {
      return (await repo.listUpcoming(userId, today())).map(toAppointment);
    },

    /**
     * Books a styling appointment for a member and e-mails the confirmation. A slot taken by
     * someone else (even a moment before, concurrently) is a 409 CONFLICT.
     */
    async book(user: SessionUser, input: AppointmentRequest): Promise<Appointment> {
      const problem = appointmentDateProblem(input.date, today());
      if (problem)
        throw new DomainError('VALIDATION_FAILED', problem, { issues: [{ path: 'date', message: problem }] });
      const upcoming = await repo.listUpcoming(user.id, today());
      if (upcoming.length >= MAX_UPCOMING_APPOINTMENTS) {
        throw new DomainError(
          'CONFLICT',
          `You already have ${MAX_UPCOMING_APPOINTMENTS} appointments booked. Attend or contact us to change one first.`,
        );
      }
      const row = await repo.insertAppointment({
        user_id: user.id,
        date: input.date,
        time: input.time,
        kind: input.kind,
        note: input.note ? input.note : null,
        created_at: ctx.clock().toISOString(),
      });
      if (!row)
        throw new DomainError('CONFLICT', SUPPORT_MESSAGES.slotTaken, {
          details: { date: input.date, time: input.time },
        });
      const kind = APPOINTMENT_KINDS[input.kind];
      await confirm(
        user.email,
        `Your ${kind.label.toLowerCase()} on ${formatDay(input.date)} at ${input.time} · Rentique`,
        [
          `Dear ${user.name || 'member'},`,
          '',
          `Your ${kind.label.toLowerCase()} is booked for ${formatDay(input.date)} at ${input.time} (${kind.minutes} minutes).`,
          kind.about,
          ...(input.note ? ['', `Your note for the stylist: ${input.note}`] : []),
          '',
          'Our studio is at 18 Mercer Lane. Come a few minutes early; we will have coffee on.',
          'If you need to change the time, reply to this e-mail or write to us from the contact page.',
          '',
          'See you soon,',
          'The Rentique styling team',
        ].join('\n'),
      );
      return toAppointment(row as AppointmentRow);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
