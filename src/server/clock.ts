import { readFileSync } from 'node:fs';

/** The time source every feature asks for "now" (AppContext.clock). */
export type Clock = () => Date;

/** How long a read of the clock file is trusted before the file is read again. */
const CLOCK_FILE_TTL_MS = 100;

function readOffset(file: string): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  if (text === '') return 0;
  if (!/^-?\d{1,15}$/.test(text))
    throw new Error(`CLOCK_FILE ${file} must hold a whole number of milliseconds, not "${text.slice(0, 40)}"`);
  return Number(text);
}

/**
 * The real clock, or, when the environment names a CLOCK_FILE (tests only: env.ts refuses it in
 * production), the real time plus the offset in milliseconds written in that file. Several app
 * processes given the same file agree on the time, and a test moves "today" forward by writing
 * a new offset; it is read again at most every 100 ms.
 */
export function createClock(opts: { clockFile: string | undefined }): Clock {
  const file = opts.clockFile;
  if (!file) return () => new Date();
  let offset = readOffset(file);
  let readAt = Date.now();
  return () => {
    const now = Date.now();
    if (now - readAt > CLOCK_FILE_TTL_MS) {
      offset = readOffset(file);
      readAt = now;
    }
    return new Date(now + offset);
  };
}
