import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The name the client gave in EHLO (nodemailer's `name`, e.g. from SMTP_URL ?name=...). */
  client: string;
  /** Envelope recipients. */
  to: string[];
  messageId: string | null;
  subject: string | null;
  raw: string;
  at: number;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  /** Mails the server accepted (answered 250 on a live connection), in order. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/**
 * A real SMTP server (the smtp-server package) in the test process, on a spare port, without TLS
 * or authentication. A message counts as received when the server accepts it: after `delayMs`
 * (a slow mail server, so a test can kill a sender mid-send) and only if the sender's connection
 * is still open to hear the 250 (a sender killed before that has not delivered it).
 */
export async function startSmtpServer(
  opts: {
    delayMs?: number;
    /**
     * Called when a message has arrived, before it is acknowledged. 'refuse': the message is not
     * accepted (a test that kills its sender here: the kill's closing of the connection can reach
     * this process after `delayMs` on a busy machine, and the message would count as delivered).
     */
    onArrival?: (mail: ReceivedMail) => 'refuse' | void;
  } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          client: session.hostNameAppearsAs,
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
          raw,
          at: Date.now(),
        };
        const refused = opts.onArrival?.(mail) === 'refuse';
        setTimeout(() => {
          if (refused || closed.has(session.id)) return callback(new Error('the client has gone'));
          received.push({ ...mail, at: Date.now() });
          callback();
        }, opts.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
