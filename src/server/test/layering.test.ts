import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Services know nothing of HTTP (the renovation issue, STYLE.md): outside a feature's routes, no
// server feature file throws HttpError or imports the HTTP error module, and none builds a web
// page's address into what it answers (the web maps error codes to its own pages).

const features = path.resolve(import.meta.dirname, '../features');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return /\.ts$/.test(d.name) && !/\.(test|routes)\.ts$|test-helpers\.ts$/.test(d.name) ? [p] : [];
  });
}

const files = sources(features).map((file) => ({
  file: path.relative(features, file),
  text: readFileSync(file, 'utf8'),
}));

describe('server features outside their routes', () => {
  it('finds the features', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('throw domain errors, never HttpError', () => {
    expect(files.filter((f) => /\bHttpError\b|http\/errors'/.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('name no web page in what they answer', () => {
    // A web page's path as a string literal ('/credit-card...', '/account/...'): the web's to choose.
    // Notifications are the exception: an e-mail is read outside the app and carries its link.
    const webPage = /['`]\/(credit-card|dashboard|account|plan-selection|pickup-location|lending\/payouts)\b/;
    const answers = files.filter((f) => !f.file.startsWith(`notifications${path.sep}`));
    expect(answers.filter((f) => webPage.test(f.text)).map((f) => f.file)).toEqual([]);
  });
});
