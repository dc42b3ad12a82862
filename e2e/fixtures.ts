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

/** Makes this page's goto and reload wait for the app (for pages a test opens itself). */
export function appPage(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
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

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(appPage(page));
  },
});

export { expect };
