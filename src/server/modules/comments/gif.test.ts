import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { presentForReaders } from './service.ts';
import { gif, png, uploadedGif } from './testing.ts';
import { jobsOf } from '../../jobs/queue.ts';

/** A gif in a comment (issue 32 point 7): the writer's own uploaded gif, looked up by its uuid. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-comment-gif-'));
const { t } = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const uploaded = (v: Visitor, data: Buffer, name?: string) => uploadedGif(v, data, name);

async function setup(name: string) {
  const writer = await newUser(t.app, name);
  const entry = await savedEntry(writer.v, { title: 'Запись с гифками', entry: [text('т')], is_published: 1 });
  const add = (v: Visitor, body: Record<string, unknown>, csrf = true) =>
    v.post('/v3.0/comment/add', { id: entry.id, text: '', ...body }, { csrf });
  const items = async () => (await new Visitor(t.app).get(`/v3.0/comments?content_id=${entry.id}`)).json().data.items;
  return { writer, entry, add, items };
}

describe('a gif in a comment', () => {
  it('a gif alone, and text with a gif: the answer, the list and realtime carry it; editing keeps or removes it', async () => {
    const { writer, add, items } = await setup('Гифочный Писатель');
    const uuid = await uploaded(writer.v, await gif(1));
    const alone = await add(writer.v, { attach: uuid });
    expect(alone.statusCode, alone.body).toBe(200);
    const data = alone.json().data;
    expect(data.text).toBe('');
    expect(data.attaches).toEqual([
      {
        type: 'image',
        data: {
          uuid,
          type: 'gif',
          width: 40,
          height: 30,
          size: expect.any(Number),
          color: expect.any(String),
          external_service: [],
        },
      },
    ]);
    const both = (await add(writer.v, { text: 'Смотрите', attach: uuid })).json().data;
    expect(both.text).toContain('Смотрите');
    expect(both.attaches[0].data.uuid).toBe(uuid);
    // What realtime sends to every listener of the entry.
    expect((await presentForReaders(t.app.ctx, both.id))?.attaches).toEqual(both.attaches);
    const listed = await items();
    expect(listed.map((c: { attaches: unknown[] }) => c.attaches.length)).toEqual([1, 1]);

    // The gif's mp4 is there to play.
    const mp4 = await t.app.inject({ method: 'GET', url: `/media/${uuid}/-/format/mp4/` });
    expect(mp4.statusCode).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');

    const edit = (body: Record<string, unknown>) => writer.v.post('/v3.0/comment/edit', { id: both.id, ...body });
    // Absent: the gif stays.
    expect((await edit({ text: 'Смотрите ещё' })).json().data.attaches).toHaveLength(1);
    // Another own gif replaces it; '' removes it.
    const other = await uploaded(writer.v, await gif(2));
    expect((await edit({ text: 'Другая', attach: other })).json().data.attaches[0].data.uuid).toBe(other);
    expect((await edit({ text: 'Без гифки', attach: '' })).json().data.attaches).toEqual([]);
    // A gif-only comment cannot lose both its gif and its text.
    const emptied = await writer.v.post('/v3.0/comment/edit', { id: data.id, text: ' ', attach: '' });
    expect(isRussianError(emptied, 400)).toBe(true);
    expect((await writer.v.post('/v3.0/comment/edit', { id: data.id, text: '' })).json().data.attaches).toHaveLength(1);

    // Removal hides it with the comment (a stub carries nothing).
    await add(writer.v, { text: 'ответ', reply_to: data.id });
    expect((await writer.v.post('/v3.0/comment/remove', { id: data.id })).statusCode).toBe(200);
    const stub = (await items()).find((c: { id: number }) => c.id === data.id);
    expect(stub).toMatchObject({ is_removed: true, attaches: [] });
  });

  it('the same gif uploaded again by another person is theirs too', async () => {
    const first = await setup('Первый Загрузивший');
    const second = await newUser(t.app, 'Второй Загрузивший');
    const bytes = await gif(3);
    const uuid = await uploaded(first.writer.v, bytes);
    expect(isRussianError(await first.add(second.v, { attach: uuid }), 400)).toBe(true);
    expect(await uploaded(second.v, bytes)).toBe(uuid);
    expect((await first.add(second.v, { attach: uuid })).statusCode).toBe(200);
    // The entry's author is told of a gif alone as «GIF».
    await jobsOf(t.app.ctx).drain();
    const told = (await first.writer.v.get('/v3.0/notifications')).json().data.items;
    expect(told[0].type).toBe('comment');
    expect(JSON.stringify(told[0])).toContain('GIF');
  });

  it("refuses another person's gif, a picture that is not a gif, unknown ids, bad values and no CSRF; nothing is written", async () => {
    const { writer, add, items } = await setup('Осторожный Писатель');
    const stranger = await newUser(t.app, 'Чужой Человек');
    const theirs = await uploaded(stranger.v, await gif(4));
    const still = await uploaded(writer.v, await png(), 'a.png');
    const mine = await uploaded(writer.v, await gif(5));

    const notOwn = await add(writer.v, { attach: theirs });
    expect(isRussianError(notOwn, 400)).toBe(true);
    expect(notOwn.json().error).toBe('media_gif_not_found');
    const notGif = await add(writer.v, { text: 'картинка', attach: still });
    expect(isRussianError(notGif, 400)).toBe(true);
    expect(notGif.json().error).toBe('media_gif_only');
    expect(
      isRussianError(await add(writer.v, { attach: '0'.repeat(8) + '-0000-8000-8000-' + '0'.repeat(12) }), 400),
    ).toBe(true);
    for (const bad of [1, true, ['x'], { uuid: mine }, 'не-uuid', 'a'.repeat(5000), '', `${mine}/-/format/mp4/`])
      expect(
        isRussianError(await add(writer.v, { text: 'т', attach: bad }), 400),
        JSON.stringify(bad).slice(0, 40),
      ).toBe(true);
    // No text and no gif.
    expect(isRussianError(await add(writer.v, {}), 400)).toBe(true);
    expect(isRussianError(await add(writer.v, { attach: mine, extra: 1 }), 400)).toBe(true);
    // A client-sent address or size is not a field at all.
    expect(isRussianError(await add(writer.v, { attach: mine, url: 'https://example.com/x.gif' }), 400)).toBe(true);
    expect((await add(writer.v, { attach: mine }, false)).statusCode).toBe(403);
    expect(isRussianError(await add(new Visitor(t.app), { attach: mine }), 401)).toBe(true);
    expect(await items()).toHaveLength(0);

    // Editing with another person's gif, or someone else's comment, changes nothing.
    const own = (await add(writer.v, { text: 'Мой', attach: mine })).json().data;
    const editTheirs = await writer.v.post('/v3.0/comment/edit', { id: own.id, text: 'Мой', attach: theirs });
    expect(isRussianError(editTheirs, 400)).toBe(true);
    expect(
      isRussianError(await stranger.v.post('/v3.0/comment/edit', { id: own.id, text: 'x', attach: '' }), 403),
    ).toBe(true);
    const [kept] = await items();
    expect(kept.attaches[0].data.uuid).toBe(mine);
  });
});
