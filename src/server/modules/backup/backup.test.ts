import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTexts as texts } from '../../../shared/catalogue/backup.ts';
import { openDatabase, queryRows, type Db } from '../../db/index.ts';
import { buildApp } from '../../http/app.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { startTestApp, Visitor, newUser, type TestApp } from '../../testing/harness.ts';
import { freshPostgres, type FreshPostgres } from '../../testing/postgres.ts';
import { buy, SUCCESS } from '../payments/testing.ts';
import { hitCounterOf } from '../hits/service.ts';
import { voteCountersOf } from '../votes/counters.ts';
import { freePort } from '../../../../scripts/free-port.ts';
import { userTables } from './queries.ts';
import { listBackups, prune, restoreBackup, scheduledBackup, takeBackup } from './service.ts';

/**
 * The restore drill (issue 34): content made through the API on a real database (PGlite in memory, or a fresh
 * PostgreSQL database when DATABASE_URL is set) with media on disk, backed up, restored into an empty site (a new
 * database and an empty data dir), and every table row, entry, comment, payment, message and picture compared.
 */
let t: TestApp;
let dataDir: string;
let backups: string;
const targets: FreshPostgres[] = [];
const siteDirs: string[] = [];

/** Every table's rows, as text in a stable order (the job queue's own table aside: it keeps running). */
async function tableDigest(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await userTables(db)) {
    if (name === 'public.jobs') continue;
    const [schemaName, table] = name.split('.');
    const [row] = await queryRows<{ n: string; h: string }>(
      db,
      sql`select count(*)::text as n, md5(coalesce(string_agg(x::text, E'\n' order by x::text), '')) as h
          from ${sql.identifier(schemaName)}.${sql.identifier(table)} x`,
    );
    out[name] = `${row.n}:${row.h}`;
  }
  return out;
}

async function upload(v: Visitor, url: string, field: string, name: string, data: Buffer) {
  const res = await v.upload(url, [{ field, name, type: 'application/octet-stream', data }], {
    fields: field === 'file' ? { name } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json().data.result;
  return (Array.isArray(result) ? result[0] : result).data.uuid as string;
}

/** What the drill made, to be found again after the restore. */
const made = {
  entryId: 0,
  pictures: [] as string[],
  chatId: 0,
  comments: [] as string[],
  reader: null as unknown as Visitor,
  buyer: null as unknown as Visitor,
};

/** An empty site: a new PostgreSQL database (or none: PGlite in a new data dir) and an empty media folder. */
async function emptySite() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-backup-site-'));
  siteDirs.push(dir);
  const pg = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, 'ops_backup') : null;
  if (pg) targets.push(pg);
  return { dataDir: dir, databaseUrl: pg?.url ?? '', s3: null };
}

/** The restored site as an app over its own database, with the source's secret and settings. */
async function openSite(site: { dataDir: string; databaseUrl: string }) {
  const database = await openDatabase({ url: site.databaseUrl, dataDir: path.join(site.dataDir, 'db') });
  const config = { ...t.config, ...site };
  const app = await buildApp({ config, db: database.db, logger: false, now: () => t.clock.now });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-backup-src-'));
  backups = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-backup-out-'));
  t = await startTestApp({ dataDir });
  // The generated secret a site without SECRET keeps in its data dir travels with the backup.
  await fs.writeFile(path.join(dataDir, 'secret'), 'secret-of-the-source-site');
  const staff = new Visitor(t.app);
  await staff.register({ name: 'Хозяин Сайта' });
  const author = await newUser(t.app, 'Автор Копии');
  const reader = await newUser(t.app, 'Читатель Копии');
  made.reader = reader.v;
  made.buyer = author.v;

  const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2266aa' } })
    .png()
    .toBuffer();
  const noise = await sharp(crypto.randomBytes(40 * 30 * 3), { raw: { width: 40, height: 30, channels: 3 } })
    .resize(400, 300)
    .jpeg()
    .toBuffer();
  made.pictures.push(await upload(author.v, '/v3.0/andropov/upload', 'file_0', 'a.png', picture));
  made.pictures.push(await upload(author.v, '/v3.0/andropov/upload', 'file_0', 'b.jpg', noise));
  const saved = await author.v.post('/v3.0/writing/save', {
    title: 'Запись для резервной копии',
    entry: [
      { type: 'text', data: { text: 'Текст <b>записи</b> с картинками' } },
      {
        type: 'media',
        data: { items: made.pictures.map((uuid) => ({ image: { uuid, width: 320, height: 200 }, title: 'Картинка' })) },
      },
    ],
    is_published: 1,
  });
  expect(saved.json().rc, saved.body).toBe(200);
  made.entryId = saved.json().data.entry.id;
  for (const text of ['Первый комментарий', 'Второй, с ответом']) {
    const res = await reader.v.post('/v3.0/comment/add', { id: made.entryId, text });
    expect(res.json().rc, res.body).toBe(200);
    made.comments.push(text);
  }

  const paid = await buy(author.v, 1, SUCCESS);
  expect(paid.res.json().data.status, paid.res.body).toBe('success');

  const chat = await author.v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [reader.id] });
  made.chatId = chat.json().data.id;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  const file = await upload(author.v, '/v3.0/andropov/upload/file', 'file', 'Отчёт.pdf', pdf);
  made.pictures.push(file);
  const sent = await author.v.post(`/v3.0/messenger/chats/${made.chatId}/send`, {
    text: 'Сообщение в копии',
    attachments: [{ uuid: file, name: 'Отчёт.pdf' }],
  });
  expect(sent.json().rc, sent.body).toBe(200);
  await jobsOf(t.app.ctx).drain();
}, 300_000);

afterAll(async () => {
  await t?.close();
  for (const pg of targets) await pg.drop();
  for (const dir of siteDirs) await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(backups, { recursive: true, force: true });
}, 180_000);

// Each step opens, dumps or restores a whole database: minutes on a loaded two-core machine, seconds on a quiet one.
describe('backup and restore drill', { timeout: 300_000 }, () => {
  let taken: Awaited<ReturnType<typeof takeBackup>>;
  let before: Record<string, string>;

  it('writes the database and every original with a manifest of sizes and checksums', async () => {
    // Votes, comments and views fold into their tables about a second after they happen: fold them now, then wait
    // until two looks 1.5 s apart agree (the first look of a poll comes at once, so each look sleeps first).
    await jobsOf(t.app.ctx).drain();
    await hitCounterOf(t.app.ctx)!.fold();
    await voteCountersOf(t.app.ctx)!.fold();
    before = await tableDigest(t.database.db);
    await expect
      .poll(
        async () => {
          await new Promise((r) => setTimeout(r, 1_500));
          const now = await tableDigest(t.database.db);
          const still = JSON.stringify(now) === JSON.stringify(before);
          before = now;
          return still;
        },
        { timeout: 60_000, interval: 0 },
      )
      .toBe(true);
    taken = await takeBackup(t.config, t.database, backups);
    expect(await tableDigest(t.database.db)).toEqual(before);
    const m = taken.manifest;
    expect(m).toMatchObject({
      format: 'sreda-backup/1',
      app: { name: 'sreda' },
      database: { kind: t.database.kind },
      media: { storage: 'disk', originals: 3 },
      secret: true,
    });
    expect(m.migrations.count).toBeGreaterThan(30);
    expect(m.migrations.last).toMatch(/^\d{4}_/);
    expect(m.files.map((f) => f.path).sort()).toEqual(
      [m.database.file, 'secret', ...made.pictures.map((u) => `media/${u}`)].sort(),
    );
    for (const f of m.files) {
      const data = await fs.readFile(path.join(taken.dir, f.path));
      expect([data.length, crypto.createHash('sha256').update(data).digest('hex')]).toEqual([f.size, f.sha256]);
    }
    expect(listBackups(backups)).toEqual([path.basename(taken.dir)]);
  });

  it('restores into an empty site: every row, entry, comment, payment, message and picture as it was', async () => {
    const site = await emptySite();
    await restoreBackup(site, taken.dir);
    const restored = await openSite(site);
    try {
      expect(await tableDigest(restored.db)).toEqual(before);
      // The secret came along: the sessions of the source still sign in, and its order numbers still check.
      expect(await fs.readFile(path.join(site.dataDir, 'secret'), 'utf8')).toBe('secret-of-the-source-site');
      const reader = Object.assign(new Visitor(restored.app), { cookies: made.reader.cookies });
      const buyer = Object.assign(new Visitor(restored.app), { cookies: made.buyer.cookies });

      const entry = (await reader.get(`/v3.0/entry/${made.entryId}`)).json().data.entry;
      expect(entry.title).toBe('Запись для резервной копии');
      expect(JSON.stringify(entry.blocks)).toContain(made.pictures[0]);
      const comments = (await reader.get(`/v3.0/comments?content_id=${made.entryId}&sorting=date`)).json().data;
      expect(JSON.stringify(comments)).toContain(made.comments[0]);
      expect(JSON.stringify(comments)).toContain(made.comments[1]);
      expect((await buyer.get('/v3.0/payments/plus')).json().data).toMatchObject({ is_paid: true, balance: 0 });
      const page = (await reader.get(`/v3.0/messenger/chats/${made.chatId}/messages`)).json().data;
      expect(page.items.at(-1)).toMatchObject({ text: 'Сообщение в копии' });
      for (const uuid of made.pictures) {
        const [a, b] = await Promise.all([t.app.inject(`/media/${uuid}/`), restored.app.inject(`/media/${uuid}/`)]);
        expect(b.statusCode).toBe(200);
        expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      }
    } finally {
      await restored.close();
    }
    // Restored once, the site is no longer empty: a second restore is refused.
    await expect(restoreBackup(site, taken.dir)).rejects.toThrow(texts.notEmpty('').split(' (')[0]);
  });

  it('refuses a backup whose file no longer matches its checksum, and leaves the site empty', async () => {
    const copy = `${taken.dir}-tampered`;
    await fs.cp(taken.dir, copy, { recursive: true });
    const victim = path.join(copy, 'media', made.pictures[1]);
    const bytes = await fs.readFile(victim);
    bytes[bytes.length >> 1] ^= 0xff;
    await fs.writeFile(victim, bytes);
    const site = await emptySite();
    await expect(restoreBackup(site, copy)).rejects.toThrow(texts.checksumMismatch(`media/${made.pictures[1]}`));
    expect(await fs.readdir(site.dataDir)).toEqual([]);
    if (site.databaseUrl) {
      const database = await openDatabase({ url: site.databaseUrl, dataDir: '', migrate: false });
      expect(await userTables(database.db)).toEqual([]);
      await database.close();
    }
    await fs.rm(copy, { recursive: true });
  });

  it('media in an S3 bucket: restored into the bucket, and a backup of that site copies them back out unchanged', async () => {
    const s3dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-backup-s3-'));
    const port = await freePort();
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: 'sreda-media', configs: [] }],
    });
    await server.run();
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-backup-out-s3-'));
    try {
      const s3 = {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'sreda-media',
        region: 'us-east-1',
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
      };
      const site = { ...(await emptySite()), s3 };
      await restoreBackup(site, taken.dir);
      expect(await fs.readdir(site.dataDir)).not.toContain('media');
      const database = await openDatabase({ url: site.databaseUrl, dataDir: path.join(site.dataDir, 'db') });
      try {
        const again = await takeBackup(site, database, out);
        expect(again.manifest.media).toMatchObject({ storage: 's3', originals: 3 });
        const media = (m: typeof again.manifest) => m.files.filter((f) => f.path.startsWith('media/'));
        expect(media(again.manifest)).toEqual(media(taken.manifest));
      } finally {
        await database.close();
      }
    } finally {
      await server.close();
      await fs.rm(s3dir, { recursive: true, force: true });
      await fs.rm(out, { recursive: true, force: true });
    }
  });

  it('the worker takes one when BACKUP_DIR is set and the newest is old enough, and keeps BACKUP_KEEP', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-backup-keep-'));
    const saved = t.config.backup;
    try {
      t.config.backup = null;
      await scheduledBackup(t.app.ctx);
      expect(listBackups(dir)).toEqual([]);
      t.config.backup = { dir, keep: 2, everyHours: 24 };
      // Three older complete backups and a partial one a crash left two days ago.
      for (const name of ['sreda-20260101-000000', 'sreda-20260102-000000', 'sreda-20260103-000000']) {
        await fs.mkdir(path.join(dir, name));
        await fs.writeFile(path.join(dir, name, 'manifest.json'), '{}');
        const old = new Date(Date.now() - 3 * 86_400_000);
        await fs.utimes(path.join(dir, name, 'manifest.json'), old, old);
      }
      await fs.mkdir(path.join(dir, 'sreda-20260104-000000.partial'));
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      await fs.utimes(path.join(dir, 'sreda-20260104-000000.partial'), twoDaysAgo, twoDaysAgo);
      await scheduledBackup(t.app.ctx);
      const kept = listBackups(dir);
      expect(kept).toHaveLength(2);
      expect(kept[1]).toBe('sreda-20260103-000000');
      expect(await fs.readdir(dir)).toHaveLength(2);
      // The newest is fresh: the next hourly look takes none.
      await scheduledBackup(t.app.ctx);
      expect(listBackups(dir)).toEqual(kept);
      expect(await prune(dir, 1)).toEqual(['sreda-20260103-000000']);
    } finally {
      t.config.backup = saved;
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
