import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTexts as texts } from '../../../shared/catalogue/backup.ts';

const run = promisify(execFile);

/** `npm run backup` / `npm run restore` as an operator runs them: their refusals, exit codes and texts. */
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-backup-cmd-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const clean = { ...process.env, DATABASE_URL: '', S3_BUCKET: '', BACKUP_DIR: '', ...env };
  try {
    const { stdout } = await run(process.execPath, [`scripts/${script}.ts`, ...args], { env: clean });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stderr: string; stdout: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

describe('the backup and restore commands', () => {
  it('refuse without a site, while the embedded site runs, and without a backup folder', async () => {
    const empty = path.join(dir, 'empty');
    // A live process holds the embedded database (this test's own process stands in for the server).
    const held = path.join(dir, 'held');
    await fs.mkdir(held);
    await fs.writeFile(path.join(held, 'server.pid'), String(process.pid));
    const none = path.join(dir, 'no-backup');
    const out = path.join(dir, 'out');
    // Side by side: each is a Node start with the server's modules, seconds apiece on a busy machine.
    const [nothing, heldBackup, heldRestore, usage, noBackup] = await Promise.all([
      command('backup', [out], { DATA_DIR: empty }),
      command('backup', [out], { DATA_DIR: held }),
      command('restore', [out], { DATA_DIR: held }),
      command('restore', [], { DATA_DIR: empty }),
      command('restore', [none], { DATA_DIR: empty }),
    ]);
    expect(nothing).toEqual({ code: 1, out: `${texts.noSite(path.join(empty, 'db'))}\n` });
    expect(heldBackup).toEqual({ code: 1, out: `${texts.serverRunning(process.pid)}\n` });
    expect(heldRestore).toEqual({ code: 1, out: `${texts.serverRunning(process.pid)}\n` });
    expect(usage).toEqual({ code: 2, out: `${texts.usageRestore}\n` });
    expect(noBackup).toEqual({ code: 1, out: `${texts.noManifest(none)}\n` });
    // Nothing was created by the refusals.
    expect((await fs.readdir(dir)).sort()).toEqual(['held']);
    expect(await fs.readdir(held)).toEqual(['server.pid']);
  }, 300_000);
});
