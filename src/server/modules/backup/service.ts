import fs from 'node:fs';
import path from 'node:path';
import { backupTexts as texts } from '../../../shared/catalogue/backup.ts';
import type { Config } from '../../config.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { createMediaStore, mediaUuids, originalKey, type MediaStore } from '../media/service.ts';
import { dumpPglite, dumpPostgres, restorePglite, restorePostgres, toolVersion } from './database.ts';
import {
  BackupError,
  describeFile,
  FORMAT,
  MANIFEST,
  readVerified,
  sha256,
  writeManifest,
  type BackupFile,
  type BackupManifest,
} from './manifest-file.ts';
import { journal, migrationLevel } from './queries.ts';

export { BackupError, type BackupManifest };

type Site = Pick<Config, 'databaseUrl' | 'dataDir' | 's3'>;

/** A complete backup's folder name: `sreda-20261129-114601` (UTC), sortable by time. */
const NAME = /^sreda-\d{8}-\d{6}(-\d+)?$/;
const PARTIAL = '.partial';
const COPIES_AT_ONCE = 4;

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

function appVersion(): { name: string; version: string } {
  const file = new URL('../../../../package.json', import.meta.url);
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** Runs `work` over `items`, a few at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(COPIES_AT_ONCE, items.length) }, lane));
}

/** Copies each upload's original out of the store (disk or S3) into `media/<uuid>`. */
async function copyOriginals(store: MediaStore, uuids: string[], dir: string): Promise<BackupFile[]> {
  await fs.promises.mkdir(path.join(dir, 'media'));
  const files: BackupFile[] = [];
  await eachLimited(uuids, async (uuid) => {
    const data = await store.get(originalKey(uuid));
    // A row always follows its bytes (media/service.ts), so a missing original is a store that lost it: said, not hidden.
    if (!data) throw new BackupError(texts.fileMissing(`media/${uuid}`));
    const rel = `media/${uuid}`;
    await fs.promises.writeFile(path.join(dir, rel), data);
    files.push({ path: rel, size: data.length, sha256: sha256(data) });
  });
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * One consistent backup of a site into a new folder under `parent`: the database first (PostgreSQL: pg_dump of an
 * exported snapshot, the media list read in the same snapshot; PGlite: its data dir dumped between queries), then the
 * originals of the uploads that snapshot knows. Media are named by their content and never rewritten or deleted, so
 * what is copied after the dump is exactly what the dump's rows point at; uploads made meanwhile are in the next one.
 * The folder is written as `<name>.partial` and renamed when the manifest is in: a folder without it is no backup.
 */
export async function takeBackup(site: Site, database: { db: Db; kind: 'pglite' | 'postgres' }, parent: string) {
  const started = new Date();
  await fs.promises.mkdir(parent, { recursive: true });
  let name = `sreda-${stamp(started)}`;
  for (let i = 2; fs.existsSync(path.join(parent, name)); i++) name = `sreda-${stamp(started)}-${i}`;
  const work = path.join(parent, `${name}${PARTIAL}`);
  await fs.promises.mkdir(work);
  try {
    const dbFile = database.kind === 'postgres' ? 'database.pgdump' : 'database.tar.gz';
    const target = path.join(work, dbFile);
    let level: BackupManifest['migrations'];
    let uuids: string[];
    let tool: string;
    if (database.kind === 'postgres') {
      tool = await toolVersion('pg_dump');
      [level, uuids] = await dumpPostgres(site.databaseUrl, target, (db) =>
        Promise.all([migrationLevel(db), mediaUuids(db)]),
      );
    } else {
      tool = 'PGlite dumpDataDir';
      level = await migrationLevel(database.db);
      await dumpPglite(database.db, target);
      uuids = await mediaUuids(database.db);
    }
    const files = [await describeFile(work, dbFile)];
    const media = await copyOriginals(createMediaStore(site), uuids, work);
    files.push(...media);
    const secret = path.join(site.dataDir, 'secret');
    const hasSecret = fs.existsSync(secret);
    if (hasSecret) {
      await fs.promises.copyFile(secret, path.join(work, 'secret'));
      await fs.promises.chmod(path.join(work, 'secret'), 0o600);
      files.push(await describeFile(work, 'secret'));
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: started.toISOString(),
      finishedAt: new Date().toISOString(),
      app: appVersion(),
      migrations: level,
      database: { kind: database.kind, file: dbFile, tool },
      media: {
        storage: site.s3 ? 's3' : 'disk',
        originals: media.length,
        bytes: media.reduce((n, f) => n + f.size, 0),
      },
      secret: hasSecret,
      files,
    };
    await writeManifest(work, manifest);
    const dir = path.join(parent, name);
    await fs.promises.rename(work, dir);
    return { dir, manifest, bytes: files.reduce((n, f) => n + f.size, 0) };
  } catch (err) {
    await fs.promises.rm(work, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Brings a backup back into an empty site: every checksum is checked first, then the database (same kind as the
 * backup's), the originals into the site's store, and the generated secret when the site has none. `force` wipes a
 * non-empty database (PGlite's data dir is moved aside). Notes are what the operator should know.
 */
export async function restoreBackup(site: Site, from: string, force = false) {
  const manifest = await readVerified(from);
  const kind = site.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) throw new BackupError(texts.kindMismatch(manifest.database.kind, kind));
  const known = journal().length;
  if (manifest.migrations.count > known) throw new BackupError(texts.newerBackup(manifest.migrations.count, known));
  const notes: string[] = [];
  const dbFile = path.join(from, manifest.database.file);
  if (kind === 'postgres') await restorePostgres(site.databaseUrl, dbFile, force);
  else {
    const aside = await restorePglite(path.join(site.dataDir, 'db'), dbFile, force);
    if (aside) notes.push(aside);
  }
  const store = createMediaStore(site);
  const originals = manifest.files.filter((f) => f.path.startsWith('media/'));
  await eachLimited(originals, async (f) => {
    await store.put(originalKey(f.path.slice('media/'.length)), await fs.promises.readFile(path.join(from, f.path)));
  });
  if (manifest.secret) {
    const target = path.join(site.dataDir, 'secret');
    const saved = await fs.promises.readFile(path.join(from, 'secret'));
    const current = fs.existsSync(target) ? await fs.promises.readFile(target) : null;
    if (!current || force) {
      await fs.promises.mkdir(site.dataDir, { recursive: true });
      await fs.promises.writeFile(target, saved, { mode: 0o600 });
    } else if (!current.equals(saved)) notes.push(texts.secretKept);
  }
  return { manifest, notes };
}

/** The complete backups in a folder, newest first. */
export function listBackups(parent: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return [];
  }
  return names
    .filter((n) => NAME.test(n) && fs.existsSync(path.join(parent, n, MANIFEST)))
    .sort()
    .reverse();
}

/** Keeps the `keep` newest backups; drops older ones and partial folders left by a crash more than a day ago. */
export async function prune(parent: string, keep: number, now = Date.now()): Promise<string[]> {
  const dropped = listBackups(parent).slice(keep);
  for (const name of fs.existsSync(parent) ? fs.readdirSync(parent) : []) {
    const full = path.join(parent, name);
    if (name.endsWith(PARTIAL) && now - fs.statSync(full).mtimeMs > 86_400_000) dropped.push(name);
  }
  for (const name of dropped) await fs.promises.rm(path.join(parent, name), { recursive: true, force: true });
  return dropped;
}

const runningHere = new WeakSet<Ctx>();

/**
 * The worker's hourly look (modules/backup/module.ts): with BACKUP_DIR set, a backup when the newest there is
 * BACKUP_EVERY_HOURS old (a few minutes' grace, so an hourly slot that fires a little early still counts), then the
 * BACKUP_KEEP newest kept.
 */
export async function scheduledBackup(ctx: Ctx): Promise<void> {
  const settings = ctx.config.backup;
  if (!settings || runningHere.has(ctx.root)) return;
  const newest = listBackups(settings.dir)[0];
  if (newest) {
    const at = fs.statSync(path.join(settings.dir, newest, MANIFEST)).mtimeMs;
    if (Date.now() - at < settings.everyHours * 3_600_000 - 10 * 60_000) return;
  }
  runningHere.add(ctx.root);
  try {
    const kind = ctx.config.databaseUrl ? 'postgres' : 'pglite';
    const started = Date.now();
    const taken = await takeBackup(ctx.config, { db: ctx.db, kind }, settings.dir);
    const dropped = await prune(settings.dir, settings.keep);
    ctx.log.info({ dir: taken.dir, bytes: taken.bytes, ms: Date.now() - started, dropped }, 'backup taken');
  } finally {
    runningHere.delete(ctx.root);
  }
}

export { embeddedInUse, markEmbeddedInUse } from './database.ts';
