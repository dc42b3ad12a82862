import { request } from 'node:http';

/**
 * The upload that stalled the server (issue 12): a multipart body of about 20 MB made of about
 * 200,000 tiny parts. Shared by the upload tests and bench/upload-stall.ts.
 */
export const HOSTILE_BOUNDARY = 'rentiqueHostileBoundary';

/** One tiny form field, padded so `parts` of them come to about `parts * 100` bytes. */
function part(i: number): string {
  const head = `--${HOSTILE_BOUNDARY}\r\nContent-Disposition: form-data; name="f${i % 10}"\r\n\r\n`;
  return `${head}${'v'.repeat(Math.max(1, 98 - head.length))}\r\n`;
}

/** The whole hostile body: `parts` fields and the closing boundary. */
export function hostileBody(parts = 200_000): Buffer {
  const chunks: string[] = [];
  for (let i = 0; i < parts; i += 1) chunks.push(part(i));
  chunks.push(`--${HOSTILE_BOUNDARY}--\r\n`);
  return Buffer.from(chunks.join(''));
}

/** A body of one `photos` file part holding `content` (for the size and content checks). */
export function singleFileBody(content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${HOSTILE_BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${HOSTILE_BOUNDARY}--\r\n`),
  ]);
}

export interface HostileResult {
  /** The server's status, or null when it closed the connection without an answer. */
  status: number | null;
  body: string;
  /** Body bytes the client had handed to the socket when the answer's head arrived. */
  sentWhenAnswered: number;
  /** Body bytes written in all (the client stops writing once answered). */
  sent: number;
  total: number;
  /** What happened, in order: 'body-written', 'answered', 'socket-error', 'closed'. */
  events: string[];
}

/**
 * Streams `body` to `url` in 64 KB chunks (respecting back-pressure) as a multipart upload and
 * stops writing as soon as the server answers. `onInFlight` runs once the first chunk has been
 * written, while the request is still being sent.
 */
export function sendHostileUpload(
  url: string,
  opts: {
    body: Buffer;
    cookie?: string;
    origin: string;
    onInFlight?: () => Promise<void> | void;
    keepWriting?: boolean;
  },
): Promise<HostileResult> {
  const { body } = opts;
  return new Promise((resolve) => {
    const events: string[] = [];
    let sent = 0;
    let sentWhenAnswered = -1;
    let status: number | null = null;
    let text = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ status, body: text, sentWhenAnswered, sent, total: body.length, events });
      req.destroy();
    };
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${HOSTILE_BOUNDARY}`,
        'content-length': String(body.length),
        origin: opts.origin,
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
    });
    req.on('response', (res) => {
      sentWhenAnswered = sent;
      status = res.statusCode ?? null;
      events.push('answered');
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', () => {
      events.push('socket-error');
      finish();
    });
    req.on('close', () => {
      events.push('closed');
      // Let a response body that is still arriving finish first.
      setTimeout(finish, 50);
    });
    void (async () => {
      let signalled = false;
      for (let at = 0; at < body.length; at += 64 * 1024) {
        if ((status !== null && !opts.keepWriting) || req.destroyed) return;
        const chunk = body.subarray(at, at + 64 * 1024);
        const more = req.write(chunk);
        sent += chunk.length;
        if (!signalled) {
          signalled = true;
          await opts.onInFlight?.();
        }
        if (!more) {
          await new Promise<void>((resolve) => {
            const go = () => {
              req.off('drain', go).off('close', go);
              resolve();
            };
            req.on('drain', go).on('close', go);
          });
        }
      }
      events.push('body-written');
      req.end();
    })();
  });
}
