import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { joinRequests, subscriptions, subsiteRoles, subsites, users } from '../../db/schema.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

/**
 * A private community (issue 32, point 4): its settings, the door (requests, approve, refuse, Plus at once) and who
 * reads it. What it leaves out of feeds, search, RSS and the rest: private-reading.test.ts.
 */
const { t, signedIn } = useTestApp();
const db = () => t.database.db;

type Json = Record<string, any>;
let seq = 0;

/** A community its creator made private, with one published entry; `plus_join` as given. */
async function club(plusJoin = false) {
  const owner = await signedIn('Создатель Клуба');
  seq += 1;
  const made = await owner.v.post('/v3.0/subsite/create', { name: `Клуб своих ${seq}`, slug: `club-own-${seq}` });
  expect(made.json().rc, made.body).toBe(200);
  const id = made.json().data.id as number;
  const entry = await savedEntry(owner.v, {
    title: `Тайная запись ${seq}`,
    entry: [text('Секретный текст клуба')],
    subsite_id: id,
    is_published: 1,
  });
  const res = await owner.v.post(`/v3.0/subsite/save_settings/${id}`, { is_private: 1, plus_join: plusJoin ? 1 : 0 });
  expect(res.json().data, res.body).toMatchObject({ is_private: true, plus_join: plusJoin });
  return { owner, id, entry };
}

const plus = (id: number) => db().update(users).set({ isPaid: true }).where(eq(users.id, id));
const member = async (userId: number, subsiteId: number) =>
  (
    await db()
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.subsiteId, subsiteId)))
  ).length > 0;
const requested = async (userId: number, subsiteId: number) =>
  (
    await db()
      .select()
      .from(joinRequests)
      .where(and(eq(joinRequests.userId, userId), eq(joinRequests.subsiteId, subsiteId)))
  ).length > 0;
const notices = async (v: Visitor) => {
  await jobsOf(t.app.ctx).drain();
  return JSON.stringify((await v.get('/v3.0/notifications')).json().data.items);
};
const join = (v: Visitor, id: number) => v.post(`/v3.0/subscribe/to/subsite/${id}`);

describe('making a community private (POST /v3.0/subsite/save_settings/{id})', () => {
  it('its creator and admins do; the settings and the header say so; open again, the waiting requests go', async () => {
    const { owner, id } = await club();
    const settings = (await owner.v.get(`/v3.0/subsite/settings/${id}`)).json().data;
    expect(settings).toMatchObject({ is_private: true, plus_join: false });
    expect((await new Visitor(t.app).get(`/v3.0/subsite/${id}`)).json().data).toMatchObject({
      is_private: true,
      can_read: false,
      plus_join: false,
      is_join_requested: false,
      join_requests_count: 0,
    });
    const admin = await signedIn('Админ Клуба');
    await owner.v.post(`/v3.0/subsite/members/${id}`, { user_id: admin.id, role: 'admin' });
    const asker = await signedIn('Просящийся');
    await join(asker.v, id);
    expect((await owner.v.get(`/v3.0/subsite/${id}`)).json().data).toMatchObject({
      can_read: true,
      join_requests_count: 1,
    });
    const open = await admin.v.post(`/v3.0/subsite/save_settings/${id}`, { is_private: 'false' });
    expect(open.json().data.is_private, open.body).toBe(false);
    expect(await requested(asker.id, id)).toBe(false);
    expect((await asker.v.get(`/v3.0/subsite/${id}`)).json().data).toMatchObject({ can_read: true, is_private: false });
  });

  it('refuses editors, strangers, site moderators (moderation settings only), blogs and companies, bad values and stray fields', async () => {
    const { owner, id } = await club();
    const editor = await signedIn('Редактор Клуба');
    await owner.v.post(`/v3.0/subsite/members/${id}`, { user_id: editor.id, role: 'editor' });
    const stranger = await signedIn('Чужой');
    const moderator = await signedIn('Модератор Сайта');
    await db().update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    for (const [v, rm] of [
      [editor.v, messages.subsiteSettingsForbidden],
      [stranger.v, messages.subsiteSettingsForbidden],
      [moderator.v, messages.subsiteSettingsModerationOnly],
    ] as const) {
      const res = await v.post(`/v3.0/subsite/save_settings/${id}`, { is_private: 0 });
      expect(isRussianError(res, 403), res.body).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
    const blog = await owner.v.post(`/v3.0/subsite/save_settings/${owner.id}`, { is_private: 1 });
    expect(isRussianError(blog, 400)).toBe(true);
    expect(blog.json().rm).toBe(messages.privateOnlyCommunity);
    const [company] = await db()
      .insert(subsites)
      .values({ type: 'company', slug: `firm-${Date.now()}`, name: 'Фирма' })
      .returning();
    await db().insert(subsiteRoles).values({ subsiteId: company.id, userId: owner.id, role: 'owner' });
    const firm = await owner.v.post(`/v3.0/subsite/save_settings/${company.id}`, { plus_join: 1 });
    expect(isRussianError(firm, 400), firm.body).toBe(true);
    for (const body of [{ is_private: 'yes' }, { is_private: 2 }, { plus_join: [] }, { is_private: 1, is_secret: 1 }]) {
      expect(
        isRussianError(await owner.v.post(`/v3.0/subsite/save_settings/${id}`, body), 400),
        JSON.stringify(body),
      ).toBe(true);
    }
    expect(
      isRussianError(await owner.v.post(`/v3.0/subsite/save_settings/${id}`, { is_private: 0 }, { csrf: false }), 403),
    ).toBe(true);
    expect((await db().select().from(subsites).where(eq(subsites.id, id)))[0].isPrivate).toBe(true);
  });
});

describe('joining a private community', () => {
  it('asks its managers (told by a notification); the creator approves; the reader is told and reads the entry', async () => {
    const { owner, id, entry } = await club();
    const reader = await signedIn('Читатель Клуба');
    const asked = await join(reader.v, id);
    expect(asked.json()).toMatchObject({
      rc: 200,
      rm: messages.joinRequested,
      data: { subsite_id: id, is_subscribed: false, is_requested: true },
    });
    // Asking twice keeps one request.
    expect((await join(reader.v, id)).json().data.is_requested).toBe(true);
    expect(await member(reader.id, id)).toBe(false);
    expect((await reader.v.get(`/v3.0/subsite/${id}`)).json().data).toMatchObject({
      is_join_requested: true,
      can_read: false,
    });
    expect(await notices(owner.v)).toContain(messages.joinRequestedNotice('Читатель Клуба', `Клуб своих ${seq}`));

    const list = (await owner.v.get(`/v3.0/subsite/requests/${id}`)).json();
    expect(list.data).toMatchObject({ count: 1, items: [{ id: reader.id, name: 'Читатель Клуба', is_plus: false }] });
    expect(isRussianError(await reader.v.get(`/v3.0/entry/${entry.id}`), 403)).toBe(true);

    const approved = await owner.v.post(`/v3.0/subsite/requests/${id}/approve`, { user_id: reader.id });
    expect(approved.json()).toMatchObject({ rc: 200, rm: messages.joinApproved, data: { count: 0, items: [] } });
    expect(await member(reader.id, id)).toBe(true);
    expect(await notices(reader.v)).toContain(messages.joinApprovedNotice(`Клуб своих ${seq}`));
    const read = await reader.v.get(`/v3.0/entry/${entry.id}`);
    expect(read.json().data.entry, read.body).toMatchObject({ id: entry.id, subsite: { id, is_private: true } });
    // Answered once: a second answer finds no request.
    const again = await owner.v.post(`/v3.0/subsite/requests/${id}/approve`, { user_id: reader.id });
    expect(isRussianError(again, 404)).toBe(true);
    expect(again.json().rm).toBe(messages.joinRequestNotFound);
    // Leaving closes the door behind: the entry is refused again.
    await reader.v.post(`/v3.0/unsubscribe/to/subsite/${id}`);
    expect(isRussianError(await reader.v.get(`/v3.0/entry/${entry.id}`), 403)).toBe(true);
  });

  it('a refused reader is told and stays outside; a withdrawn request is gone', async () => {
    const { owner, id } = await club();
    const reader = await signedIn('Отказник');
    await join(reader.v, id);
    const refused = await owner.v.post(`/v3.0/subsite/requests/${id}/refuse`, { user_id: reader.id });
    expect(refused.json()).toMatchObject({ rc: 200, rm: messages.joinRefused, data: { count: 0 } });
    expect(await member(reader.id, id)).toBe(false);
    expect(await notices(reader.v)).toContain(messages.joinRefusedNotice(`Клуб своих ${seq}`));
    await join(reader.v, id);
    const withdrawn = await reader.v.post(`/v3.0/unsubscribe/to/subsite/${id}`);
    expect(withdrawn.json().data).toMatchObject({ is_subscribed: false, is_requested: false });
    expect(await requested(reader.id, id)).toBe(false);
  });

  it('Plus readers join at once where the community lets them; elsewhere they ask like everyone', async () => {
    const open = await club(true);
    const closed = await club(false);
    const reader = await signedIn('Читатель с Плюсом');
    await plus(reader.id);
    expect((await join(reader.v, open.id)).json()).toMatchObject({
      rm: messages.subscribed,
      data: { is_subscribed: true, is_requested: false },
    });
    expect((await reader.v.get(`/v3.0/entry/${open.entry.id}`)).json().rc).toBe(200);
    expect((await join(reader.v, closed.id)).json().data).toMatchObject({ is_subscribed: false, is_requested: true });
    // Without Plus, the open-to-Plus community asks too.
    const plain = await signedIn('Читатель без Плюса');
    expect((await join(plain.v, open.id)).json().data.is_requested).toBe(true);
  });

  it("the team and the site's staff come in at once", async () => {
    const { owner, id } = await club();
    const author = await signedIn('Автор Клуба');
    await owner.v.post(`/v3.0/subsite/members/${id}`, { user_id: author.id, role: 'author' });
    expect((await join(author.v, id)).json().data.is_subscribed).toBe(true);
    const moderator = await signedIn('Модератор Сайта');
    await db().update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    expect((await join(moderator.v, id)).json().data.is_subscribed).toBe(true);
  });

  it('the request list and the answers: only its creator, admins and the site admins; bad input is a Russian 4xx', async () => {
    const { owner, id } = await club();
    const other = await club();
    const reader = await signedIn('Ждущий');
    await join(reader.v, id);
    const editor = await signedIn('Редактор');
    await owner.v.post(`/v3.0/subsite/members/${id}`, { user_id: editor.id, role: 'editor' });
    const moderator = await signedIn('Модератор');
    await db().update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    // Another community's creator, the reader themselves, an editor, a site moderator: 403.
    for (const v of [other.owner.v, reader.v, editor.v, moderator.v]) {
      const list = await v.get(`/v3.0/subsite/requests/${id}`);
      expect(isRussianError(list, 403), list.body).toBe(true);
      expect(list.json().rm).toBe(messages.joinRequestsForbidden);
      const ok = await v.post(`/v3.0/subsite/requests/${id}/approve`, { user_id: reader.id });
      expect(isRussianError(ok, 403), ok.body).toBe(true);
    }
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/subsite/requests/${id}`), 401)).toBe(true);
    expect(await requested(reader.id, id)).toBe(true);
    // Someone who never asked, another community's requester, an unknown person: 404, nobody joins.
    const stranger = await signedIn('Не просил');
    const elsewhere = await signedIn('Просил в другой');
    await join(elsewhere.v, other.id);
    for (const userId of [stranger.id, elsewhere.id, 2 ** 31 - 1]) {
      const res = await owner.v.post(`/v3.0/subsite/requests/${id}/approve`, { user_id: userId });
      expect(isRussianError(res, 404), res.body).toBe(true);
    }
    expect(await member(elsewhere.id, id)).toBe(false);
    expect(await requested(elsewhere.id, other.id)).toBe(true);
    for (const body of [
      {},
      { user_id: 'abc' },
      { user_id: -1 },
      { user_id: 1.5 },
      { user_id: reader.id, role: 'admin' },
    ]) {
      const res = await owner.v.post(`/v3.0/subsite/requests/${id}/refuse`, body);
      expect(isRussianError(res, 400), JSON.stringify(body)).toBe(true);
    }
    for (const path of [`/v3.0/subsite/requests/abc/approve`, `/v3.0/subsite/requests/0/refuse`]) {
      expect(isRussianError(await owner.v.post(path, { user_id: reader.id }), 400)).toBe(true);
    }
    expect(
      isRussianError(await owner.v.post(`/v3.0/subsite/requests/2000000000/approve`, { user_id: reader.id }), 404),
    ).toBe(true);
    expect(isRussianError(await owner.v.get(`/v3.0/subsite/requests/${id}?page=2`), 400)).toBe(true);
    const noMark = await owner.v.post(`/v3.0/subsite/requests/${id}/approve`, { user_id: reader.id }, { csrf: false });
    expect(isRussianError(noMark, 403)).toBe(true);
    expect(await member(reader.id, id)).toBe(false);
    // A site admin answers as the community's admins do.
    const admin = await signedIn('Админ Сайта');
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const done = await admin.v.post(`/v3.0/subsite/requests/${id}/approve`, { user_id: reader.id });
    expect(done.json().rc, done.body).toBe(200);
    expect(await member(reader.id, id)).toBe(true);
  });
});

describe('votes in a private community (spec/foundation.md §6: Plus votes there)', () => {
  it('outsiders are refused (403), members without Plus asked for it (402), members with Plus vote', async () => {
    const { owner, id, entry } = await club();
    const comment = await owner.v.post('/v3.0/comment/add', { id: entry.id, text: 'Комментарий для своих' });
    expect(comment.json().rc, comment.body).toBe(200);
    const outsider = await signedIn('Чужой с Плюсом');
    await plus(outsider.id);
    for (const body of [
      { id: entry.id, type: 'content', sign: 1 },
      { id: comment.json().data.id, type: 'comment', sign: 1 },
    ]) {
      const res = await outsider.v.post('/v3.0/like', body);
      expect(isRussianError(res, 403), res.body).toBe(true);
      expect(res.json()).toMatchObject({ rm: messages.entryPrivate, error: 'entry_private', data: { subsite_id: id } });
    }
    const reader = await signedIn('Участник без Плюса');
    await join(reader.v, id);
    await owner.v.post(`/v3.0/subsite/requests/${id}/approve`, { user_id: reader.id });
    const asked = await reader.v.post('/v3.0/like', { id: entry.id, type: 'content', sign: 1 });
    expect(isRussianError(asked, 402)).toBe(true);
    expect(asked.json().rm).toBe(messages.votePlusRequired);
    await plus(reader.id);
    expect((await reader.v.post('/v3.0/like', { id: entry.id, type: 'content', sign: 1 })).json().data).toEqual({
      count: 1,
      summ: 1,
      is_liked: 1,
    });
  });
});

describe('writing in a private community', () => {
  it("its 'everyone' posting rule means its members; the team and members post", async () => {
    const { owner, id } = await club();
    const outsider = await signedIn('Чужой Автор');
    const res = await outsider.v.post('/v3.0/writing/save', {
      title: 'Пост снаружи',
      entry: [text('Текст')],
      subsite_id: id,
      is_published: 1,
    });
    expect(isRussianError(res, 403), res.body).toBe(true);
    expect(res.json().rm).toBe(messages.privatePostingMembersOnly);
    const targets = (await outsider.v.get('/v3.0/writing/targets')).json().data.targets as Json[];
    expect(targets.map((x) => x.id)).not.toContain(id);
    await join(outsider.v, id);
    await owner.v.post(`/v3.0/subsite/requests/${id}/approve`, { user_id: outsider.id });
    const saved = await savedEntry(outsider.v, {
      title: 'Пост изнутри',
      entry: [text('Текст')],
      subsite_id: id,
      is_published: 1,
    });
    expect(saved.subsite).toMatchObject({ id, is_private: true });
  });
});
