import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { audioListenMarks, audioListens } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { deleteOldListenMarks } from './service.ts';

const { t } = useTestApp();

type Json = Record<string, any>;
const LISTEN = '/v3.0/audio/listen';
const DAY = 86_400_000;
const audio = (data: Json = {}) => ({
  type: 'audio',
  // An uploaded file's uuid: an address would hold a new account's entry for review (links).
  data: { uuid: 'abcdef01-2345-8678-9abc-def012345678', duration: 60, title: 'Выпуск', ...data },
});

async function audioEntry(blocks: Json[] = [audio({ hash: 'vypusk000001' })], over: Json = {}) {
  const author = await newUser(t.app, 'Автор Подкаста');
  const entry = await savedEntry(author.v, {
    title: 'Подкаст',
    entry: [text('Слушайте'), ...blocks],
    is_published: 1,
    ...over,
  });
  return { author, entry };
}

const refused = (res: Awaited<ReturnType<Visitor['get']>>, rc: number, rm?: string) => {
  expect(isRussianError(res, rc), res.body).toBe(true);
  if (rm !== undefined) expect(res.json().rm).toBe(rm);
};

const counts = async (entryId: number) =>
  t.database.db.select().from(audioListens).where(eq(audioListens.entryId, entryId));

describe('audio listens', () => {
  it('count one listen per listener per block per day, anonymous listeners by the hit_id cookie', async () => {
    const { entry } = await audioEntry([audio({ hash: 'vypusk000001' }), audio({ hash: 'vypusk000002' })]);
    const reader = await newUser(t.app, 'Слушатель');
    const first = await reader.v.post(LISTEN, { entry_id: entry.id, hash: 'vypusk000001' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ listens: 1, is_listened: true });
    // Again the same day: not counted.
    expect((await reader.v.post(LISTEN, { entry_id: entry.id, hash: 'vypusk000001' })).json().data).toEqual({
      listens: 1,
      is_listened: false,
    });
    // A visitor gets a hit_id cookie and is one listener with it.
    const visitor = new Visitor(t.app);
    expect((await visitor.post(LISTEN, { entry_id: entry.id, hash: 'vypusk000001' })).json().data.listens).toBe(2);
    expect(visitor.cookies.hit_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await visitor.post(LISTEN, { entry_id: entry.id, hash: 'vypusk000001' })).json().data.listens).toBe(2);
    // Form-encoded as the spec's request helper sends it.
    const form = await reader.v.call(LISTEN, {
      body: { entry_id: String(entry.id), hash: 'vypusk000002' },
      as: 'form',
    });
    expect(form.json().data).toEqual({ listens: 1, is_listened: true });

    // The entry and its card carry the listens by hash.
    const read = await reader.v.get(`/v3.0/entry/${entry.id}`);
    expect(read.json().data.entry.audio_listens).toEqual({ vypusk000001: 2, vypusk000002: 1 });
    expect(read.json().data.entry.audio).toEqual({ type: 'audio', data: audio({ hash: 'vypusk000001' }).data });

    // The next day counts again; the hourly cleanup keeps yesterday's marks and drops older ones.
    const saved = t.clock.now;
    try {
      t.clock.now = new Date(saved.getTime() + DAY);
      expect((await reader.v.post(LISTEN, { entry_id: entry.id, hash: 'vypusk000001' })).json().data.listens).toBe(3);
      t.clock.now = new Date(saved.getTime() + 3 * DAY);
      await deleteOldListenMarks(t.app.ctx);
    } finally {
      t.clock.now = saved;
    }
    const marks = await t.database.db.select().from(audioListenMarks).where(eq(audioListenMarks.entryId, entry.id));
    expect(marks).toEqual([]);
    expect(await counts(entry.id)).toHaveLength(2);
  });

  it('gives a hash to an audio block saved without one, and keeps the cover, author and hash', async () => {
    const cover = '0123abcd-0123-8123-8123-0123456789ab';
    const { entry } = await audioEntry([audio(), audio({ hash: 'svoihash0001', author: 'Ведущая', cover })]);
    expect(entry.blocks[1].data.hash).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(entry.blocks[2].data).toEqual(audio({ hash: 'svoihash0001', author: 'Ведущая', cover }).data);
  });

  it('refuses bad blocks on save: a cover that is not an upload, a bad hash, extra fields', async () => {
    const author = await newUser(t.app, 'Автор');
    const save = (block: Json) =>
      author.v.post('/v3.0/writing/save', { title: 'Подкаст', entry: [block], is_published: 1 });
    refused(await save(audio({ cover: 'https://example.ru/c.jpg' })), 400, messages.entryBlockAudioCoverInvalid);
    refused(await save(audio({ hash: 'коротко' })), 400, messages.entryBlockAudioHashInvalid);
    refused(await save(audio({ listens: 100 })), 400);
    refused(await save(audio({ author: 'x'.repeat(1001) })), 400);
  });

  it('refuses bad input with a Russian message and counts nothing', async () => {
    const { author, entry } = await audioEntry();
    const v = new Visitor(t.app);
    const body = { entry_id: entry.id, hash: 'vypusk000001' };
    refused(await v.post(LISTEN, { ...body, entry_id: 'abc' }), 400, messages.entryIdInvalid);
    refused(await v.post(LISTEN, { ...body, entry_id: -1 }), 400, messages.entryIdInvalid);
    refused(await v.post(LISTEN, { ...body, entry_id: 2 ** 40 }), 400, messages.entryIdInvalid);
    refused(await v.post(LISTEN, { hash: body.hash }), 400, messages.entryIdInvalid);
    refused(await v.post(LISTEN, { ...body, hash: 'x'.repeat(5000) }), 400, messages.audioHashInvalid);
    refused(await v.post(LISTEN, { ...body, hash: ['vypusk000001'] }), 400, messages.audioHashInvalid);
    refused(await v.post(LISTEN, { ...body, hash: 'vypusk\u0000000001' }), 400);
    refused(await v.post(LISTEN, { ...body, extra: 1 }), 400);
    // A hash the entry does not hold, another entry's id, a missing entry.
    refused(await v.post(LISTEN, { ...body, hash: 'nepravilnyi01' }), 404, messages.audioNotFound);
    const other = await audioEntry([audio({ hash: 'drugoi000001' })]);
    refused(await v.post(LISTEN, { ...body, entry_id: other.entry.id }), 404, messages.audioNotFound);
    refused(await v.post(LISTEN, { ...body, entry_id: 2 ** 31 - 1 }), 404, messages.audioNotFound);
    // Without the CSRF marker.
    const noCsrf = await v.call(LISTEN, { method: 'POST', body, csrf: false });
    expect(noCsrf.statusCode).toBeGreaterThanOrEqual(400);
    expect(noCsrf.statusCode).toBeLessThan(500);
    // A draft: nothing to listen to.
    const draft = await savedEntry(author.v, {
      title: 'Черновик',
      entry: [audio({ hash: 'chernovik001' })],
      is_published: 0,
    });
    refused(await v.post(LISTEN, { entry_id: draft.id, hash: 'chernovik001' }), 404, messages.audioNotFound);
    expect(await counts(entry.id)).toEqual([]);
    expect(await counts(other.entry.id)).toEqual([]);
  });
});
