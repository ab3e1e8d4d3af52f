import { describe, expect, it } from 'vitest';
import { jobsOf } from '../../jobs/queue.ts';
import { isRussianError, newUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

/** Commenting as a blog (issue 32, point 3): the comment author switch of a subsite's managers. */
const { t, staff } = useTestApp();

async function community(owner: Visitor, slug: string) {
  const res = await owner.post('/v3.0/subsite/create', { name: `Сообщество ${slug}`, slug });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; url: string };
}

describe('comments written as a subsite', () => {
  it('a manager comments as the community: readers see the community, staff and the writer see who wrote it', async () => {
    const owner = await newUser(t.app, 'Ольга Управляющая');
    const writer = await newUser(t.app, 'Пётр Автор');
    const club = await community(owner.v, 'klub-kommentov');
    const entry = await savedEntry(writer.v, { title: 'Запись', entry: [text('т')], is_published: 1 });
    const res = await owner.v.post('/v3.0/comment/add', {
      id: entry.id,
      text: 'Отвечаем от сообщества',
      as_subsite_id: club.id,
    });
    expect(res.statusCode).toBe(200);
    const mine = res.json().data;
    expect(mine.author).toMatchObject({ id: club.id, name: 'Сообщество klub-kommentov', url: '/s/klub-kommentov' });
    expect(mine.written_by).toMatchObject({ id: owner.id, name: 'Ольга Управляющая' });
    expect(mine.can_edit).toBe(true);

    const anon = new Visitor(t.app);
    const seen = (await anon.get(`/v3.0/comments?content_id=${entry.id}`)).json().data.items;
    expect(seen[0].author).toMatchObject({ id: club.id, url: '/s/klub-kommentov' });
    expect(seen[0].written_by).toBeNull();
    const byWriter = (await writer.v.get(`/v3.0/comments?content_id=${entry.id}`)).json().data.items[0];
    expect(byWriter.written_by).toBeNull();
    const byStaff = (await staff.get(`/v3.0/comments?content_id=${entry.id}`)).json().data.items[0];
    expect(byStaff.written_by).toMatchObject({ id: owner.id });

    // The entry's author is told by the community, not by the person who wrote for it.
    await jobsOf(t.app.ctx).drain();
    const told = (await writer.v.get('/v3.0/notifications')).json().data.items;
    expect(told[0]).toMatchObject({ type: 'comment' });
    expect(told[0].actors[0]).toMatchObject({ id: club.id, url: '/s/klub-kommentov' });
    expect(told[0].text).toContain('Сообщество klub-kommentov');
  });

  it('moderation follows the person who wrote it: the complaint, the removal in the audit log, their /admin card', async () => {
    const owner = await newUser(t.app, 'Ирина Модерируемая');
    const reader = await newUser(t.app, 'Жалобщик Сообщества');
    const club = await community(owner.v, 'klub-pod-nadzorom');
    const entry = await savedEntry(reader.v, { title: 'Под надзором', entry: [text('т')], is_published: 1 });
    const said = 'Грубо от имени сообщества';
    const res = await owner.v.post('/v3.0/comment/add', { id: entry.id, text: said, as_subsite_id: club.id });
    const id = res.json().data.id as number;
    expect((await reader.v.post('/v3.0/comments/complain', { id, reason: 'insult' })).statusCode).toBe(200);
    const queue = (await staff.get('/v3.0/admin/complaints')).json().data.items;
    expect(queue.find((c: { target_id: number }) => c.target_id === id)?.target_text).toBe(said);
    // The writer's card in /admin lists it among what they wrote.
    const card = async () => (await staff.get(`/v3.0/admin/users/${owner.id}`)).json().data;
    expect((await card()).recent.find((r: { id: number }) => r.id === id)?.text).toBe(said);
    // Staff remove it: the audit log records it, and it counts among the writer's removed comments.
    expect((await staff.post('/v3.0/comment/remove', { id })).statusCode).toBe(200);
    await jobsOf(t.app.ctx).drain();
    const audit = (await staff.get('/v3.0/admin/audit?action=comment.remove')).json().data.items;
    const logged = audit.find((a: { target_id: number }) => a.target_id === id);
    expect(logged?.target_name).toBe(said);
    expect((await card()).counts.removed_comments).toBe(1);
  });

  it('refuses people who do not manage the subsite, a person’s blog, unknown ids, wrong types and no CSRF', async () => {
    const owner = await newUser(t.app, 'Хозяйка Клуба');
    const stranger = await newUser(t.app, 'Прохожий');
    const club = await community(owner.v, 'chuzhoi-klub');
    const entry = await savedEntry(owner.v, { title: 'Ещё запись', entry: [text('т')], is_published: 1 });
    const add = (v: Visitor, extra: Record<string, unknown>, csrf = true) =>
      v.post('/v3.0/comment/add', { id: entry.id, text: 'Привет', ...extra }, { csrf });

    const other = await add(stranger.v, { as_subsite_id: club.id });
    expect(isRussianError(other, 403)).toBe(true);
    expect(other.json().error).toBe('comment_as_subsite_forbidden');
    // Editors and authors write in a community, they do not speak for it.
    await owner.v.post(`/v3.0/subsite/members/${club.id}`, { user_id: stranger.id, role: 'author' });
    expect((await add(stranger.v, { as_subsite_id: club.id })).statusCode).toBe(403);
    // A person's blog is themselves: no switch to another person, nor to one's own blog.
    expect((await add(stranger.v, { as_subsite_id: owner.id })).statusCode).toBe(403);
    expect((await add(owner.v, { as_subsite_id: owner.id })).statusCode).toBe(403);
    expect(isRussianError(await add(owner.v, { as_subsite_id: 2_000_000_000 }), 404)).toBe(true);
    for (const bad of ['abc', -1, 1.5, [club.id], { id: club.id }, true])
      expect(isRussianError(await add(owner.v, { as_subsite_id: bad }), 400)).toBe(true);
    expect((await add(owner.v, { as_subsite_id: club.id }, false)).statusCode).toBe(403);
    // Nothing was written by the refusals.
    const items = (await owner.v.get(`/v3.0/comments?content_id=${entry.id}`)).json().data.items;
    expect(items).toHaveLength(0);
    // 0 or absent: as oneself.
    const plain = (await add(owner.v, { as_subsite_id: 0 })).json().data;
    expect(plain.author).toMatchObject({ id: owner.id });
    expect(plain.written_by).toBeNull();
  });
});
