import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { auditLog, bans, comments, entries, notifications, subsiteRoles, subsites, users } from '../../db/schema.ts';
import { isRussianError, newUser, useTestApp, type Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { expireBans } from './service.ts';
import { jobsOf } from '../../jobs/queue.ts';

// The first account (staff) is the superuser; others get their site roles set here.
const { t, staff } = useTestApp();
const DAY = 86_400_000;

async function withRole(role: 'user' | 'moderator' | 'admin' | 'superuser', name = 'Участник') {
  const u = await newUser(t.app, name);
  if (role !== 'user') await t.database.db.update(users).set({ role }).where(eq(users.id, u.id));
  return u;
}
const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const bansOf = (id: number) => t.database.db.select().from(bans).where(eq(bans.userId, id));
const auditCount = async () => (await t.database.db.select().from(auditLog)).length;
const ban = (v: Visitor, id: number, body: Record<string, unknown>) => v.post(`/v3.0/admin/users/${id}/ban`, body);
const unban = (v: Visitor, id: number, body: Record<string, unknown> = {}) =>
  v.post(`/v3.0/admin/users/${id}/unban`, body);

async function community(ownerId: number) {
  const [s] = await t.database.db
    .insert(subsites)
    .values({ type: 'community', slug: `c${Math.random().toString(36).slice(2, 8)}`, name: 'Сообщество' })
    .returning({ id: subsites.id });
  await t.database.db.insert(subsiteRoles).values({ subsiteId: s.id, userId: ownerId, role: 'owner' });
  return s.id;
}

describe('bans', () => {
  it('a moderator bans a user for some days: refused writes, notification, history, audit; unban lifts it', async () => {
    const mod = await withRole('moderator', 'Модератор Мария');
    const bad = await withRole('user', 'Нарушитель Иван');
    const res = await ban(mod.v, bad.id, { reason_text: 'Спам в комментариях', days: 3 });
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().rm).toBe(messages.banDone);
    const b = res.json().data.ban;
    expect(b).toMatchObject({ reason: 'Спам в комментариях', days: 3, is_active: true, subsite: null });
    expect(new Date(b.until).getTime() - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    expect((await row(bad.id)).bannedUntil?.toISOString()).toBe(b.until);

    // Reads, but every write is refused with the end date; the current user object says why.
    const refused = await bad.v.post('/v3.0/writing/save', { title: 'x', entry: [text('y')], is_published: 1 });
    expect(isRussianError(refused, 403)).toBe(true);
    expect(refused.json().data.banned_until).toBe(b.until);
    const me = await bad.v.get('/v3.0/auth/check');
    expect(me.json().data.user.ban).toEqual({ until: b.until, reason: 'Спам в комментариях' });
    await jobsOf(t.app.ctx).drain(); // the notice is a job queued with the change
    const note = await t.database.db.select().from(notifications).where(eq(notifications.userId, bad.id));
    expect(note.map((n) => n.type)).toContain('ban');

    const hist = await mod.v.get(`/v3.0/admin/users/${bad.id}/bans`);
    expect(hist.json().data.items).toHaveLength(1);
    const log = await mod.v.get(`/v3.0/admin/audit?user_id=${bad.id}`);
    expect(log.json().data.items[0]).toMatchObject({
      action: 'user.ban',
      actor: { id: mod.id, gender: 'male' }, // read from the name: «Модератор» ends like a man's
      target_id: bad.id,
      target_name: 'Нарушитель Иван',
      reason: 'Спам в комментариях',
    });
    // The gender she states is the one the log's verbs agree with.
    expect((await mod.v.post('/v3.0/notifications/settings/gender', { gender: 'female' })).json().rc).toBe(200);
    const stated = await mod.v.get(`/v3.0/admin/audit?user_id=${bad.id}`);
    expect(stated.json().data.items[0].actor.gender).toBe('female');

    const lifted = await unban(mod.v, bad.id, { reason_text: 'Ошибка' });
    expect(lifted.json().rc, lifted.body).toBe(200);
    expect((await row(bad.id)).bannedUntil).toBeNull();
    expect(lifted.json().data.ban).toMatchObject({ is_active: false, lifted_by: { id: mod.id } });
    expect(isRussianError(await unban(mod.v, bad.id), 404)).toBe(true);
  });

  it('days over 1095 are lowered to 1095; 0 or empty is for good, for superusers only', async () => {
    const mod = await withRole('moderator');
    const a = await withRole('user');
    const res = await ban(mod.v, a.id, { reason_text: 'Флуд', days: 1_000_000_000 });
    expect(res.json().data.ban.days).toBe(1095);
    const b = await withRole('user');
    const before = await auditCount();
    for (const days of [0, '', null]) {
      const r = await ban(mod.v, b.id, { reason_text: 'Флуд', days });
      expect(isRussianError(r, 403), r.body).toBe(true);
      expect(r.json().rm).toBe(messages.banForeverSuperuserOnly);
    }
    expect(await bansOf(b.id)).toHaveLength(0);
    const forever = await ban(staff, b.id, { reason_text: 'Флуд', days: 0 });
    expect(forever.json().rm).toBe(messages.banDoneForever);
    expect(forever.json().data.ban.until).toBeNull();
    expect((await row(b.id)).bannedUntil!.getUTCFullYear()).toBe(9999);
    expect(await auditCount()).toBe(before + 1);
  });

  it('bad input and wrong people: 4xx in Russian, nothing changed', async () => {
    const mod = await withRole('moderator');
    const admin = await withRole('admin');
    const user = await withRole('user');
    const other = await withRole('user');
    const before = await auditCount();
    const cases: [Visitor, number, Record<string, unknown>, number][] = [
      [mod.v, user.id, { reason_text: 'x', days: -1 }, 400],
      [mod.v, user.id, { reason_text: 'x', days: 1e12 }, 400],
      [mod.v, user.id, { reason_text: 'x', days: 1.5 }, 400],
      [mod.v, user.id, { reason_text: 'x', days: 'три' }, 400],
      [mod.v, user.id, { reason_text: 'я'.repeat(1_000_000), days: 1 }, 413],
      [mod.v, user.id, { reason_text: 'я'.repeat(1001), days: 1 }, 400],
      [mod.v, user.id, { reason_text: '   ', days: 1 }, 400],
      [mod.v, user.id, { days: 1 }, 400],
      [mod.v, user.id, { reason_text: 'x', days: 1, role: 'superuser' }, 400],
      [mod.v, user.id, { reason_text: 'x', days: 1, subsite_id: 'abc' }, 400],
      [mod.v, mod.id, { reason_text: 'x', days: 1 }, 400],
      [mod.v, admin.id, { reason_text: 'x', days: 1 }, 403],
      [mod.v, 2_000_000_000, { reason_text: 'x', days: 1 }, 404],
      [user.v, other.id, { reason_text: 'x', days: 1 }, 403],
      [admin.v, (await staff.get('/v3.0/auth/check')).json().data.user.id, { reason_text: 'x', days: 1 }, 403],
      [user.v, other.id, { reason_text: 'x', days: 1, subsite_id: await community(mod.id) }, 403],
      [mod.v, user.id, { reason_text: 'x', days: 1, subsite_id: 2_000_000_000 }, 404],
    ];
    for (const [v, id, body, rc] of cases) {
      const res = await ban(v, id, body);
      expect(isRussianError(res, rc), `${JSON.stringify(body).slice(0, 80)} → ${res.body.slice(0, 200)}`).toBe(true);
    }
    expect(isRussianError(await mod.v.post(`/v3.0/admin/users/abc/ban`, { reason_text: 'x', days: 1 }), 400)).toBe(
      true,
    );
    expect(
      isRussianError(await ban(mod.v, user.id, { reason_text: 'x', days: 1 }).then(() => unban(user.v, user.id)), 403),
    ).toBe(true);
    const noCsrf = await mod.v.post(
      `/v3.0/admin/users/${other.id}/ban`,
      { reason_text: 'x', days: 1 },
      { csrf: false },
    );
    expect(isRussianError(noCsrf, 403)).toBe(true);
    expect(await bansOf(other.id)).toHaveLength(0);
    expect((await row(other.id)).bannedUntil).toBeNull();
    expect((await row(admin.id)).bannedUntil).toBeNull();
    expect(await auditCount()).toBe(before + 1); // only the one valid ban above
  });

  it('remove all data takes entries and comments down, and an unban within 30 days brings them back', async () => {
    const bad = await withRole('user', 'Спамер');
    const reader = await withRole('user');
    const e = await savedEntry(bad.v, { title: 'Купите', entry: [text('Дёшево')], is_published: 1 });
    const host = await savedEntry(reader.v, { title: 'Обычная', entry: [text('Текст')], is_published: 1 });
    const c = await bad.v.post('/v3.0/comment/add', { id: host.id, text: 'Реклама' });
    expect(c.json().rc).toBe(200);
    const res = await ban(staff, bad.id, { reason_text: 'Спам', days: 7, remove_all_data: 1 });
    expect(res.json().data.ban).toMatchObject({ removed_entries: 1, removed_comments: 1 });
    const entryRow = async () => (await t.database.db.select().from(entries).where(eq(entries.id, e.id)))[0];
    expect((await entryRow()).removed).toBe(true);
    expect((await t.database.db.select().from(entries).where(eq(entries.id, host.id)))[0].commentsCount).toBe(0);
    expect((await reader.v.get(`/v3.0/comments?content_id=${host.id}`)).json().data.items).toHaveLength(0);

    await unban(staff, bad.id);
    expect((await entryRow()).removed).toBe(false);
    const back = await t.database.db.select().from(comments).where(eq(comments.authorId, bad.id));
    expect(back.every((r) => !r.removed)).toBe(true);
    expect((await t.database.db.select().from(entries).where(eq(entries.id, host.id)))[0].commentsCount).toBe(1);
  });

  it('the expiry job closes bans whose date passed and logs it; after 30 days removed data stays removed', async () => {
    const bad = await withRole('user');
    await savedEntry(bad.v, { title: 'Старое', entry: [text('т')], is_published: 1 });
    await ban(staff, bad.id, { reason_text: 'Срок', days: 1, remove_all_data: true });
    t.clock.now = new Date(Date.now() + 31 * DAY);
    try {
      expect(await expireBans(t.app.ctx)).toBeGreaterThanOrEqual(1);
      const [b] = await bansOf(bad.id);
      expect(b.endedAt?.toISOString()).toBe(b.until?.toISOString());
      expect(b.removedEntryIds).toEqual([]);
      expect((await row(bad.id)).bannedUntil).toBeNull();
      const log = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, bad.id));
      expect(log.map((l) => l.action)).toEqual(['user.ban', 'ban.expired']);
    } finally {
      t.clock.now = new Date();
    }
  });

  it('subsite bans: its owner bans in it, not site-wide, and not its own managers', async () => {
    const owner = await withRole('user', 'Владелец');
    const member = await withRole('user', 'Участник');
    const sid = await community(owner.id);
    const res = await ban(owner.v, member.id, { reason_text: 'Оффтоп', days: 5, subsite_id: sid });
    expect(res.json().rc, res.body).toBe(200);
    expect(res.json().data.ban.subsite.id).toBe(sid);
    expect((await row(member.id)).bannedUntil).toBeNull();
    // Out of this subsite only: no comment or entry in it, the rest of the site stays open.
    const inside = await savedEntry(owner.v, {
      title: 'В сообществе',
      entry: [text('т')],
      is_published: 1,
      subsite_id: sid,
    });
    const refused = await member.v.post('/v3.0/comment/add', { id: inside.id, text: 'Снова оффтоп' });
    expect(isRussianError(refused, 403) && refused.json().rm === messages.bannedInSubsite).toBe(true);
    const post = await member.v.post('/v3.0/writing/save', {
      title: 'x',
      entry: [text('y')],
      is_published: 1,
      subsite_id: sid,
    });
    expect(post.json().rm).toBe(messages.bannedInSubsite);
    const elsewhere = await savedEntry(member.v, { title: 'В блоге', entry: [text('т')], is_published: 1 });
    expect((await member.v.post('/v3.0/comment/add', { id: elsewhere.id, text: 'Можно' })).json().rc).toBe(200);
    expect(isRussianError(await ban(owner.v, member.id, { reason_text: 'x', days: 5 }), 403)).toBe(true);
    expect(
      isRussianError(
        await ban(owner.v, member.id, { reason_text: 'x', days: 5, subsite_id: sid, whole_platfrom: 1 }),
        403,
      ),
    ).toBe(true);
    expect(
      isRussianError(
        await ban(owner.v, member.id, { reason_text: 'x', days: 5, subsite_id: sid, remove_all_data: 1 }),
        403,
      ),
    ).toBe(true);
    const manager = await withRole('user');
    await t.database.db.insert(subsiteRoles).values({ subsiteId: sid, userId: manager.id, role: 'admin' });
    expect(isRussianError(await ban(manager.v, owner.id, { reason_text: 'x', days: 5, subsite_id: sid }), 403)).toBe(
      true,
    );
    expect((await unban(owner.v, member.id, { subsite_id: sid })).json().rc).toBe(200);
    expect((await member.v.post('/v3.0/comment/add', { id: inside.id, text: 'По теме' })).json().rc).toBe(200);
  });

  it('the audit log cannot be edited, even by the database role the app uses', async () => {
    await expect(t.database.db.execute(sql`update audit_log set reason = 'подделка'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it("a staff member removing someone else's comment is logged", async () => {
    const author = await withRole('user');
    const e = await savedEntry(author.v, { title: 'Запись', entry: [text('т')], is_published: 1 });
    const c = (await author.v.post('/v3.0/comment/add', { id: e.id, text: 'Грубость' })).json().data;
    await staff.post('/v3.0/admin/comments/remove', { id: c.id });
    await t.app.ctx.events.settled();
    const log = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, c.id));
    expect(log.map((l) => [l.action, l.targetType])).toEqual([['comment.remove', 'comment']]);
  });
});

describe('staff panel data', () => {
  it('search, user card, the bans list; staff only', async () => {
    const mod = await withRole('moderator');
    const u = await withRole('user', 'Искомый Пётр');
    const found = await mod.v.get(`/v3.0/admin/users?query=${encodeURIComponent('Искомый')}`);
    expect(found.json().data.items.map((i: { id: number }) => i.id)).toContain(u.id);
    expect((await mod.v.get(`/v3.0/admin/users?query=${u.id}`)).json().data.items[0].id).toBe(u.id);
    const card = (await mod.v.get(`/v3.0/admin/users/${u.id}`)).json().data;
    expect(card).toMatchObject({ user: { id: u.id, role: 'user' }, can_ban: true, can_ban_forever: false });
    await ban(mod.v, u.id, { reason_text: 'Проверка', days: 2 });
    const list = (await mod.v.get('/v3.0/admin/bans')).json().data.items;
    expect(list.map((b: { user: { id: number } }) => b.user.id)).toContain(u.id);
    for (const path of [
      '/v3.0/admin/bans',
      '/v3.0/admin/audit',
      `/v3.0/admin/users/${u.id}`,
      `/v3.0/admin/users/${u.id}/bans`,
      '/v3.0/admin/users?query=a',
    ])
      expect(isRussianError(await (await withRole('user')).v.get(path), 403), path).toBe(true);
    expect(isRussianError(await mod.v.get('/v3.0/admin/users?query='), 400)).toBe(true);
    expect(isRussianError(await mod.v.get(`/v3.0/admin/users?query=${'a'.repeat(101)}`), 400)).toBe(true);
    expect(isRussianError(await mod.v.get('/v3.0/admin/audit?action=DROP TABLE'), 400)).toBe(true);
  });
});
