import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { backupTexts as texts } from '../../../shared/catalogue/backup.ts';

/** A refusal or failure of a backup or restore, said to the operator (Russian, then English). */
export class BackupError extends Error {}

export const MANIFEST = 'manifest.json';
export const FORMAT = 'sreda-backup/1';

const BackupFile = z.strictObject({
  /** Relative to the backup's directory, `/`-separated. */
  path: z.string().regex(/^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[\w./-]+$/),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupFile = z.output<typeof BackupFile>;

const Manifest = z.strictObject({
  format: z.literal(FORMAT),
  /** When the database snapshot was taken (ISO time). */
  createdAt: z.string(),
  finishedAt: z.string(),
  app: z.strictObject({ name: z.string(), version: z.string() }),
  /** How many of drizzle's migrations the database had, and the last one's tag. */
  migrations: z.strictObject({ count: z.number().int().nonnegative(), last: z.string().nullable() }),
  database: z.strictObject({ kind: z.enum(['pglite', 'postgres']), file: z.string(), tool: z.string() }),
  media: z.strictObject({ storage: z.enum(['disk', 's3']), originals: z.number().int(), bytes: z.number() }),
  /** The data dir's generated `secret` file is in the copy (absent when SECRET came from the environment only). */
  secret: z.boolean(),
  files: z.array(BackupFile),
});
export type BackupManifest = z.output<typeof Manifest>;

export const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** Size and SHA-256 of a file on disk, read as a stream (a database dump may be gigabytes). */
export async function describeFile(dir: string, rel: string): Promise<BackupFile> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(path.join(dir, rel)) as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { path: rel, size, sha256: hash.digest('hex') };
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await fs.promises.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Reads the manifest and checks every file's size and checksum before anything is touched. */
export async function readVerified(dir: string): Promise<BackupManifest> {
  let raw: string;
  try {
    raw = await fs.promises.readFile(path.join(dir, MANIFEST), 'utf8');
  } catch {
    throw new BackupError(texts.noManifest(dir));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new BackupError(texts.badManifest((err as Error).message));
  }
  const manifest = Manifest.safeParse(parsed);
  if (!manifest.success) throw new BackupError(texts.badManifest(z.prettifyError(manifest.error)));
  for (const file of manifest.data.files) {
    let actual: BackupFile;
    try {
      actual = await describeFile(dir, file.path);
    } catch {
      throw new BackupError(texts.fileMissing(file.path));
    }
    if (actual.size !== file.size || actual.sha256 !== file.sha256)
      throw new BackupError(texts.checksumMismatch(file.path));
  }
  return manifest.data;
}
