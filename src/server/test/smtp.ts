import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it. */
export interface ReceivedMail {
  /** The first recipient (lower case). */
  to: string;
  subject: string;
  text: string;
}

export interface TestSmtpServer {
  /** SMTP_URL for the app (plain SMTP on 127.0.0.1, no TLS, no auth). */
  url: string;
  port: number;
  /** Everything received so far, in order of arrival. */
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or still to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) in this process: the app's mailer talks SMTP to
 * it with nodemailer exactly as it would to a real relay, and tests read what arrived.
 */
export async function startSmtpServer(
  opts: { port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: (session.envelope.rcptTo[0]?.address ?? '').toLowerCase(),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
          mails.push(mail);
          opts.onMail?.(mail);
          for (const notify of listeners) notify();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `no matching mail arrived within ${timeoutMs} ms (received: ${mails.map((m) => `${m.to} "${m.subject}"`).join(', ') || 'none'})`,
            ),
          );
        }, timeoutMs);
        if (!check()) listeners.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
