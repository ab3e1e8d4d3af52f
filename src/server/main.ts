import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { seedIfEmpty } from './db/seed.ts';
import { buildApp } from './http/app.ts';
import { promoteToSuperuser } from './modules/users/service.ts';

const { values: args } = parseArgs({ options: { admin: { type: 'string' } }, allowPositionals: true });
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  onError: (err) => console.error(`database connection lost (${err.message}); the pool reconnects on the next query`),
});
const app = await buildApp({ config, db: database.db, web: { buildDir: path.resolve('build') } });

if (config.seed) await seedIfEmpty(database.db, app.log);
if (args.admin) await promoteToSuperuser(app.ctx, args.admin);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Среда работает: ${config.publicUrl} (база: ${database.kind === 'pglite' ? `PGlite в ${config.dataDir}` : 'PostgreSQL'}${config.redisUrl ? ', Redis' : ''})`);

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
    app.log.info('stopped cleanly');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
