#!/usr/bin/env node
// What a page costs the server: sequential document requests (brotli, as a browser asks) against
// the built app (production mode, temp DATA_DIR), p50 and p90 of the whole answer, for visitors'
// pages and a new member's. Every request renders the page and runs its loaders (decision 0027).
//
//   npm run build && node scripts/page-timings.mjs            # PAGE_TIMINGS_N=100 for more requests
import { startBuiltApp } from './lib/built-app.mjs';

const N = Number(process.env.PAGE_TIMINGS_N ?? 40);
const server = await startBuiltApp({ name: 'page-timings' });
try {
  const base = server.url;
  const signup = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      email: `timings.${Date.now().toString(36)}@example.com`,
      password: 'correct horse battery staple',
      name: 'Tina Timing',
      fullName: 'Tina Timing',
      gender: 'female',
    }),
  });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const pages = [
    ['/', null],
    ['/browse', null],
    ['/item/7', null],
    ['/dashboard', cookie],
    ['/match', cookie],
  ];
  console.log(`${N} sequential requests per page (after 5 to warm up)\n`);
  console.log('| page | p50 ms | p90 ms | HTML KB (decompressed) |\n|---|---:|---:|---:|');
  for (const [page, c] of pages) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < N + 5; i++) {
      const start = performance.now();
      const res = await fetch(`${base}${page}`, {
        headers: { 'accept-encoding': 'br', ...(c ? { cookie: c } : {}) },
        redirect: 'manual',
      });
      if (res.status !== 200) throw new Error(`${page}: ${res.status}`);
      bytes = (await res.arrayBuffer()).byteLength;
      if (i >= 5) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const q = (f) => times[Math.min(times.length - 1, Math.floor(f * times.length))].toFixed(1);
    console.log(`| ${page}${c ? ' (member)' : ''} | ${q(0.5)} | ${q(0.9)} | ${(bytes / 1024).toFixed(1)} |`);
  }
} finally {
  await server.stop();
}
