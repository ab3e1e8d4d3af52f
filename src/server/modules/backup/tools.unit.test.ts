import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTexts as texts } from '../../../shared/catalogue/backup.ts';
import { pgTool } from './database.ts';
import { describeFile, FORMAT, readVerified, writeManifest, type BackupManifest } from './manifest-file.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-backup-unit-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the PostgreSQL client tools', () => {
  it('a missing pg_dump is a clear refusal in Russian and English', () => {
    expect(() => pgTool('pg_dump', [path.join(dir, 'nowhere')])).toThrow(texts.toolMissing('pg_dump'));
    expect(texts.toolMissing('pg_dump')).toMatch(/^pg_dump не найден: .*postgresql-client.* \/ pg_dump not found/);
  });

  it('takes the first folder that has an executable one', async () => {
    const bin = path.join(dir, 'bin');
    await fs.mkdir(bin);
    await fs.writeFile(path.join(bin, 'pg_restore'), '#!/bin/sh\n', { mode: 0o755 });
    expect(pgTool('pg_restore', [path.join(dir, 'nowhere'), bin])).toBe(path.join(bin, 'pg_restore'));
  });
});

describe('the manifest', () => {
  const manifest = async (files: BackupManifest['files']): Promise<BackupManifest> => ({
    format: FORMAT,
    createdAt: new Date().toISOString(),
    finishedAt: new Date().toISOString(),
    app: { name: 'sreda', version: '0.1.0' },
    migrations: { count: 1, last: '0000_init' },
    database: { kind: 'pglite', file: 'database.tar.gz', tool: 'PGlite dumpDataDir' },
    media: { storage: 'disk', originals: 0, bytes: 0 },
    secret: false,
    files,
  });

  it('checks sizes and checksums, and refuses paths outside the backup', async () => {
    const b = path.join(dir, 'b');
    await fs.mkdir(b);
    await fs.writeFile(path.join(b, 'database.tar.gz'), 'данные');
    const file = await describeFile(b, 'database.tar.gz');
    await writeManifest(b, await manifest([file]));
    expect((await readVerified(b)).files).toEqual([file]);

    await writeManifest(b, await manifest([{ ...file, size: file.size + 1 }]));
    await expect(readVerified(b)).rejects.toThrow(texts.checksumMismatch('database.tar.gz'));
    await writeManifest(b, await manifest([{ ...file, path: 'gone.tar.gz' }]));
    await expect(readVerified(b)).rejects.toThrow(texts.fileMissing('gone.tar.gz'));
    for (const bad of ['../secret', '/etc/passwd', 'media/../../x']) {
      await writeManifest(b, await manifest([{ ...file, path: bad }]));
      await expect(readVerified(b)).rejects.toThrow(/manifest.json повреждён/);
    }
    await fs.writeFile(path.join(b, 'manifest.json'), '{не json');
    await expect(readVerified(b)).rejects.toThrow(/manifest.json повреждён/);
    await expect(readVerified(path.join(dir, 'nothing'))).rejects.toThrow(texts.noManifest(path.join(dir, 'nothing')));
  });
});
