import { config } from 'zod/v4/core';

/**
 * Zod probes `new Function` to compile fast parsers. Our Content-Security-Policy forbids eval,
 * so the probe shows up as a CSP violation; `jitless` tells zod not to try. Set through zod's
 * public `config()` (imported first by root.tsx, before any schema is built).
 */
config({ jitless: true });
