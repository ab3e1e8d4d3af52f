import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { complaints, misprints, users } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

const { t, staff } = useTestApp();

async function moderator() {
  const u = await newUser(t.app, 'Модератор');
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, u.id));
  return u;
}
const expectError = async (res: Promise<{ statusCode: number; json(): any; body: string }>, rc: number) => {
  const r = await res;
  expect(isRussianError(r, rc), r.body.slice(0, 300)).toBe(true);
};

describe('complaints', () => {
  it('entry, comment and subsite complaints: one per reader per target, a staff queue, resolved together', async () => {
    const author = await newUser(t.app, 'Автор');
    const reader = await newUser(t.app, 'Читатель');
    const other = await newUser(t.app, 'Другой');
    const e = await savedEntry(author.v, { title: 'Спорная', entry: [text('т')], is_published: 1 });
    const c = (await author.v.post('/v3.0/comment/add', { id: e.id, text: 'Грубость' })).json().data.id as number;

    const sent = await reader.v.post('/v3.0/contents/complain', {
      content_id: e.id,
      user_id: author.id,
      reason: 'spam',
    });
    expect(sent.json().rc, sent.body).toBe(200);
    expect(sent.json().rm).toBe(messages.complaintSent);
    await expectError(reader.v.post('/v3.0/contents/complain', { content_id: e.id, reason: 'insult' }), 409);
    expect((await other.v.post('/v3.0/contents/complain', { content_id: e.id, reason: 'copyright' })).json().rc).toBe(
      200,
    );
    expect((await reader.v.post('/v3.0/comments/complain', { id: c, reason: 'insult' })).json().rc).toBe(200);
    const sub = await reader.v.post('/v3.0/subsite/complain', {
      subsite_id: author.id,
      reason: 'other',
      text: 'Выдаёт себя за другого',
    });
    expect(sub.json().rc, sub.body).toBe(200);

    const mod = await moderator();
    const queue = (await mod.v.get('/v3.0/admin/complaints')).json().data;
    expect(queue.items.map((i: { target_type: string }) => i.target_type)).toEqual([
      'subsite',
      'comment',
      'entry',
      'entry',
    ]);
    expect(queue.items[2]).toMatchObject({ target_url: `/${e.id}`, target_text: 'Спорная', count: 2 });
    expect(queue.items[1].target_url).toBe(`/${e.id}?comment=${c}`);
    await expectError(reader.v.get('/v3.0/admin/complaints'), 403);

    const done = await mod.v.post(`/v3.0/admin/complaints/${queue.items[3].id}/resolve`, { resolution: 'accepted' });
    expect(done.json().data.resolved).toHaveLength(2);
    expect((await mod.v.get('/v3.0/admin/complaints')).json().data.items).toHaveLength(2);
    await expectError(
      mod.v.post(`/v3.0/admin/complaints/${queue.items[3].id}/resolve`, { resolution: 'accepted' }),
      404,
    );
    const log = (await mod.v.get('/v3.0/admin/audit')).json().data.items[0];
    expect(log).toMatchObject({ action: 'complaint.accept', target_type: 'entry', target_id: e.id });
  });

  it('bad input, one’s own things, strangers: 4xx in Russian, nothing stored', async () => {
    const author = await newUser(t.app, 'Автор');
    const reader = await newUser(t.app, 'Читатель');
    const e = await savedEntry(author.v, { title: 'Запись', entry: [text('т')], is_published: 1 });
    const draft = await savedEntry(author.v, { title: 'Черновик', entry: [text('т')], is_published: 0 });
    const anon = new Visitor(t.app);
    await expectError(anon.post('/v3.0/contents/complain', { content_id: e.id, reason: 'spam' }), 401);
    const cases: [Visitor, string, unknown, number][] = [
      [reader.v, '/v3.0/contents/complain', { content_id: e.id }, 400],
      [reader.v, '/v3.0/contents/complain', { content_id: e.id, reason: 'боль' }, 400],
      [reader.v, '/v3.0/contents/complain', { content_id: 'x', reason: 'spam' }, 400],
      [reader.v, '/v3.0/contents/complain', { content_id: e.id, reason: 'spam', extra: 1 }, 400],
      [reader.v, '/v3.0/contents/complain', { content_id: e.id, reason: 'other' }, 400],
      [reader.v, '/v3.0/contents/complain', { content_id: e.id, reason: 'other', text: '   ' }, 400],
      [reader.v, '/v3.0/contents/complain', { content_id: e.id, reason: 'spam', text: 'я'.repeat(1_000_000) }, 413],
      [reader.v, '/v3.0/contents/complain', { content_id: e.id, reason: 'spam', text: 'я'.repeat(1001) }, 400],
      [reader.v, '/v3.0/contents/complain', { content_id: e.id, user_id: reader.id, reason: 'spam' }, 400],
      [reader.v, '/v3.0/contents/complain', { content_id: draft.id, reason: 'spam' }, 404],
      [reader.v, '/v3.0/contents/complain', { content_id: 2_000_000_000, reason: 'spam' }, 404],
      [author.v, '/v3.0/contents/complain', { content_id: e.id, reason: 'spam' }, 400],
      [reader.v, '/v3.0/comments/complain', { id: 2_000_000_000, reason: 'spam' }, 404],
      [reader.v, '/v3.0/subsite/complain', { subsite_id: reader.id, reason: 'spam' }, 400],
      [reader.v, '/v3.0/subsite/complain', { subsite_id: 2_000_000_000, reason: 'spam' }, 404],
      [reader.v, '/v3.0/admin/complaints/1/resolve', { resolution: 'accepted' }, 403],
      [staff, '/v3.0/admin/complaints/1/resolve', { resolution: 'maybe' }, 400],
    ];
    for (const [v, path, body, rc] of cases) {
      const res = await v.post(path, body);
      expect(isRussianError(res, rc), `${path} ${JSON.stringify(body).slice(0, 80)} → ${res.body.slice(0, 200)}`).toBe(
        true,
      );
    }
    const stored = await t.database.db.select().from(complaints).where(eq(complaints.userId, reader.id));
    expect(stored).toHaveLength(0);
  });
});

describe('misprints', () => {
  it('a reader reports a fragment; the author and staff see it and mark it fixed; others do not', async () => {
    const author = await newUser(t.app, 'Автор');
    const reader = await newUser(t.app, 'Читатель');
    const e = await savedEntry(author.v, { title: 'С опечаткой', entry: [text('Превет мир')], is_published: 1 });
    const sent = await reader.v.post('/v3.0/misprint', {
      content_id: e.id,
      fragment: 'Превет',
      context: 'Превет мир',
      comment: 'Привет',
    });
    expect(sent.json().rc, sent.body).toBe(200);
    const id = sent.json().data.id as number;
    // The same place again from the same reader is refused in Russian; another place, or another reader, is taken.
    const again = await reader.v.post('/v3.0/misprint', {
      content_id: e.id,
      fragment: 'Превет',
      context: 'Превет мир',
    });
    expect(isRussianError(again, 409) && again.json().rm === messages.misprintDuplicate, again.body).toBe(true);
    const other = await newUser(t.app, 'Другой читатель');
    const second = { content_id: e.id, fragment: 'Превет', context: 'Превет мир' };
    expect((await other.v.post('/v3.0/misprint', second)).json().rc).toBe(200);
    expect((await reader.v.post('/v3.0/misprint', { content_id: e.id, fragment: 'мир' })).json().rc).toBe(200);
    const stored = await t.database.db.select().from(misprints).where(eq(misprints.entryId, e.id));
    expect(stored.filter((m) => m.userId === reader.id)).toHaveLength(2);

    await expectError(reader.v.get(`/v3.0/content/misprints/${e.id}`), 403);
    const mine = (await author.v.get(`/v3.0/content/misprints/${e.id}`)).json().data.items;
    expect(mine).toContainEqual(expect.objectContaining({ id, fragment: 'Превет', comment: 'Привет', fixed: false }));
    const mod = await moderator();
    expect((await mod.v.get('/v3.0/admin/misprints')).json().data.items.map((m: { id: number }) => m.id)).toContain(id);

    await expectError(reader.v.post(`/v3.0/misprint/${id}/fix`, {}), 403);
    expect((await author.v.post(`/v3.0/misprint/${id}/fix`, {})).json().rc).toBe(200);
    await expectError(mod.v.post(`/v3.0/misprint/${id}/fix`, {}), 400);
    expect((await mod.v.get('/v3.0/admin/misprints')).json().data.items.map((m: { id: number }) => m.id)).not.toContain(
      id,
    );
  });

  it('bad input: 4xx in Russian, nothing stored', async () => {
    const author = await newUser(t.app, 'Автор');
    const reader = await newUser(t.app, 'Читатель');
    const e = await savedEntry(author.v, { title: 'Запись', entry: [text('т')], is_published: 1 });
    await expectError(new Visitor(t.app).post('/v3.0/misprint', { content_id: e.id, fragment: 'т' }), 401);
    const cases: [unknown, number][] = [
      [{ content_id: e.id }, 400],
      [{ content_id: e.id, fragment: '  ' }, 400],
      [{ content_id: e.id, fragment: 'т'.repeat(301) }, 400],
      [{ content_id: e.id, fragment: 'т', context: 'я'.repeat(1_000_000) }, 413],
      [{ content_id: e.id, fragment: 'т', comment: 'я'.repeat(1001) }, 400],
      [{ content_id: e.id, fragment: 1 }, 400],
      [{ content_id: e.id, fragment: 'т', extra: 1 }, 400],
      [{ content_id: 2_000_000_000, fragment: 'т' }, 404],
    ];
    for (const [body, rc] of cases) {
      const res = await reader.v.post('/v3.0/misprint', body);
      expect(isRussianError(res, rc), `${JSON.stringify(body).slice(0, 80)} → ${res.body.slice(0, 200)}`).toBe(true);
    }
    await expectError(reader.v.post('/v3.0/misprint/2000000000/fix', {}), 404);
    expect(await t.database.db.select().from(misprints).where(eq(misprints.entryId, e.id))).toHaveLength(0);
  });
});
