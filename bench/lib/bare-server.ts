/**
 * The yardstick: a bare node:http server answering every request with one fixed JSON body.
 * Run as its own process (like the app) so both compete for the CPU the same way:
 *   node --import tsx bench/lib/bare-server.ts <port> <file with the body>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.argv[2]);
const body = readFileSync(process.argv[3]!);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
