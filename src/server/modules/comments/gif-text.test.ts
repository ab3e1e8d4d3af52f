import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/catalogue.ts';
import type { LiveItem } from '../../../shared/realtime.ts';
import { outbox, users } from '../../db/schema.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { letterForNotification } from '../notifications/mail.ts';
import { gif, uploadedGif } from './testing.ts';

/**
 * A comment that holds only a gif (issue 32 point 7) reads as the catalogue's «[GIF]» wherever its text is shown
 * without the gif: the live feed, the notifications and their letters, bookmarks, the complaints queue, the audit log
 * and a person's recent activity in /admin, and the link card of the comment (`/andropov/extract`).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sreda-gif-text-'));
const { t } = useTestApp({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const GIF = messages.commentGifQuote;

describe('a comment that holds only a gif, where its text is shown alone', () => {
  it('reads as «[GIF]» in the live feed, notifications, letters, bookmarks, /admin lists and its link card', async () => {
    expect(GIF).toBe('[GIF]');
    const writer = await newUser(t.app, 'Автор Записи Гиф');
    const fan = await newUser(t.app, 'Любитель Гифок');
    const mod = await newUser(t.app, 'Модератор Гифок');
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.id));
    const entry = await savedEntry(writer.v, { title: 'Запись для гифки', entry: [text('т')], is_published: 1 });
    const parent = (await writer.v.post('/v3.0/comment/add', { id: entry.id, text: 'Жду гифку' })).json().data;
    const uuid = await uploadedGif(fan.v, await gif(11));
    const added = await fan.v.post('/v3.0/comment/add', { id: entry.id, text: '', attach: uuid, reply_to: parent.id });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.id as number;
    // The gif itself is there where the comment is shown whole; its text stays empty.
    expect(added.json().data.text).toBe('');

    // The live feed: its text and its markup.
    const live = (await new Visitor(t.app).get('/v3.0/live/initial')).json().data.items as LiveItem[];
    const item = live.find((i) => i.comment_id === id);
    expect(item?.text).toBe(GIF);
    expect(item?.live_html).toContain(`#comment-${id}">${GIF}</a>`);

    // The reply notification (the bell and /notifications read the same list) and its letter.
    await jobsOf(t.app.ctx).drain();
    const told = (await writer.v.get('/v3.0/notifications')).json().data.items;
    const reply = told.find((n: { type: string }) => n.type === 'reply');
    expect(reply?.quote).toBe(GIF);
    await letterForNotification(t.app.ctx, reply.id);
    const [{ email }] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, writer.id));
    const letters = await t.database.db.select().from(outbox).where(eq(outbox.to, email!));
    expect(letters.at(-1)?.text).toContain(GIF);

    // A bookmarked comment.
    expect((await fan.v.post('/v3.0/favorite/change', { id, type: 'comment', state: 1 })).statusCode).toBe(200);
    const saved = (await fan.v.get('/v3.0/bookmarks?type=comment')).json().data.items;
    expect(saved.find((c: { id: number }) => c.id === id)?.text).toBe(GIF);

    // The complaints queue and the person's recent activity in /admin.
    expect((await writer.v.post('/v3.0/comments/complain', { id, reason: 'spam' })).statusCode).toBe(200);
    const queue = (await mod.v.get('/v3.0/admin/complaints')).json().data.items;
    expect(queue.find((c: { target_id: number }) => c.target_id === id)?.target_text).toBe(GIF);
    const card = (await mod.v.get(`/v3.0/admin/users/${fan.id}`)).json().data;
    expect(card.recent.find((r: { id: number }) => r.id === id)?.text).toBe(GIF);

    // The link card of the comment, and the same as a plain link card.
    const link = `${t.config.publicUrl}/${entry.id}?comment=${id}`;
    const extract = async (extra = '') =>
      (await fan.v.get(`/v3.0/andropov/extract?urls[]=${encodeURIComponent(link)}${extra}`)).json().data.result[0];
    expect(await extract()).toMatchObject({ type: 'comment', data: { id, text: GIF } });
    expect(await extract('&forceLink=1')).toMatchObject({ type: 'link', data: { description: GIF } });

    // A comment with words and a gif keeps its words.
    const both = (await fan.v.post('/v3.0/comment/add', { id: entry.id, text: 'Смотрите', attach: uuid })).json().data;
    const again = (await new Visitor(t.app).get('/v3.0/live/initial')).json().data.items as LiveItem[];
    expect(again.find((i) => i.comment_id === both.id)?.text).toBe('Смотрите');
  });

  it('the audit log names a gif-only comment «[GIF]»', async () => {
    const writer = await newUser(t.app, 'Автор Для Журнала');
    const mod = await newUser(t.app, 'Модератор Журнала');
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.id));
    const entry = await savedEntry(writer.v, { title: 'Запись журнала', entry: [text('т')], is_published: 1 });
    const uuid = await uploadedGif(writer.v, await gif(12));
    const id = (await writer.v.post('/v3.0/comment/add', { id: entry.id, text: '', attach: uuid })).json().data.id;
    expect((await mod.v.post('/v3.0/admin/comments/pin', { id, state: 1 })).statusCode).toBe(200);
    const audit = (await mod.v.get('/v3.0/admin/audit?action=comment.pin')).json().data.items;
    expect(audit.find((a: { target_id: number }) => a.target_id === id)?.target_name).toBe(GIF);
  });
});
