import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpServer } from '../src/server/test/smtp';

/**
 * A real SMTP server for the browser tests: the e2e server's SMTP_URL points at it (see
 * playwright.config.ts), and each mail it receives is written as JSON to E2E_MAIL_DIR, where the
 * tests (in worker processes) read it (e2e/mail.ts).
 */
export default async function globalSetup() {
  const dir = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!dir || !port) throw new Error('E2E_MAIL_DIR and E2E_SMTP_PORT are set by playwright.config.ts');
  mkdirSync(dir, { recursive: true });
  const smtp = await startSmtpServer({
    port,
    onMail: (mail) => writeFileSync(path.join(dir, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(mail)),
  });
  return async () => {
    await smtp.close();
  };
}
