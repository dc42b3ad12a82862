// The node flags the server runs with: `npm run serve` in package.json owns them (decision 0079),
// and everything else that starts the built server (the browser tests, the bench, the page
// scripts) reads them from there, so what is measured and tested is what `npm start` runs.
import { readFileSync } from 'node:fs';

const packageJson = new URL('../../package.json', import.meta.url);

/** The flags between `node` and the bundle in package.json's `serve` script. */
export function serverNodeArgs() {
  const serve = JSON.parse(readFileSync(packageJson, 'utf8')).scripts.serve;
  const m = /^node((?: --[\w-]+(?:=\S+)?)*) dist\/server\/index\.mjs$/.exec(serve);
  if (!m) throw new Error(`package.json's serve script is not "node [--flag...] dist/server/index.mjs": ${serve}`);
  return m[1].split(' ').filter(Boolean);
}
