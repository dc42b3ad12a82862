import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A stable Message-ID (e.g. one per notification), so a resent copy is recognisably the same message. */
  messageId?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the mail is written to the server log (development). */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(mail) {
        opts.logger.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail (no SMTP_URL set, not sent)',
        );
      },
    };
  }
  // Bounded waits: a notification's e-mail claim (a lease, decision 0021) outlasts a send.
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, ...mail });
      opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}
