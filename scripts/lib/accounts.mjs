// Accounts for the scripts that measure pages as a member or as staff (npm run lighthouse,
// npm run page-profile): signed up over the API of a server started by startBuiltApp.
import { spawnSync } from 'node:child_process';

/** A new member, signed up over the API: her e-mail and the Cookie header that carries her session. */
export async function signUp(url, who = 'member') {
  const email = `measure.${who}.${Date.now().toString(36)}@example.com`;
  // Once more when the server had closed the kept-alive connection (a long audit in between).
  const post = (init) =>
    fetch(`${url}/api/auth/sign-up/email`, init).catch(() => fetch(`${url}/api/auth/sign-up/email`, init));
  const res = await post({
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      email,
      password: 'correct horse battery staple',
      name: 'Louise Lighthouse',
      fullName: 'Louise Lighthouse',
      gender: 'female',
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie.includes('session_token')) throw new Error('sign-up set no session cookie');
  return { cookie, email };
}

/**
 * A staff account: a member made staff with the real command (`npm run staff -- add`) against the
 * server's DATA_DIR (the server reads the role with each session); her Cookie header.
 */
export async function staffCookie(server) {
  const { cookie, email } = await signUp(server.url, 'staff');
  const env = { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'add', email], {
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm run staff -- add failed: ${r.stderr}${r.stdout}`);
  return cookie;
}

/** The Cookie header for `who` ('member' or 'staff'), with the browser's zone in its `tz` cookie (decision 0047). */
export async function cookieFor(server, who) {
  const tz = `tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
  return `${who === 'staff' ? await staffCookie(server) : (await signUp(server.url)).cookie}; ${tz}`;
}

/**
 * The browser's cookie jar holds exactly `header`'s cookies ('a=1; b=2') for the app at `url`, as
 * after signing in (Lighthouse clears an origin's storage before an audit, but not its cookies). A
 * Cookie header on every request instead (Lighthouse's extraHeaders) did not reach the page's own
 * API calls after hydration: a 401 from /api/ratings in /dashboard's console (0051).
 * `page` is a puppeteer page of that browser.
 */
export async function setBrowserCookies(page, url, header) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCookies');
  const cookies = (header ?? '')
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url, path: '/' };
    });
  if (cookies.length) await cdp.send('Network.setCookies', { cookies });
  await cdp.detach();
}
