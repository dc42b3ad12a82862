import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPort, spawnServer, type SpawnedServer } from '../test/spawn-server';
import { testDialect } from '../test/test-app';

/*
 * A client that never finishes its request (slowloris: headers or a body trickled in, or never
 * sent) must not hold a connection for ever: the node server drops it after REQUEST_TIMEOUT_MS
 * (30 s by default; short here) with 408. The database plays no part: SQLite project only.
 */
describe.skipIf(testDialect() === 'postgres')('request timeouts on a running server', () => {
  let server: SpawnedServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rentique-timeouts-'));
    const port = randomPort();
    server = await spawnServer(
      {
        DATA_DIR: dir,
        BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        REQUEST_TIMEOUT_MS: '1500',
        HEADERS_TIMEOUT_MS: '1000',
      },
      port,
    );
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Sends `head` (and nothing more) and resolves with what the server wrote before it closed the connection. */
  const stall = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let got = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (got += d));
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
      socket.write(head);
    });

  it('drops a request whose body never finishes, with 408', async () => {
    const answer = await stall(
      `POST /api/assistant/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${server.url}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"message":"a dr`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it('drops a request whose headers never finish, with 408', async () => {
    const answer = await stall('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it('still answers a request that completes', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
