/**
 * The load generator: a separate process that keeps `connections` keep-alive connections busy for
 * `duration` seconds against one URL and prints {requests, answered, bytes, rps, p50, p99, errors, left} as JSON.
 * Requests carry a browser's headers (`BROWSER_HEADERS`: brotli or gzip accepted, so answers come compressed as a
 * browser gets them) unless the spec says `plain`; with `leaveAfterMs`, a client that has no answer by then closes
 * its connection and asks again on a new one, as a reader who gave up would.
 * Hand-written on node:http because autocannon is not a dependency; one request in flight per connection.
 *
 *   node bench/load.ts '{"url":"http://127.0.0.1:3000/v3.0/feed","connections":50,"duration":10,"headers":{}}'
 *   echo '{…}' | node bench/load.ts -
 */
import http from 'node:http';

/** What Chromium sends for a page (its cookie comes with the scenario). */
export const BROWSER_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  connection: 'keep-alive',
};

export interface LoadSpec {
  url: string;
  /** More paths on url's host, asked in turn with url's own (a request each): answers no cache has yet. */
  paths?: string[];
  connections: number;
  duration: number;
  /** Seconds of load before measuring: JIT, connection pools and database caches warm up. */
  warmup?: number;
  headers?: Record<string, string>;
  /** Headers taken in turn, one set a request (e.g. many readers' session cookies), on top of `headers`. */
  headersInTurn?: Record<string, string>[];
  /** Without a browser's headers (no compression asked for): what a bare HTTP client costs. */
  plain?: boolean;
  /**
   * Every second connection's client, without an answer after this long, closes its connection (counted in `left`)
   * and asks again on a new one; the others wait for their answers.
   */
  leaveAfterMs?: number;
  /** `POST` with `bodies` (JSON, taken in turn) instead of a GET. */
  method?: 'GET' | 'POST';
  bodies?: string[];
  /**
   * Requests a second over all connections (an open load: each request starts at its slot whatever the answers
   * before it took, as readers' browsers send); without it each connection asks again as soon as it is answered.
   */
  rate?: number;
}

export interface LoadResult {
  requests: number;
  /** Answers received in all, the warm-up's included: what a server-side counter (CPU time) saw. */
  answered: number;
  /** Bytes of one answer's body (the last one) as sent: compressed when the headers asked for it. */
  bytes: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests given up by their client (`leaveAfterMs`). */
  left: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const url = new URL(spec.url);
  const paths = [url.pathname + url.search, ...(spec.paths ?? [])];
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  let answered = 0;
  let bytes = 0;
  let sent = 0;
  const turns = spec.headersInTurn ?? [];
  const base = { ...(spec.plain ? {} : BROWSER_HEADERS), ...spec.headers };
  let left = 0;
  const once = (leaving: boolean) =>
    new Promise<number>((resolve) => {
      const headers = turns.length ? { ...base, ...turns[sent++ % turns.length] } : base;
      const body = spec.bodies?.[turn % spec.bodies.length];
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: paths[turn++ % paths.length],
          agent,
          method: spec.method ?? 'GET',
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => (size += chunk.length));
          res.on('end', () => {
            clearTimeout(timer);
            answered += 1;
            bytes = size;
            resolve(res.statusCode ?? 0);
          });
        },
      );
      // Giving up closes the connection: the server sees its client gone while the page waits or renders.
      const timer =
        leaving && spec.leaveAfterMs
          ? setTimeout(() => {
              left += 1;
              req.destroy();
              resolve(-1);
            }, spec.leaveAfterMs)
          : undefined;
      req.on('error', () => resolve(0));
      req.end(body);
    });

  let measuring = false;
  let errors = 0;
  const latencies: number[] = [];
  const stopAt = { value: Infinity };
  let slot = performance.now();
  const worker = async (_: unknown, index: number) => {
    while (performance.now() < stopAt.value) {
      if (spec.rate) {
        // The next free slot (at most a second's backlog: a connection that fell behind takes its slot at once).
        const at = (slot = Math.max(slot, performance.now() - 1000) + 1000 / spec.rate);
        if (at > performance.now()) await new Promise((r) => setTimeout(r, at - performance.now()));
        if (performance.now() >= stopAt.value) break;
      }
      const t0 = performance.now();
      const status = await once(index % 2 === 1);
      if (!measuring) continue;
      if (status === -1) continue;
      latencies.push(performance.now() - t0);
      if (status < 200 || status >= 300) errors += 1;
    }
  };

  const warmup = (spec.warmup ?? 2) * 1000;
  const start = performance.now();
  stopAt.value = start + warmup + spec.duration * 1000;
  const workers = Array.from({ length: spec.connections }, worker);
  await new Promise((r) => setTimeout(r, warmup));
  measuring = true;
  const measuredFrom = performance.now();
  await Promise.all(workers);
  const seconds = (performance.now() - measuredFrom) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    answered,
    bytes,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    left,
  };
}

if (import.meta.main) {
  // The spec as the argument, or on stdin when there is none (bench/processes.ts).
  const spec = process.argv[2] ?? (await new Response(process.stdin as never).text());
  const result = await run(JSON.parse(spec) as LoadSpec);
  process.stdout.write(JSON.stringify(result));
}
