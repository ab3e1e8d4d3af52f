import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { auditLog, entries, entryReviews, notifications, subsiteRoles, subsites, users } from '../../db/schema.ts';
import { isRussianError, newUser, seasonedUser, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { jobsOf } from '../../jobs/queue.ts';

/** Who may post in a community (everyone, members, authors) and moderated communities' approval queue. */
const { t, staff } = useTestApp();

type Res = { statusCode: number; json(): any; body: string };
const expectError = async (res: Promise<Res>, rc: number, rm?: string) => {
  const r = await res;
  expect(isRussianError(r, rc), r.body.slice(0, 300)).toBe(true);
  if (rm) expect(r.json().rm).toBe(rm);
};
let n = 0;
async function community(values: Partial<typeof subsites.$inferInsert> = {}) {
  const [s] = await t.database.db
    .insert(subsites)
    .values({ type: 'community', slug: `club-${++n}-${Date.now()}`, name: `Клуб ${n}`, ...values })
    .returning();
  const owner = await newUser(t.app, 'Владелец');
  await t.database.db.insert(subsiteRoles).values({ subsiteId: s.id, userId: owner.id, role: 'owner' });
  return { s, owner };
}
const publish = (v: Visitor, subsiteId: number, extra: Record<string, unknown> = {}) =>
  v.post('/v3.0/writing/save', {
    title: 'Заметка',
    entry: [text('Текст')],
    is_published: 1,
    subsite_id: subsiteId,
    ...extra,
  });
const targets = async (v: Visitor) =>
  (await v.get('/v3.0/writing/targets')).json().data.targets.map((i: { id: number }) => i.id) as number[];
const entryRow = async (id: number) => (await t.database.db.select().from(entries).where(eq(entries.id, id)))[0];

describe('who may post in a community', () => {
  it('a manager sets the rule; everyone, members only (subscribers), authors only; the editor lists only allowed ones', async () => {
    const { s, owner } = await community();
    const reader = await seasonedUser(t, 'Читатель');
    const set = (posting: string) => owner.v.post(`/v3.0/subsite/save_settings/${s.id}`, { posting });

    expect((await publish(reader.v, s.id)).json().rc).toBe(200);
    expect(await targets(reader.v)).toContain(s.id);

    const saved = await set('members');
    expect(saved.json().data, saved.body).toMatchObject({ posting: 'members', is_moderated: false });
    const before = (await t.database.db.select().from(entries)).length;
    await expectError(publish(reader.v, s.id), 403, messages.entryPostingMembersOnly);
    expect((await t.database.db.select().from(entries)).length).toBe(before);
    expect(await targets(reader.v)).not.toContain(s.id);
    expect((await reader.v.post(`/v3.0/subscribe/to/subsite/${s.id}`, {})).json().rc).toBe(200);
    expect(await targets(reader.v)).toContain(s.id);
    expect((await publish(reader.v, s.id)).json().rc).toBe(200);

    expect((await set('authors')).json().data.posting).toBe('authors');
    await expectError(publish(reader.v, s.id), 403, messages.entryPostingAuthorsOnly);
    expect(await targets(reader.v)).not.toContain(s.id);
    await t.database.db.insert(subsiteRoles).values({ subsiteId: s.id, userId: reader.id, role: 'author' });
    expect(await targets(reader.v)).toContain(s.id);
    expect((await publish(reader.v, s.id)).json().rc).toBe(200);
    // Staff post anywhere in communities.
    expect((await publish(staff, s.id)).json().rc).toBe(200);
  });

  it('a draft written while the community was open is refused when published after it closed, and when moved in', async () => {
    const { s, owner } = await community();
    const writer = await seasonedUser(t, 'Писатель');
    const draft = (await publish(writer.v, s.id, { is_published: 0 })).json().data.entry;
    const elsewhere = await savedEntry(writer.v, { title: 'В блоге', entry: [text('т')], is_published: 1 });
    await owner.v.post(`/v3.0/subsite/save_settings/${s.id}`, { posting: 'authors' });
    await expectError(
      writer.v.post('/v3.0/writing/save', { id: draft.id, title: 'Заметка', entry: [text('т')], is_published: 1 }),
      403,
    );
    expect((await entryRow(draft.id)).isPublished).toBe(false);
    await expectError(
      writer.v.post('/v3.0/writing/save', {
        id: elsewhere.id,
        title: 'В блоге',
        entry: [text('т')],
        is_published: 1,
        subsite_id: s.id,
      }),
      403,
    );
    expect((await entryRow(elsewhere.id)).subsiteId).toBe(writer.id);
  });

  it('bad input and wrong people: 4xx in Russian, nothing changed', async () => {
    const { s, owner } = await community();
    const stranger = await seasonedUser(t, 'Чужой');
    const editor = await seasonedUser(t, 'Редактор');
    await t.database.db.insert(subsiteRoles).values({ subsiteId: s.id, userId: editor.id, role: 'editor' });
    for (const body of [
      { posting: 'all' },
      { posting: '' },
      { posting: ['members'] },
      { is_moderated: 2 },
      { is_moderated: 'x'.repeat(100_000) },
    ])
      await expectError(owner.v.post(`/v3.0/subsite/save_settings/${s.id}`, body), 400);
    await expectError(stranger.v.post(`/v3.0/subsite/save_settings/${s.id}`, { posting: 'authors' }), 403);
    await expectError(editor.v.post(`/v3.0/subsite/save_settings/${s.id}`, { is_moderated: 1 }), 403);
    await expectError(new Visitor(t.app).post(`/v3.0/subsite/save_settings/${s.id}`, { posting: 'authors' }), 401);
    // A person's blog has no posting rule: the values are ignored there.
    const blog = await owner.v.post(`/v3.0/subsite/save_settings/${owner.id}`, { posting: 'authors', is_moderated: 1 });
    expect(blog.json().data).toMatchObject({ posting: 'everyone', is_moderated: false });
    const row = (await t.database.db.select().from(subsites).where(eq(subsites.id, s.id)))[0];
    expect([row.posting, row.isModerated]).toEqual(['everyone', false]);
  });
});

describe('moderated communities', () => {
  it('an outsider’s entry waits; its managers see it and approve it; the author is told; logged', async () => {
    const { s, owner } = await community({ isModerated: true });
    const writer = await seasonedUser(t, 'Автор');
    const res = await publish(writer.v, s.id);
    expect(res.json().rm).toBe(messages.entryAwaitingApproval);
    const waiting = res.json().data.entry;
    expect(waiting).toMatchObject({ is_published: false, awaiting_review: 'approval' });
    // The author's own view says it waits; nobody else reads it.
    expect((await writer.v.get(`/v3.0/entry/${waiting.id}`)).json().data.entry.awaiting_review).toBe('approval');
    await expectError(new Visitor(t.app).get(`/v3.0/entry/${waiting.id}`), 404);

    // The manager's own entry and staff's are published at once.
    expect((await publish(owner.v, s.id)).json().data.entry.is_published).toBe(true);
    expect((await publish(staff, s.id)).json().data.entry.is_published).toBe(true);

    const queue = (await owner.v.get(`/v3.0/subsite/reviews/${s.id}`)).json().data.items;
    expect(queue).toEqual([
      expect.objectContaining({
        entry_id: waiting.id,
        reason: 'approval',
        author: expect.objectContaining({ id: writer.id }),
      }),
    ]);
    const staffQueue = (await staff.get('/v3.0/admin/reviews?reason=approval')).json().data.items;
    expect(staffQueue.map((i: { entry_id: number }) => i.entry_id)).toContain(waiting.id);
    expect(
      (await staff.get('/v3.0/admin/reviews')).json().data.items.map((i: { entry_id: number }) => i.entry_id),
    ).not.toContain(waiting.id);

    t.clock.now = new Date(Date.now() + 3_600_000);
    try {
      const ok = await owner.v.post(`/v3.0/admin/reviews/${waiting.id}/approve`, {});
      expect(ok.json().rc, ok.body).toBe(200);
      const row = await entryRow(waiting.id);
      expect(row.isPublished).toBe(true);
      expect(row.publishedAt?.getTime()).toBe(t.clock.now.getTime());
      await jobsOf(t.app.ctx).drain(); // the author's notice is a job queued with the approval, due at its time
    } finally {
      t.clock.now = new Date();
    }
    expect((await owner.v.get(`/v3.0/subsite/reviews/${s.id}`)).json().data.items).toEqual([]);
    const note = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, writer.id), eq(notifications.type, 'system')));
    expect(JSON.stringify(note.map((x) => x.data))).toContain('одобрена');
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'entry.approve'), eq(auditLog.targetId, waiting.id)));
    expect(log.actorId).toBe(owner.id);
  });

  it('reject needs a reason; the entry goes back to drafts and the author gets the reason; saving a draft leaves the queue', async () => {
    const { s, owner } = await community({ isModerated: true });
    const writer = await seasonedUser(t, 'Автор');
    const id = (await publish(writer.v, s.id)).json().data.entry.id;
    await expectError(owner.v.post(`/v3.0/admin/reviews/${id}/reject`, {}), 400, messages.approvalReasonRequired);
    await expectError(owner.v.post(`/v3.0/admin/reviews/${id}/reject`, { reason_text: 'x'.repeat(5000) }), 400);
    const no = await owner.v.post(`/v3.0/admin/reviews/${id}/reject`, { reason_text: 'Не по теме сообщества' });
    expect(no.json().rc, no.body).toBe(200);
    expect((await entryRow(id)).isPublished).toBe(false);
    expect((await writer.v.get(`/v3.0/entry/${id}`)).json().data.entry.awaiting_review).toBe(null);
    await jobsOf(t.app.ctx).drain(); // the notice is a job queued with the change
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, writer.id));
    expect(JSON.stringify(notes.map((x) => x.data))).toContain('Не по теме сообщества');
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'entry.reject'), eq(auditLog.targetId, id)));
    expect(log.reason).toBe('Не по теме сообщества');

    // Sent again, then taken back to a draft by the author: the queue forgets it.
    expect(
      (await writer.v.post('/v3.0/writing/save', { id, title: 'Заметка', entry: [text('т')], is_published: 1 })).json()
        .data.entry.awaiting_review,
    ).toBe('approval');
    await writer.v.post('/v3.0/writing/save', { id, title: 'Заметка', entry: [text('т')], is_published: 0 });
    expect(await t.database.db.select().from(entryReviews).where(eq(entryReviews.entryId, id))).toHaveLength(0);
  });

  it('the author’s drafts list and entry say it waits, then that it was rejected and why; sending it again clears that', async () => {
    const { s, owner } = await community({ isModerated: true });
    const writer = await seasonedUser(t, 'Автор');
    const id = (await publish(writer.v, s.id)).json().data.entry.id;
    const draft = async () =>
      (await writer.v.get('/v3.0/writing/drafts')).json().data.items.find((d: { id: number }) => d.id === id);
    expect(await draft()).toMatchObject({ awaiting_review: 'approval', rejection: null });

    await owner.v.post(`/v3.0/admin/reviews/${id}/reject`, { reason_text: 'Нужен источник' });
    const rejection = { reason: 'Нужен источник', subsite: s.name, date: expect.any(String) };
    expect(await draft()).toMatchObject({ awaiting_review: null, rejection });
    expect((await writer.v.get(`/v3.0/entry/${id}`)).json().data.entry.rejection).toEqual(rejection);
    expect((await writer.v.get(`/v3.0/writing/get/${id}`)).json().data.entry.rejection).toEqual(rejection);
    // Nobody else reads the draft; staff read it without the author's marks being anyone else's business.
    await expectError(owner.v.get(`/v3.0/entry/${id}`), 404);
    // Saved as a draft again: still rejected. Sent again: waiting, the rejection gone.
    await writer.v.post('/v3.0/writing/save', { id, title: 'Заметка', entry: [text('т')], is_published: 0 });
    expect((await draft()).rejection).toEqual(rejection);
    const again = await writer.v.post('/v3.0/writing/save', {
      id,
      title: 'Заметка',
      entry: [text('Источник: …')],
      is_published: 1,
    });
    expect(again.json().data.entry).toMatchObject({ awaiting_review: 'approval', rejection: null });
    expect(await draft()).toMatchObject({ awaiting_review: 'approval', rejection: null });
    // Held spam rejected by staff is not a community's rejection: the author's draft carries none.
    await t.database.db.update(entryReviews).set({ reason: 'spam' }).where(eq(entryReviews.entryId, id));
    await staff.post(`/v3.0/admin/reviews/${id}/reject`, {});
    expect(await draft()).toMatchObject({ awaiting_review: null, rejection: null });
  });

  it('moving a published entry into a moderated community sends it to the queue', async () => {
    const { s } = await community({ isModerated: true });
    const writer = await seasonedUser(t, 'Автор');
    const e = await savedEntry(writer.v, { title: 'Из блога', entry: [text('т')], is_published: 1 });
    const moved = await writer.v.post('/v3.0/writing/save', {
      id: e.id,
      title: 'Из блога',
      entry: [text('т')],
      is_published: 1,
      subsite_id: s.id,
    });
    expect(moved.json().data.entry).toMatchObject({
      is_published: false,
      awaiting_review: 'approval',
      subsite_id: s.id,
    });
  });

  it('wrong people and bad ids: 4xx in Russian, nothing decided', async () => {
    const { s, owner } = await community({ isModerated: true });
    const { owner: otherOwner } = await community();
    const writer = await seasonedUser(t, 'Автор');
    const editor = await seasonedUser(t, 'Редактор');
    await t.database.db.insert(subsiteRoles).values({ subsiteId: s.id, userId: editor.id, role: 'editor' });
    const id = (await publish(writer.v, s.id)).json().data.entry.id;
    for (const v of [writer.v, otherOwner.v, editor.v]) {
      await expectError(v.post(`/v3.0/admin/reviews/${id}/approve`, {}), 403, messages.approvalForbidden);
      await expectError(v.post(`/v3.0/admin/reviews/${id}/reject`, { reason_text: 'нет' }), 403);
      await expectError(v.get(`/v3.0/subsite/reviews/${s.id}`), 403);
    }
    await expectError(otherOwner.v.get('/v3.0/admin/reviews?reason=approval'), 403);
    await expectError(staff.get('/v3.0/admin/reviews?reason=other'), 400);
    await expectError(new Visitor(t.app).get(`/v3.0/subsite/reviews/${s.id}`), 401);
    await expectError(owner.v.get('/v3.0/subsite/reviews/abc'), 400);
    await expectError(owner.v.get('/v3.0/subsite/reviews/2000000000'), 404);
    await expectError(owner.v.post('/v3.0/admin/reviews/2000000000/approve', {}), 404);
    await expectError(owner.v.post(`/v3.0/admin/reviews/${id}/approve`, { extra: 1 }), 400);
    await expectError(owner.v.post(`/v3.0/admin/reviews/${id}/reject`, { reason_text: 5 }), 400);
    await expectError(owner.v.post(`/v3.0/admin/reviews/${id}/approve`, {}, { csrf: false }), 403);
    expect((await entryRow(id)).isPublished).toBe(false);
    expect(await t.database.db.select().from(entryReviews).where(eq(entryReviews.entryId, id))).toHaveLength(1);
    // Spam held for staff is not a community manager's to decide.
    await t.database.db.update(entryReviews).set({ reason: 'spam' }).where(eq(entryReviews.entryId, id));
    await expectError(owner.v.post(`/v3.0/admin/reviews/${id}/approve`, {}), 403, messages.queueForbidden);
  });

  it('a community’s own moderator reviews its queue and no other’s; their entries are not held; nothing else of a manager’s', async () => {
    const { s } = await community({ isModerated: true });
    const { s: other } = await community({ isModerated: true });
    const mod = await seasonedUser(t, 'Модератор сообщества');
    await t.database.db.insert(subsiteRoles).values({ subsiteId: s.id, userId: mod.id, role: 'moderator' });
    const writer = await seasonedUser(t, 'Автор');
    const here = (await publish(writer.v, s.id)).json().data.entry.id;
    const there = (await publish(writer.v, other.id)).json().data.entry.id;

    expect((await mod.v.get(`/v3.0/subsite/reviews/${s.id}`)).json().data.items).toEqual([
      expect.objectContaining({ entry_id: here }),
    ]);
    // Another community's queue and its entries: refused, nothing decided.
    await expectError(mod.v.get(`/v3.0/subsite/reviews/${other.id}`), 403, messages.approvalForbidden);
    await expectError(mod.v.post(`/v3.0/admin/reviews/${there}/approve`, {}), 403, messages.approvalForbidden);
    await expectError(mod.v.post(`/v3.0/admin/reviews/${there}/reject`, { reason_text: 'нет' }), 403);
    expect((await entryRow(there)).isPublished).toBe(false);
    expect(await t.database.db.select().from(entryReviews).where(eq(entryReviews.entryId, there))).toHaveLength(1);
    // Every community's queue is staff's.
    await expectError(mod.v.get('/v3.0/admin/reviews?reason=approval'), 403);

    const ok = await mod.v.post(`/v3.0/admin/reviews/${here}/approve`, {});
    expect(ok.json().rc, ok.body).toBe(200);
    expect((await entryRow(here)).isPublished).toBe(true);
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'entry.approve'), eq(auditLog.targetId, here)));
    expect(log.actorId).toBe(mod.id);

    // The moderator's own entry is published at once; settings, team and bans stay the managers'.
    expect((await publish(mod.v, s.id)).json().data.entry.is_published).toBe(true);
    await expectError(mod.v.post(`/v3.0/subsite/save_settings/${s.id}`, { is_moderated: 0 }), 403);
    await expectError(mod.v.post(`/v3.0/subsite/members/${s.id}`, { user_id: writer.id, role: 'author' }), 403);
    await expectError(
      mod.v.post(`/v3.0/admin/users/${writer.id}/ban`, { reason_text: 'Оффтоп', days: 1, subsite_id: s.id }),
      403,
    );
    expect((await entryRow(there)).isPublished).toBe(false);
  });

  it('the owner names a moderator through the team call; the role is listed with the team', async () => {
    const { s, owner } = await community();
    const mod = await seasonedUser(t, 'Новый модератор');
    const res = await owner.v.post(`/v3.0/subsite/members/${s.id}`, { user_id: mod.id, role: 'moderator' });
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().data.members).toContainEqual(expect.objectContaining({ id: mod.id, role: 'moderator' }));
    await expectError(owner.v.post(`/v3.0/subsite/members/${s.id}`, { user_id: mod.id, role: 'moder' }), 400);
  });

  it('the current user lists as managed only what they manage, and as reviewed what they review', async () => {
    const { s, owner } = await community();
    const people = await Promise.all(['admin', 'moderator', 'editor', 'author'].map((r) => newUser(t.app, r)));
    await t.database.db.insert(subsiteRoles).values(
      people.map((p, i) => ({
        subsiteId: s.id,
        userId: p.id,
        role: ['admin', 'moderator', 'editor', 'author'][i] as 'admin',
      })),
    );
    const seen = async (v: Visitor) => {
      const user = (await v.get('/v3.0/auth/check')).json().data.user;
      return {
        managed: (user.managedSubsites as { value: number }[]).some((m) => m.value === s.id),
        reviewed: (user.reviewed_subsite_ids as number[]).includes(s.id),
      };
    };
    expect(await seen(owner.v)).toEqual({ managed: true, reviewed: true });
    expect(await Promise.all(people.map((p) => seen(p.v)))).toEqual([
      { managed: true, reviewed: true },
      { managed: false, reviewed: true },
      { managed: false, reviewed: false },
      { managed: false, reviewed: false },
    ]);
  });
});

describe('what site staff change in a community’s settings', () => {
  async function siteStaff(role: 'moderator' | 'admin') {
    const u = await seasonedUser(t, role === 'admin' ? 'Админ сайта' : 'Модератор сайта');
    await t.database.db.update(users).set({ role }).where(eq(users.id, u.id));
    return u;
  }

  it('a site moderator changes who may post and the approval flag, nothing else; logged', async () => {
    const { s, owner } = await community();
    const mod = await siteStaff('moderator');
    const page = await mod.v.get(`/v3.0/subsite/settings/${s.id}`);
    expect(page.json().data.my_role, page.body).toBe('site_moderator');
    const saved = await mod.v.post(`/v3.0/subsite/save_settings/${s.id}`, { posting: 'members', is_moderated: 1 });
    expect(saved.json().data, saved.body).toMatchObject({ posting: 'members', is_moderated: true });
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subsite.settings'), eq(auditLog.targetId, s.id)));
    expect(log).toMatchObject({ actorId: mod.id, data: { posting: 'members', is_moderated: true } });

    for (const body of [
      { name: 'Захвачено' },
      { description: 'Новое' },
      { rules: 'Новые правила' },
      { avatar_url: '' },
      { cover_url: '' },
      { posting: 'everyone', name: 'Захвачено' },
    ])
      await expectError(
        mod.v.post(`/v3.0/subsite/save_settings/${s.id}`, body),
        403,
        messages.subsiteSettingsModerationOnly,
      );
    await expectError(mod.v.post(`/v3.0/subsite/members/${s.id}`, { user_id: mod.id, role: 'admin' }), 403);
    const row = (await t.database.db.select().from(subsites).where(eq(subsites.id, s.id)))[0];
    expect([row.name, row.description, row.posting, row.isModerated]).toEqual([s.name, '', 'members', true]);
    expect((await t.database.db.select().from(subsiteRoles).where(eq(subsiteRoles.subsiteId, s.id))).length).toBe(1);
    // A person's blog is not a community: 403.
    await expectError(mod.v.post(`/v3.0/subsite/save_settings/${owner.id}`, { is_moderated: 1 }), 403);
    await expectError(mod.v.get(`/v3.0/subsite/settings/${owner.id}`), 403);
  });

  it('a site admin changes everything in a community, as its admins do, and is logged', async () => {
    const { s } = await community();
    const admin = await siteStaff('admin');
    const saved = await admin.v.post(`/v3.0/subsite/save_settings/${s.id}`, {
      name: 'Переименовано',
      posting: 'authors',
    });
    expect(saved.json().data, saved.body).toMatchObject({
      name: 'Переименовано',
      posting: 'authors',
      my_role: 'admin',
    });
    const logs = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'subsite.settings'));
    expect(logs.some((l) => l.actorId === admin.id && l.targetId === s.id)).toBe(true);
  });
});
