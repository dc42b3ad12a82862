import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { constants, createSecureServer, type Http2SecureServer } from 'node:http2';
import type { Env } from '../env';

/**
 * The server Rentique listens with (decision 0082):
 * - plain HTTP/1.1 by default, for a TLS proxy in front (which speaks HTTP/2 to browsers);
 * - with TLS_CERT_FILE and TLS_KEY_FILE, HTTPS that speaks HTTP/2 to a client offering it (ALPN)
 *   and HTTP/1.1 to the others, on one port. A page's 40-80 module files then share one
 *   connection instead of queueing for six.
 *
 * A client that never finishes sending its request is dropped (408) instead of holding a
 * connection: the whole request within REQUEST_TIMEOUT_MS, the headers within HEADERS_TIMEOUT_MS,
 * checked every second (node's default check is every 30 s).
 */
export function createHttpServer(
  env: Pick<Env, 'tls' | 'requestTimeoutMs' | 'headersTimeoutMs'>,
): Server | Http2SecureServer {
  const timeouts = {
    requestTimeout: env.requestTimeoutMs,
    headersTimeout: env.headersTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, env.headersTimeoutMs),
  };
  if (!env.tls) {
    const server = createServer(timeouts);
    // An idle keep-alive connection is closed after 65 s, longer than the 60 s a load balancer (or
    // a client's pool) keeps one: the side that closes first is then never the server, so a request
    // sent on a connection at the moment the server drops it (ECONNRESET) does not happen.
    server.keepAliveTimeout = 65_000;
    return server;
  }
  const server = createSecureServer({
    cert: readFileSync(env.tls.certFile),
    key: readFileSync(env.tls.keyFile),
    allowHTTP1: true,
  });
  // The HTTP/1.1 fallback is served by node:http's own connection handling, which reads these
  // (set before listening: the checks start then).
  Object.assign(server, timeouts);
  // An HTTP/2 stream (one request) with nothing sent either way for REQUEST_TIMEOUT_MS is ended:
  // with 408 while the client is still sending it (a body trickled in, or never sent), as over
  // HTTP/1.1; cancelled once its answer has begun (a client that stopped reading). A request
  // received whole whose answer is still being worked out is left to finish: HTTP/1.1's
  // deadline does not cover that either (a first sign-up on a busy machine took 1.6 s).
  server.on('stream', (stream) =>
    stream.setTimeout(env.requestTimeoutMs, () => {
      if (stream.headersSent) stream.close(constants.NGHTTP2_CANCEL);
      else if (stream.state.state !== constants.NGHTTP2_STREAM_STATE_HALF_CLOSED_REMOTE)
        stream.respond({ ':status': 408 }, { endStream: true });
    }),
  );
  // A connection idle for 65 s (no stream open on an HTTP/2 session) is closed, as keep-alive above.
  server.setTimeout(65_000);
  return server;
}

/** Both kinds of server take the same listener: Hono's node adapter reads HTTP/1.1 and HTTP/2 requests alike. */
export function onRequest(server: Server | Http2SecureServer, listener: RequestListener): void {
  (server as Server).on('request', listener);
}
