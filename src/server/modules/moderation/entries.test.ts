import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { entries, entryHides, entryLocks, notifications, users } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { jobsOf } from '../../jobs/queue.ts';

const { t, staff } = useTestApp();

const entryRow = async (id: number) => (await t.database.db.select().from(entries).where(eq(entries.id, id)))[0];
async function moderator() {
  const u = await newUser(t.app, 'Модератор');
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, u.id));
  return u;
}

describe('entry actions', () => {
  it('unpublish with a reason: back to drafts, locked, the author told why, released by staff', async () => {
    const author = await newUser(t.app, 'Автор');
    const mod = await moderator();
    const e = await savedEntry(author.v, { title: 'Спорное', entry: [text('т')], is_published: 1 });
    const res = await mod.v.post(`/v3.0/content/unpublish/${e.id}`, { reason_text: 'Нарушает правила', reason_id: 3 });
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().rm).toBe(messages.entryUnpublished);
    expect((await entryRow(e.id)).isPublished).toBe(false);
    await jobsOf(t.app.ctx).drain(); // the notice is a job queued with the change
    const note = await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(note.map((n) => [n.type, (n.data as { reason: string }).reason])).toContainEqual([
      'unpublished',
      'Нарушает правила',
    ]);
    // The author sees the lock and cannot publish again; a draft save still works.
    expect((await author.v.get(`/v3.0/writing/get/${e.id}`)).json().data.entry.locked_by_admin).toBe(true);
    const again = await author.v.post('/v3.0/writing/save', {
      id: e.id,
      title: 'Спорное',
      entry: [text('т')],
      is_published: 1,
    });
    expect(isRussianError(again, 403) && again.json().rm === messages.entryLockedByAdmin).toBe(true);
    expect(
      (
        await author.v.post('/v3.0/writing/save', {
          id: e.id,
          title: 'Исправлено',
          entry: [text('т')],
          is_published: 0,
        })
      ).json().rc,
    ).toBe(200);

    const published = (await entryRow(e.id)).publishedAt;
    const unlocked = await mod.v.post(`/v3.0/admin/content/unlock/${e.id}`, {});
    expect(unlocked.json()).toMatchObject({ rc: 200, data: { is_published: true, locked_by_admin: false } });
    expect(await t.database.db.select().from(entryLocks).where(eq(entryLocks.entryId, e.id))).toHaveLength(0);
    // Published again as it was: readers open it (no 404), its publication date kept.
    expect((await entryRow(e.id)).isPublished).toBe(true);
    expect((await entryRow(e.id)).publishedAt).toEqual(published);
    const reader = await newUser(t.app, 'Читатель');
    expect((await reader.v.get(`/v3.0/entry/${e.id}`)).json()).toMatchObject({
      rc: 200,
      data: { entry: { id: e.id } },
    });
    await savedEntry(author.v, { id: e.id, title: 'Исправлено', entry: [text('т')], is_published: 1 });
    const log = (await mod.v.get('/v3.0/admin/audit')).json().data.items.map((i: { action: string }) => i.action);
    expect(log.slice(0, 2)).toEqual(['entry.unlock', 'entry.unpublish']);
  });

  it('unforce, 18+ and mute', async () => {
    const author = await newUser(t.app, 'Автор');
    const e = await savedEntry(author.v, { title: 'Для всех', entry: [text('т')], is_published: 1 });
    expect((await staff.post(`/v3.0/content/unforce/${e.id}`, {})).json().data.is_hidden_from_main).toBe(true);
    expect((await staff.post(`/v3.0/content/nsfw/${e.id}`, {})).json().data.is_nsfw).toBe(true);
    expect((await entryRow(e.id)).isNsfw).toBe(true);
    expect((await staff.post(`/v3.0/content/unnsfw/${e.id}`, {})).json().data.is_nsfw).toBe(false);
    expect((await entryRow(e.id)).isHiddenFromMain).toBe(true);
    const reader = await newUser(t.app, 'Читатель');
    expect((await reader.v.post(`/v3.0/content/mute/${e.id}`, {})).json().rc).toBe(200);
    expect(await t.database.db.select().from(entryHides).where(eq(entryHides.userId, reader.id))).toHaveLength(1);
    expect((await reader.v.post(`/v3.0/content/unmute/${e.id}`, {})).json().rc).toBe(200);
    expect(await t.database.db.select().from(entryHides).where(eq(entryHides.userId, reader.id))).toHaveLength(0);
  });

  it('bad input and wrong people: 4xx in Russian, nothing changed', async () => {
    const author = await newUser(t.app, 'Автор');
    const mod = await moderator();
    const e = await savedEntry(author.v, { title: 'Целая', entry: [text('т')], is_published: 1 });
    const cases: [typeof mod.v, string, unknown, number][] = [
      [author.v, `/v3.0/content/unpublish/${e.id}`, { reason_text: 'x' }, 403],
      [author.v, `/v3.0/content/nsfw/${e.id}`, {}, 403],
      [author.v, `/v3.0/content/unforce/${e.id}`, {}, 403],
      [author.v, `/v3.0/admin/content/unlock/${e.id}`, {}, 403],
      [mod.v, `/v3.0/content/unpublish/${e.id}`, {}, 400],
      [mod.v, `/v3.0/content/unpublish/${e.id}`, { reason_text: '  ' }, 400],
      [mod.v, `/v3.0/content/unpublish/${e.id}`, { reason_text: 'я'.repeat(1_000_000) }, 413],
      [mod.v, `/v3.0/content/unpublish/${e.id}`, { reason_text: 'x', reason_id: -1 }, 400],
      [mod.v, `/v3.0/content/unpublish/${e.id}`, { reason_text: 'x', extra: 1 }, 400],
      [mod.v, '/v3.0/content/unpublish/2000000000', { reason_text: 'x' }, 404],
      [mod.v, '/v3.0/content/unpublish/abc', { reason_text: 'x' }, 400],
      [mod.v, `/v3.0/admin/content/unlock/${e.id}`, {}, 400],
      [mod.v, '/v3.0/content/nsfw/2000000000', {}, 404],
      [mod.v, `/v3.0/content/nsfw/${e.id}`, { is_nsfw: 1 }, 400],
    ];
    for (const [v, path, body, rc] of cases) {
      const res = await v.post(path, body);
      expect(isRussianError(res, rc), `${path} ${JSON.stringify(body).slice(0, 60)} → ${res.body.slice(0, 200)}`).toBe(
        true,
      );
    }
    const row = await entryRow(e.id);
    expect([row.isPublished, row.isNsfw, row.isHiddenFromMain]).toEqual([true, false, false]);
  });

  it('18+: the age confirmation (cookie for everyone, the account when signed in) and the blur preference', async () => {
    const anon = new Visitor(t.app);
    const a = await anon.post('/v3.0/subsite/is_adult', { is_adult: 1 });
    expect(a.json().data).toEqual({ is_adult: true });
    expect(anon.cookies.is_adult).toBe('1');
    expect(isRussianError(await anon.post('/v3.0/subsite/is_blur_nsfw', { is_blur_nsfw: 1 }), 401)).toBe(true);

    const reader = await newUser(t.app, 'Читатель');
    const me = async () => (await reader.v.get('/v3.0/auth/check')).json().data.user;
    expect(await me()).toMatchObject({ is_adult: false, is_blur_nsfw: false });
    await reader.v.post('/v3.0/subsite/is_adult', { is_adult: 1 });
    await reader.v.post('/v3.0/subsite/is_blur_nsfw', { is_blur_nsfw: 'true' });
    expect(await me()).toMatchObject({ is_adult: true, is_blur_nsfw: true });
    for (const body of [{}, { is_adult: 2 }, { is_adult: 'да' }, { is_adult: 1, extra: 1 }]) {
      const res = await reader.v.post('/v3.0/subsite/is_adult', body);
      expect(isRussianError(res, 400), JSON.stringify(body)).toBe(true);
    }
    expect(isRussianError(await reader.v.post('/v3.0/subsite/is_adult', { is_adult: 1 }, { csrf: false }), 403)).toBe(
      true,
    );
    expect(await me()).toMatchObject({ is_adult: true, is_blur_nsfw: true });
  });
});
