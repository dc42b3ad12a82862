import { test as base, expect, type Page, type Response } from '@playwright/test';

/**
 * Pages arrive rendered by the server and come alive when the app has hydrated them (after the
 * first paint, decision 0027); a click before that would do nothing. So `page.goto` and
 * `page.reload` also wait until the app marks the document ready (`<html data-app="ready">`: the
 * page hydrated; set by src/web/app/ready-marker.tsx), whenever what loaded is one of the app's pages.
 */
export async function waitForApp(page: Page, response: Response | null): Promise<void> {
  if (!response?.headers()['content-type']?.startsWith('text/html')) return;
  if (!(await page.locator('#root').count())) return;
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

/**
 * The API's validation wording ("Invalid body: studioId ...") is for its callers: a member only
 * ever reads sentences (src/web/lib/member-message.ts). Every page a test opens through appPage
 * reports such text in a toast, an alert or a live region, and the test fails after it ends.
 */
const RAW_VALIDATION = /Invalid (?:body|query|query parameter|path|form)\b/;
const rawErrorsSeen: string[] = [];
const guarded = new WeakMap<Page, Promise<unknown>>();

function guardRawErrors(page: Page): Promise<unknown> {
  let ready = guarded.get(page);
  if (ready) return ready;
  ready = Promise.all([
    page.exposeBinding('__rentiqueRawError', (_source, text: string) => void rawErrorsSeen.push(text)),
    page.addInitScript((pattern: string) => {
      const raw = new RegExp(pattern);
      const reported = new Set<string>();
      let queued = false;
      const check = () => {
        queued = false;
        for (const el of document.querySelectorAll(
          '[data-sonner-toast], [role="alert"], [role="status"], [aria-live]',
        )) {
          const text = el.textContent ?? '';
          if (raw.test(text) && !reported.has(text)) {
            reported.add(text);
            (window as unknown as { __rentiqueRawError?: (t: string) => void }).__rentiqueRawError?.(text);
          }
        }
      };
      const watch = () =>
        new MutationObserver(() => {
          if (queued) return;
          queued = true;
          setTimeout(check, 50);
        }).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
      if (document.documentElement) watch();
      else document.addEventListener('DOMContentLoaded', watch);
    }, RAW_VALIDATION.source),
  ]).catch(() => undefined);
  guarded.set(page, ready);
  return ready;
}

/** Makes this page's goto and reload wait for the app (for pages a test opens itself). */
export function appPage(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const guard = guardRawErrors(page);
  page.goto = async (url, options) => {
    await guard;
    const response = await goto(url, options);
    await waitForApp(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForApp(page, response);
    return response;
  };
  return page;
}

export const test = base.extend<{ page: Page; noRawErrors: void }>({
  page: async ({ page }, use) => {
    await use(appPage(page));
  },
  // Every test: no API validation wording reached a toast or an alert on any of its pages.
  noRawErrors: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      rawErrorsSeen.length = 0;
      await use();
      expect(rawErrorsSeen, 'API validation wording shown to a member').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
