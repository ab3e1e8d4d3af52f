import { createRequire } from 'node:module';
import type * as Api from '@opentelemetry/api';

/**
 * OpenTelemetry tracing, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the official SDK with the OTLP exporter over
 * HTTP (JSON, to `<endpoint>/v1/traces`; the other OTEL_* variables as the SDK reads them) and the instrumentations of
 * HTTP (node:http, so every request is a span, renamed to its declared route by `nameRequestSpans`), PostgreSQL (pg)
 * and Redis (ioredis); jobs are spans of their own (`inSpan`). Without the variable nothing of it is imported and
 * `inSpan` only calls through: no cost.
 */
let api: typeof Api | null = null;
let stop: (() => Promise<void>) | null = null;

export const tracingOn = () => api !== null;

/** Starts tracing for the process (once; main.ts, before the database and the app): false when not configured. */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  if (api) return true;
  const [otel, node, base, otlp, instr, httpI, pgI, redisI, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new node.NodeTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'sreda' }),
    spanProcessors: [new base.BatchSpanProcessor(new otlp.OTLPTraceExporter(), { scheduledDelayMillis: 1000 })],
  });
  provider.register();
  const unregister = instr.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new httpI.HttpInstrumentation(),
      new pgI.PgInstrumentation({ enhancedDatabaseReporting: false }),
      new redisI.IORedisInstrumentation(),
    ],
  });
  // The server is ES modules: the instrumentations patch CommonJS modules as they are required, so each is required
  // here once (the same module objects the imports get) before anything connects.
  const require = createRequire(import.meta.url);
  for (const name of ['node:http', 'node:https', 'pg', 'ioredis']) require(name);
  api = otel;
  stop = async () => {
    unregister();
    await provider.shutdown();
  };
  return true;
}

/** Sends what is buffered and stops (shutdown). */
export async function stopTracing(): Promise<void> {
  await stop?.();
  api = null;
  stop = null;
}

/** Runs `work` inside a span when tracing is on (jobs); a failure is recorded on the span and thrown on. */
export function inSpan<T>(name: string, attributes: Api.Attributes, work: () => Promise<T>): Promise<T> {
  if (!api) return work();
  const otel = api;
  return otel.trace.getTracer('sreda').startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: otel.SpanStatusCode.ERROR, message: (err as Error)?.message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The request's server span named by its declared route (`GET /v3.0/entry/:id`), never by its URL. */
export function nameRequestSpan(method: string, route: string | undefined): void {
  if (!api || !route) return;
  const span = api.trace.getActiveSpan();
  span?.setAttribute('http.route', route);
  span?.updateName(`${method} ${route}`);
}
