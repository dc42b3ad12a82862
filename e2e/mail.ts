import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { ReceivedMail } from '../src/server/test/smtp';

/** Every mail the test SMTP server has received so far (e2e/global-setup.ts writes them). */
export function receivedMails(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (playwright.config.ts sets it)');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail);
}

/** Waits for a mail to `to` whose subject matches, as delivered over SMTP, and returns it. */
export async function waitForMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = receivedMails().find((m) => m.to === to.toLowerCase() && subject.test(m.subject));
        return Boolean(found);
      },
      { message: `a mail to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail. */
export function linkIn(mail: ReceivedMail): string {
  const url = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in "${mail.subject}"`);
  return url;
}
