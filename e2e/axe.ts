import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every page is held to: WCAG 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Waits (at most 3 s) for the page's finite transitions and animations to end, so what axe reads
 * is what a member sees once it has settled: a toast fading in was measured half transparent, and
 * its title failed colour contrast (the toast itself passes at full opacity). Endless animations
 * (a spinner) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    return Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
}

/** Serious and critical violations of one reading, once the page has settled. */
async function readOnce(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

/**
 * Serious and critical violations only, in a readable form for the failure message. A page with
 * some is read a second time, settled again: a toast that starts to fade in or out while axe reads
 * the page (its timer ran out during the reading, on a busy machine) was measured half transparent
 * and its description failed colour contrast. A violation of the page itself is in both readings.
 */
export async function seriousViolations(page: Page) {
  const first = await readOnce(page);
  return first.length ? readOnce(page) : first;
}
