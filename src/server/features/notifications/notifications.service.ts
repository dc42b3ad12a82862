import type { Kysely } from 'kysely';
import { addDays } from '../../../domain/catalogue';
import {
  DUE_BACK_REMINDER_DAYS,
  OVERDUE_NOTICE_DAYS,
  RSVP_REMINDER_DAYS,
  type Notification,
  type NotificationKind,
  type NotificationPage,
} from '../../../domain/notifications';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { notFound } from '../../../domain/errors';
import { QUEUES } from '../../jobs/queues';
import { renderNotification, type NotificationData } from './notification-kinds';
import { createNotificationsRepository } from './notifications.repository';

/** A notification's e-mail is tried at most this many times in all (then left with its error). */
export const MAX_EMAIL_ATTEMPTS = 10;
/** How many unsent e-mails one scan puts back in the queue. */
const SWEEP_BATCH = 500;

export interface NotifyInput<K extends NotificationKind> {
  kind: K;
  /** What it is about: with the kind and recipient, unique (e.g. 'rental', '42:2026-12-01'). */
  subjectType: string;
  subjectId: string;
  userId: string;
  data: NotificationData[K];
}

type Row = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
};

function toNotification(r: Row): Notification {
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.created_at,
    readAt: r.read_at,
  };
}

/**
 * Notifications (docs/product.md "Notifications", decision 0021): made once per (kind, subject,
 * recipient) by the database's unique key, in the same transaction as what caused them, with
 * their e-mail queued in that transaction too. The e-mail is sent by a job that claims it first,
 * so two processes (or a retried job) never both send it.
 */
export function createNotificationsService(ctx: AppContext) {
  const { db } = ctx.database;
  const repo = createNotificationsRepository(db);
  /** Claims and leases are about processes: real time, not the business clock. */
  const realNow = () => new Date();
  /** Lines a kind's e-mail ends with (a saved search's unsubscribe link), given by the feature that sends it. */
  const footers = new Map<NotificationKind, (n: { subjectId: string; userId: string }) => Promise<string[]>>();

  async function notify<K extends NotificationKind>(trx: Kysely<DB>, input: NotifyInput<K>): Promise<number | null> {
    const { title, body, link } = renderNotification(input.kind, input.data, ctx.env.businessTimeZone);
    const id = await repo.insertOnce(trx, {
      user_id: input.userId,
      kind: input.kind,
      subject_type: input.subjectType,
      subject_id: input.subjectId,
      title,
      body,
      link,
      created_at: ctx.clock().toISOString(),
    });
    if (id !== null)
      await ctx.jobs.send(QUEUES.notificationEmail.name, { notificationId: id }, { trx, singletonKey: `n${id}` });
    return id;
  }

  /** notify() in a transaction of its own; 1 when it was new. */
  async function notifyNow<K extends NotificationKind>(input: NotifyInput<K>): Promise<number> {
    const id = await db.transaction().execute((trx) => notify(trx, input));
    return id === null ? 0 : 1;
  }

  return {
    notify,

    /** The last lines of a kind's e-mails (an unsubscribe link): the feature that owns the subject writes them. */
    emailFooter(kind: NotificationKind, lines: (n: { subjectId: string; userId: string }) => Promise<string[]>): void {
      footers.set(kind, lines);
    },

    async list(userId: string, before: number | undefined, limit: number): Promise<NotificationPage> {
      const [rows, unreadCount] = await Promise.all([repo.list(userId, before, limit), repo.unreadCount(userId)]);
      const page = rows.slice(0, limit);
      return {
        notifications: page.map(toNotification),
        unreadCount,
        nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
      };
    },

    unreadCount: (userId: string) => repo.unreadCount(userId),

    async markRead(userId: string, id: number): Promise<number> {
      if (!(await repo.markRead(userId, id, ctx.clock().toISOString()))) throw notFound('Notification not found');
      return repo.unreadCount(userId);
    },

    async markAllRead(userId: string): Promise<number> {
      await repo.markAllRead(userId, ctx.clock().toISOString());
      return repo.unreadCount(userId);
    },

    /**
     * Sends one notification's e-mail unless it was sent or someone else is sending it: claim
     * (conditional update with a lease), send, mark sent. A failed send gives the claim back and
     * throws, so the job is retried later. Returns whether this call sent it.
     */
    async sendEmail(id: number): Promise<boolean> {
      const now = realNow();
      const until = new Date(now.getTime() + ctx.env.jobLeaseSeconds * 1000).toISOString();
      const claimed = await repo.claimEmail(id, now.toISOString(), until);
      if (!claimed) return false;
      const to = await repo.recipient(claimed.user_id);
      if (!to) {
        await repo.releaseEmail(id, until, 'recipient account is gone');
        return false;
      }
      const base = ctx.env.publicUrl;
      const footer = footers.get(claimed.kind as NotificationKind);
      const extra = footer ? await footer({ subjectId: claimed.subject_id, userId: claimed.user_id }) : [];
      const text = [
        `Hello ${to.name.trim().split(/\s+/)[0] || 'there'},`,
        '',
        claimed.body,
        ...(claimed.link ? ['', `${base}${claimed.link}`] : []),
        '',
        '— Rentique',
        `All your notifications: ${base}/notifications`,
        ...extra,
      ].join('\n');
      try {
        await ctx.mailer.send({
          to: to.email,
          subject: claimed.title,
          text,
          messageId: `<notification-${id}@${new URL(base).hostname}>`,
        });
      } catch (err) {
        await repo.releaseEmail(id, until, err instanceof Error ? err.message : String(err));
        throw err;
      }
      await repo.markEmailed(id, until, realNow().toISOString());
      ctx.logger.info(
        { notificationId: id, kind: claimed.kind, attempt: claimed.email_attempts },
        'notification e-mailed',
      );
      return true;
    },

    /**
     * The periodic scan: notifications that are due on today's date (the business clock) and
     * not made yet, then the e-mails nobody is sending (their job failed for good or was lost)
     * back into the queue. Safe to run any number of times, anywhere: the unique key decides.
     */
    async scan(): Promise<{ created: number; requeued: number }> {
      const today = ctx.today();
      let created = 0;
      for (const r of await repo.dueBackSoon(today, addDays(today, DUE_BACK_REMINDER_DAYS))) {
        created += await notifyNow({
          kind: 'due_back_reminder',
          subjectType: 'rental',
          subjectId: `${r.id}:${r.end_date}`,
          userId: r.user_id,
          data: { itemName: r.name, returnDate: r.end_date },
        });
      }
      for (const r of await repo.overdue(addDays(today, -OVERDUE_NOTICE_DAYS))) {
        created += await notifyNow({
          kind: 'overdue_notice',
          subjectType: 'rental',
          subjectId: `${r.id}:${r.end_date}`,
          userId: r.user_id,
          data: { itemName: r.name, returnDate: r.end_date },
        });
      }
      for (const r of await repo.rsvpsSoon(today, addDays(today, RSVP_REMINDER_DAYS))) {
        created += await notifyNow({
          kind: 'rsvp_reminder',
          subjectType: 'event',
          subjectId: `${r.id}:${r.date}`,
          userId: r.user_id,
          data: { eventTitle: r.title, date: r.date, time: r.time, location: r.location },
        });
      }
      let requeued = 0;
      for (const { id } of await repo.unsent(realNow().toISOString(), MAX_EMAIL_ATTEMPTS, SWEEP_BATCH)) {
        await ctx.jobs.send(QUEUES.notificationEmail.name, { notificationId: id }, { singletonKey: `n${id}` });
        requeued += 1;
      }
      if (created) ctx.logger.info({ created, today }, 'reminders made');
      return { created, requeued };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
