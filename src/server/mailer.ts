import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the mail is written to the server log (development). */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(mail) {
        opts.logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (no SMTP_URL set, not sent)');
      },
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, ...mail });
      opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}
