import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, ROLES, type Config } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seedIfEmpty } from './db/seed.ts';
import { buildApp } from './http/app.ts';
import { promoteToSuperuser } from './modules/users/service.ts';
import { markEmbeddedInUse } from './modules/backup/service.ts';
import { startTracing, stopTracing } from './lib/tracing.ts';

const { values: args } = parseArgs({ options: { admin: { type: 'string' } }, allowPositionals: true });
let config: Config;
try {
  config = loadConfig();
  // The embedded database belongs to one process: split roles need the shared PostgreSQL.
  if (config.roles.length < ROLES.length && !config.databaseUrl) {
    throw new Error(
      `ROLES=${config.roles.join(',')} needs DATABASE_URL: on the embedded database one process runs both roles (leave ROLES unset)`,
    );
  }
} catch (err) {
  console.error(`cannot start: ${(err as Error).message}`);
  process.exit(1);
}
// OpenTelemetry only with OTEL_EXPORTER_OTLP_ENDPOINT (imported then): before the database and Redis connect.
const tracing = await startTracing();
const serves = config.roles.includes('web');
const database = await openDatabase({
  url: config.databaseUrl,
  replicaUrls: config.replicas.urls,
  replicaSettings: config.replicas,
  dataDir: path.join(config.dataDir, 'db'),
  onError: (err) => console.error(`database connection lost (${err.message}); the pool reconnects on the next query`),
});
// `npm run backup` / `restore` refuse to open the embedded database while this process has it.
const unmark = database.kind === 'pglite' ? markEmbeddedInUse(config.dataDir) : () => {};
// A worker-only process builds the same app (services, listeners, the socket hub's Redis adapter) without the pages.
const app = await buildApp({
  config,
  db: database.db,
  replicas: database.replicas,
  web: serves ? { buildDir: path.resolve('build') } : undefined,
});
// A rejection nobody awaited (a helper connection failing, say) is logged, not fatal: one failed side task must not
// take the site down with it. Every Redis client has its error handler and fails its commands fast (lib/redis.ts).
process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled promise rejection'));

if (config.seed) await seedIfEmpty(app.ctx);
if (args.admin) await promoteToSuperuser(app.ctx, args.admin);

// A worker-only process opens no port: it claims jobs and runs the periodic work (roles.ts).
if (serves) await app.listen({ port: config.port, host: config.host });
else await app.ready();
const where = serves ? config.publicUrl : 'без HTTP-порта';
app.log.info(
  `Среда работает: ${where} (роли: ${config.roles.join(', ')}; база: ${database.kind === 'pglite' ? `PGlite в ${config.dataDir}` : 'PostgreSQL'}${config.redisUrl ? ', Redis' : ''}${tracing ? ', трассировка OpenTelemetry' : ''})`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    app.log.warn('second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'shutting down: draining connections');
  try {
    await app.close();
    await database.close();
    unmark();
    await stopTracing();
    app.log.info('stopped cleanly');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
