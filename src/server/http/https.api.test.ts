import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect as http2Connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPort, spawnServer, type SpawnedServer } from '../test/spawn-server';
import { testDialect } from '../test/test-app';

/*
 * HTTPS with HTTP/2 (decision 0082): with TLS_CERT_FILE and TLS_KEY_FILE the server speaks HTTP/2
 * to a client that offers it and HTTP/1.1 to one that does not, on one port, with the same
 * answers, headers and sessions. The database plays no part: SQLite project only.
 */
describe.skipIf(testDialect() === 'postgres')('the server over HTTPS', () => {
  let server: SpawnedServer;
  let dir: string;
  let ca: Buffer;
  let h2: ClientHttp2Session;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rentique-https-'));
    const [certFile, keyFile] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    const made = spawnSync('openssl', [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', keyFile, '-out', certFile],
    ]);
    expect(made.status, made.stderr?.toString()).toBe(0);
    ca = readFileSync(certFile);
    const port = randomPort();
    server = await spawnServer(
      {
        DATA_DIR: dir,
        BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: `https://127.0.0.1:${port}`,
        TLS_CERT_FILE: certFile,
        TLS_KEY_FILE: keyFile,
        HEADERS_TIMEOUT_MS: '1000',
        REQUEST_TIMEOUT_MS: '1500',
      },
      port,
    );
    h2 = http2Connect(server.url, { ca });
  }, 90_000);
  afterAll(async () => {
    h2?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** One request over the HTTP/2 session: its headers and body. */
  const h2Request = (headers: Record<string, string>, body?: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const stream = h2.request(headers);
      let text = '';
      let got: IncomingHttpHeaders = {};
      stream.setEncoding('utf8');
      stream.on('response', (h) => (got = h));
      stream.on('data', (d: string) => (text += d));
      stream.on('end', () => resolve({ headers: got, body: text }));
      stream.on('error', reject);
      stream.end(body);
    });

  it('speaks HTTP/2 to a client that offers it, with the same answer and headers', async () => {
    const res = await h2Request({ ':path': '/api/items?gender=Women&limit=2' });
    expect(h2.alpnProtocol).toBe('h2');
    expect(res.headers[':status']).toBe(200);
    expect((JSON.parse(res.body) as { items: unknown[] }).items).toHaveLength(2);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('keeps a session made over HTTP/2 in a Secure cookie', async () => {
    const signUp = await h2Request(
      { ':method': 'POST', ':path': '/api/auth/sign-up/email', 'content-type': 'application/json', origin: server.url },
      JSON.stringify({
        email: 'hana.https@example.com',
        password: 'correct horse battery staple',
        name: 'Hana Park',
        fullName: 'Hana Park',
        gender: 'female',
      }),
    );
    expect(signUp.headers[':status']).toBe(200);
    const cookies = [signUp.headers['set-cookie'] ?? []].flat();
    const session = cookies.find((c) => c.includes('session_token='));
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/; Secure/i);
    const me = await h2Request({ ':path': '/api/auth/get-session', cookie: session!.split(';')[0]! });
    expect((JSON.parse(me.body) as { user: { email: string } }).user.email).toBe('hana.https@example.com');
  });

  it('serves HTTP/1.1 on the same port to a client without HTTP/2', async () => {
    const res = await new Promise<{ version: string; status: number | undefined }>((resolve, reject) => {
      const req = request(`${server.url}/api/health`, { ca }, (r) => {
        r.resume();
        resolve({ version: r.httpVersion, status: r.statusCode });
      });
      req.on('error', reject);
      req.end();
    });
    expect(res).toEqual({ version: '1.1', status: 200 });
  });

  it('answers 408 to an HTTP/2 request whose body never finishes', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const stream = h2.request({
        ':method': 'POST',
        ':path': '/api/assistant/messages',
        'content-type': 'application/json',
        'content-length': '1000',
        origin: server.url,
      });
      stream.on('response', (h) => resolve(h[':status']));
      stream.on('error', reject);
      stream.write('{"message":"a dr');
    });
    expect(status).toBe(408);
  }, 30_000);

  it('drops an HTTP/1.1 request whose headers never finish, with 408', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port: server.port, ca, ALPNProtocols: ['http/1.1'] }, () =>
        socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n'),
      );
      let got = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (got += d));
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});
