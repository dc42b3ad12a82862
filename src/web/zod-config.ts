/**
 * Zod probes `new Function` to compile fast parsers. Our Content-Security-Policy forbids eval,
 * so the probe shows up as a CSP violation; `jitless` tells zod not to try. Zod keeps its global
 * config on globalThis and adopts an existing one, so setting it here (imported first by
 * main.tsx, before the app (and zod) loads) costs no zod code in the first bundle.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = { ...g.__zod_globalConfig, jitless: true };

export {};
