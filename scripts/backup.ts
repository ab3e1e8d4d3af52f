/**
 * `npm run backup [-- <folder>]`: one consistent backup of the site this environment names (DATABASE_URL or the
 * embedded database in DATA_DIR, media on disk or in S3) into a new `sreda-<time>` folder under <folder>, else
 * BACKUP_DIR, else ./backups. What it holds: docs/modules/backup.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { backupTexts as texts } from '../src/shared/catalogue/backup.ts';
// Only what the refusals need is loaded first: the rest (media processing among it) after them.
import { embeddedInUse } from '../src/server/modules/backup/database.ts';
import { BackupError } from '../src/server/modules/backup/manifest-file.ts';

// The secret is not needed to read the site, and loading it must not create one in the data dir.
const config = loadConfig(process.env, { secret: 'unused' });
const parent = path.resolve(process.argv[2] ?? config.backup?.dir ?? 'backups');
const started = performance.now();
try {
  const running = config.databaseUrl ? null : embeddedInUse(config.dataDir);
  if (running) throw new BackupError(texts.serverRunning(running));
  const embedded = path.join(config.dataDir, 'db');
  if (!config.databaseUrl && !fs.existsSync(path.join(embedded, 'PG_VERSION')))
    throw new BackupError(texts.noSite(embedded));
  const { takeBackup } = await import('../src/server/modules/backup/service.ts');
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: embedded,
    migrate: false,
  });
  try {
    const taken = await takeBackup(config, database, parent);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(texts.taken(taken.dir, (taken.bytes / 1048576).toFixed(1), seconds));
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
