/**
 * A server process with OpenTelemetry on (lib/tracing.test.ts starts it): tracing first, as main.ts does, then the
 * app on the embedded database (from the run's migrated dump when SREDA_TEST_DUMP names one) without pages, on a free
 * port it prints as `port N`. SIGTERM stops it and flushes the spans.
 */
import fs from 'node:fs';
import { startTracing, stopTracing } from '../lib/tracing.ts';

if (!(await startTracing())) throw new Error('OTEL_EXPORTER_OTLP_ENDPOINT is not set');
const { loadConfig } = await import('../config.ts');
const { openDatabase } = await import('../db/index.ts');
const { buildApp } = await import('../http/app.ts');
const dump = process.env.SREDA_TEST_DUMP;
const database = await openDatabase({
  url: '',
  dataDir: 'memory://',
  loadDataDir: dump ? new Blob([fs.readFileSync(dump)]) : undefined,
});
const config = loadConfig(
  { ...process.env, DATA_DIR: '/nonexistent-test-data' },
  { databaseUrl: '', secret: 'tracing-test', logLevel: 'silent', rateLimitScale: 100 },
);
const app = await buildApp({ config, db: database.db });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`port ${(app.server.address() as { port: number }).port}\n`);
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    await stopTracing();
    process.exit(0);
  })();
});
