/**
 * `npm run restore -- <backup folder> [--force]`: checks every checksum, then brings the backup back into the empty
 * site this environment names (DATABASE_URL or DATA_DIR; media on disk or in S3). A database that holds tables is
 * refused unless --force (PostgreSQL: its schemas dropped; PGlite: its data dir moved aside). docs/modules/backup.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { backupTexts as texts } from '../src/shared/catalogue/backup.ts';
// Only what the refusals need is loaded first: the rest (media processing among it) after them.
import { embeddedInUse } from '../src/server/modules/backup/database.ts';
import { BackupError } from '../src/server/modules/backup/manifest-file.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error(texts.usageRestore);
  process.exit(2);
}
const from = path.resolve(positionals[0]);
// The backup brings its own secret file; loading the config must not create another first.
const config = loadConfig(process.env, { secret: 'unused' });
const started = performance.now();
try {
  const running = config.databaseUrl ? null : embeddedInUse(config.dataDir);
  if (running) throw new BackupError(texts.serverRunning(running));
  const { restoreBackup } = await import('../src/server/modules/backup/service.ts');
  const { notes } = await restoreBackup(config, from, values.force ?? false);
  for (const note of notes) console.log(note);
  console.log(texts.restored(from, ((performance.now() - started) / 1000).toFixed(1)));
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
