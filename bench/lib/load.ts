import autocannon, { type Result } from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time per answered request in the measured run, ms (when `cpu` was given). */
  cpuMs?: number;
}

/**
 * Loads a server with autocannon: a short warm-up (discarded; `warmup: 0` for none), then the
 * measured run. `paths` are requested in turn on each connection. With `distinct`, every request
 * gets its own URL (a counter in an extra query parameter the API ignores), so no answer can be
 * repeated by URL. With `cpu` (the server's CPU seconds so far), the run's CPU time per request:
 * a figure that the load generator's share of the machine moves far less than it moves req/s.
 */
export async function load(
  baseUrl: string,
  paths: string[],
  opts: { connections?: number; duration?: number; warmup?: number; distinct?: boolean; cpu?: () => number } = {},
): Promise<LoadResult> {
  const connections = opts.connections ?? 50;
  let n = 0;
  const requests = paths.map((path) =>
    opts.distinct
      ? {
          method: 'GET',
          setupRequest: (req: { path: string; method?: string }) => ({
            ...req,
            path: `${path}${path.includes('?') ? '&' : '?'}_=${(n += 1)}`,
          }),
        }
      : { path, method: 'GET' },
  );
  const warmup = opts.warmup ?? 2;
  if (warmup > 0) await autocannon({ url: baseUrl, connections, duration: warmup, requests });
  const before = opts.cpu?.();
  const r: Result = await autocannon({ url: baseUrl, connections, duration: opts.duration ?? 10, requests });
  const cpuSeconds = before === undefined ? NaN : opts.cpu!() - before;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ...(opts.cpu ? { cpuMs: (cpuSeconds * 1000) / Math.max(1, r.requests.total) } : {}),
  };
}
