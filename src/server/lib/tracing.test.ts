import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

interface Span {
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/**
 * OpenTelemetry end to end: a local HTTP server stands in for the OTLP collector (JSON over HTTP, `/v1/traces`), a
 * real server process is started with OTEL_EXPORTER_OTLP_ENDPOINT pointing at it, and the spans of a request (named
 * by its declared route) and of a job arrive.
 */
describe('OpenTelemetry tracing', () => {
  const spans: Span[] = [];
  let collector: http.Server;
  let server: ChildProcess;
  let base = '';

  beforeAll(async () => {
    collector = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/traces') {
          const doc = JSON.parse(body) as {
            resourceSpans: { scopeSpans: { spans: Span[] }[] }[];
          };
          for (const r of doc.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;
    server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../testing/traced-server.ts')], {
      env: {
        ...process.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_SERVICE_NAME: 'sreda-test',
        SREDA_TEST_DUMP: inject('pgliteDump') || '',
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    base = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (c) => {
        out += c;
        const port = /port (\d+)/.exec(out)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      });
      server.on('exit', (code) => reject(new Error(`server exited: ${code}`)));
    });
  }, 240_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise((r) => collector?.close(r));
  });

  const until = async (what: string, found: () => boolean) => {
    const deadline = Date.now() + 60_000;
    while (!found()) {
      if (Date.now() > deadline) throw new Error(`no ${what} in ${spans.map((s) => s.name).join(', ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('sends the span of a request, named by its declared route, never its URL', async () => {
    const res = await fetch(`${base}/v3.0/entry/987654`);
    expect(res.status).toBe(404);
    await until('request span', () => spans.some((s) => s.name === 'GET /v3.0/entry/:id'));
    const span = spans.find((s) => s.name === 'GET /v3.0/entry/:id')!;
    // SpanKind.SERVER
    expect(span.kind).toBe(2);
    const route = span.attributes.find((a) => a.key === 'http.route');
    expect(route?.value.stringValue).toBe('/v3.0/entry/:id');
  });

  it('sends the spans of jobs (the periodic tasks queued at start)', async () => {
    await until('job span', () => spans.some((s) => s.name === 'job schedule.run'));
    const job = spans.find((s) => s.name === 'job schedule.run')!;
    expect(job.attributes.map((a) => a.key)).toEqual(expect.arrayContaining(['job.id', 'job.name', 'job.attempt']));
  });
});
