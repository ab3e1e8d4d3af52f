import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { isRussianError, storedSettings, useTestApp, Visitor } from '../../testing/harness.ts';
import { entries, notifications, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { NotificationsPage } from '../../../shared/notifications.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { mentionTokens, notifyBan, notifyUnpublished } from './service.ts';

// The first account runs the site (superuser).
const { t, staff } = useTestApp();

const DAY = 86_400_000;
let seq = 0;

async function person(name = 'Тестовый Пользователь') {
  const v = new Visitor(t.app);
  const { user } = await v.register({ name });
  return { v, id: user.id as number, name };
}

async function entry(authorId: number, title = 'Запись о погоде') {
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title,
      slug: `zapis-${++seq}`,
      isPublished: true,
      publishedAt: new Date(Date.now() - DAY),
    })
    .returning();
  return row;
}

const drain = () => jobsOf(t.app.ctx).drain();

async function comment(v: Visitor, entryId: number, text: string, replyTo?: number) {
  const res = await v.post(
    '/v3.0/comment/add',
    replyTo ? { id: entryId, text, reply_to: replyTo } : { id: entryId, text },
  );
  expect(res.json().rc, res.body).toBe(200);
  await drain();
  return res.json().data as { id: number };
}

async function feed(v: Visitor, query = ''): Promise<NotificationsPage> {
  const res = await v.get(`/v3.0/notifications${query}`);
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data;
}
const items = async (v: Visitor) => (await feed(v)).items;
const count = async (v: Visitor) => (await v.get('/v3.0/notifications/count')).json().data.unread_count as number;
const rowsOf = (userId: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('notifications from comments', () => {
  it('tells the parent comment’s author of a reply and the entry’s author of a comment, never oneself', async () => {
    const author = await person('Автор Записи');
    const a = await person('Анна');
    const b = await person('Борис');
    const e = await entry(author.id);

    const first = await comment(a.v, e.id, 'Первый комментарий');
    let list = await items(author.v);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'comment',
      text: 'Анна прокомментировала вашу запись «Запись о погоде»',
      quote: 'Первый комментарий',
      url: `/${e.id}?comment=${first.id}`,
      is_read: false,
      actors_count: 1,
      comment_id: first.id,
    });
    expect(list[0].actors[0]).toMatchObject({ id: a.id, name: 'Анна' });
    expect(list[0].actors[0].url).toMatch(new RegExp(`^/u/${a.id}`));

    const reply = await comment(b.v, e.id, 'Ответ Анне', first.id);
    list = await items(a.v);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'reply',
      text: 'Борис ответил на ваш комментарий',
      comment_id: reply.id,
      quote: 'Ответ Анне',
    });
    // The entry's author hears of the second comment too; Boris hears of nothing he did himself.
    expect((await items(author.v)).map((n) => n.type)).toEqual(['comment', 'comment']);
    expect(await items(b.v)).toEqual([]);

    // Replying to oneself on one's own entry: nobody is told.
    await comment(author.v, e.id, 'Сам себе', (await comment(author.v, e.id, 'Автор пишет')).id);
    expect(await count(author.v)).toBe(2);
  });

  it('a reply to the entry author’s own comment is one notification (reply), not two', async () => {
    const author = await person('Автор');
    const a = await person('Вера');
    const e = await entry(author.id);
    const mine = await comment(author.v, e.id, 'Комментарий автора');
    await comment(a.v, e.id, 'Ответ автору', mine.id);
    expect((await items(author.v)).map((n) => n.type)).toEqual(['reply']);
  });

  it('tells people named by @slug or @name (a mention), at most once each', async () => {
    const author = await person('Автор');
    const named = await person('Григорий');
    const slugged = await person('Дарья Иванова');
    const [{ slug }] = (
      (await t.database.db.execute(sql`select slug from subsites where id = ${slugged.id}`)) as unknown as {
        rows: { slug: string }[];
      }
    ).rows;
    const e = await entry(author.id);
    await comment(author.v, e.id, `Привет, @григорий и @${slug}! И ещё раз @Григорий. Почта a@b.ru не упоминание.`);
    expect(await items(named.v)).toMatchObject([{ type: 'mention', text: 'Автор упомянул вас в комментарии' }]);
    expect(await items(slugged.v)).toMatchObject([{ type: 'mention' }]);
    expect(mentionTokens('mail@example.ru @Иван, @ivan-petrov. @x')).toEqual(['иван', 'ivan-petrov']);
  });

  it('a muted author never notifies, nor a banned one', async () => {
    const author = await person('Автор');
    const noisy = await person('Шумный');
    const e = await entry(author.id);
    expect((await author.v.post(`/v3.0/mute/subsite/${noisy.id}`, {})).json().rc).toBe(200);
    await comment(noisy.v, e.id, 'Меня не слышно');
    expect(await items(author.v)).toEqual([]);

    const banned = await person('Нарушитель');
    const c = await comment(banned.v, e.id, 'Пока не забанен');
    await t.database.db.delete(notifications).where(eq(notifications.userId, author.id));
    await t.database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + DAY) })
      .where(eq(users.id, banned.id));
    // The ban lands between the comment and the job: the job checks again.
    t.app.ctx.events.emit('comment.created', {
      commentId: c.id,
      entryId: e.id,
      authorId: banned.id,
      replyTo: null,
      text: 'x',
    });
    await drain();
    expect(await items(author.v)).toEqual([]);
  });
});

describe('grouped notifications', () => {
  it('groups upvotes on an entry: «Иван и ещё 2 оценили вашу запись»; a downvote tells nobody; reading starts a new group', async () => {
    const author = await person('Автор');
    const e = await entry(author.id, 'Про котов');
    const voters = [await person('Пётр'), await person('Олег'), await person('Иван')];
    const down = await person('Хмурый');
    expect((await down.v.post('/v3.0/like', { id: e.id, type: 'content', sign: -1 })).json().rc).toBe(200);
    // One at a time: jobs of one batch run concurrently on PostgreSQL, and the group's order is the votes' order.
    for (const v of voters) {
      expect((await v.v.post('/v3.0/like', { id: e.id, type: 'content', sign: 1 })).json().rc).toBe(200);
      await drain();
    }
    let list = await items(author.v);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'vote_entry',
      text: 'Иван и ещё 2 оценили вашу запись «Про котов»',
      actors_count: 3,
      url: `/${e.id}`,
    });
    expect(list[0].actors.map((a) => a.name)).toEqual(['Иван', 'Олег', 'Пётр']);

    // Taking a vote back and giving it again does not count the person twice.
    await voters[0].v.post('/v3.0/like', { id: e.id, type: 'content', sign: 0 });
    await voters[0].v.post('/v3.0/like', { id: e.id, type: 'content', sign: 1 });
    await drain();
    list = await items(author.v);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ text: 'Пётр и ещё 2 оценили вашу запись «Про котов»', actors_count: 3 });

    expect((await author.v.post('/v3.0/notifications/mark-as-read', {})).json().data).toEqual({
      marked: 1,
      unread_count: 0,
    });
    const late = await person('Поздний');
    await late.v.post('/v3.0/like', { id: e.id, type: 'content', sign: 1 });
    await drain();
    list = await items(author.v);
    expect(list.map((n) => [n.text, n.is_read])).toEqual([
      ['Поздний оценил вашу запись «Про котов»', false],
      ['Пётр и ещё 2 оценили вашу запись «Про котов»', true],
    ]);
  });

  it('groups upvotes on a comment and new subscribers', async () => {
    const author = await person('Автор');
    const e = await entry(author.id);
    const c = await comment(author.v, e.id, 'Мой комментарий');
    const fans = [await person('Фан Один'), await person('Фан Два')];
    for (const f of fans) {
      await f.v.post('/v3.0/like', { id: c.id, type: 'comment', sign: 1 });
      expect((await f.v.post(`/v3.0/subscribe/to/subsite/${author.id}`, {})).json().rc).toBe(200);
    }
    await drain();
    const list = await items(author.v);
    expect(list.map((n) => n.text).sort()).toEqual([
      'Фан Два и ещё 1 оценили ваш комментарий',
      'Фан Два и ещё 1 подписались на ваш блог',
    ]);
    expect(list.find((n) => n.type === 'vote_comment')!.url).toBe(`/${e.id}?comment=${c.id}`);
    // Unsubscribing tells nobody.
    await fans[0].v.post(`/v3.0/unsubscribe/to/subsite/${author.id}`, {});
    await drain();
    expect(await items(author.v)).toHaveLength(2);
  });
});

describe('moderation and system notifications', () => {
  it('unpublished and ban notifications from the moderation helpers', async () => {
    const author = await person('Автор');
    const e = await entry(author.id, 'Спорная запись');
    await notifyUnpublished(t.app.ctx, e.id, 'Нарушение правил');
    await notifyBan(t.app.ctx, author.id, '2030-01-02T09:00:00.000Z', 'Спам');
    await drain();
    const list = await items(author.v);
    expect(list.map((n) => [n.type, n.text, n.quote]).sort()).toEqual(
      [
        ['ban', 'Ваш аккаунт заблокирован до среды, 2 января 2030, 12:00', 'Спам'],
        ['unpublished', 'Ваша запись «Спорная запись» снята с публикации', 'Нарушение правил'],
      ].sort(),
    );
  });

  it('staff removing a published entry tells its author; the author removing their own, or a draft, tells nobody', async () => {
    const author = await person('Автор');
    const [own, taken, draft] = [
      await entry(author.id, 'Своя'),
      await entry(author.id, 'Снятая'),
      await entry(author.id, 'Черновик'),
    ];
    await t.database.db.update(entries).set({ isPublished: false, publishedAt: null }).where(eq(entries.id, draft.id));
    for (const [v, id] of [
      [author.v, own.id],
      [staff, taken.id],
      [staff, draft.id],
    ] as const) {
      expect((await v.post(`/v3.0/writing/${id}/remove`, {})).json().rc).toBe(200);
    }
    // A second press changes nothing and tells nobody again.
    expect((await staff.post(`/v3.0/writing/${taken.id}/remove`, {})).json().rc).toBe(200);
    await t.app.ctx.events.settled();
    await drain();
    expect((await items(author.v)).map((n) => [n.type, n.text])).toEqual([
      ['unpublished', 'Ваша запись «Снятая» снята с публикации'],
    ]);
  });

  it('POST /v3.0/admin/notifications/system: staff send a system message; others and bad input are refused', async () => {
    const reader = await person('Читатель');
    const res = await staff.post('/v3.0/admin/notifications/system', {
      user_id: reader.id,
      text: '  Добро пожаловать!  ',
    });
    expect(res.json(), res.body).toMatchObject({ rc: 200, rm: messages.notificationSent });
    await drain();
    expect(await items(reader.v)).toMatchObject([
      { type: 'system', text: 'Добро пожаловать!', url: '/notifications', actors: [], actors_count: 0 },
    ]);

    const other = await person('Другой');
    const before = (await t.database.db.select().from(notifications)).length;
    expect(
      isRussianError(
        await other.v.post('/v3.0/admin/notifications/system', { user_id: reader.id, text: 'Я тоже админ' }),
        403,
      ),
    ).toBe(true);
    expect(
      isRussianError(
        await new Visitor(t.app).post('/v3.0/admin/notifications/system', { user_id: reader.id, text: 'x' }),
        401,
      ),
    ).toBe(true);
    for (const body of [
      {},
      { user_id: reader.id },
      { user_id: reader.id, text: '' },
      { user_id: reader.id, text: '   ' },
      { user_id: 'abc', text: 'x' },
      { user_id: -1, text: 'x' },
      { user_id: 1.5, text: 'x' },
      { user_id: reader.id, text: 5 },
      { user_id: reader.id, text: 'x'.repeat(2001) },
      { user_id: reader.id, text: 'x', extra: 1 },
      { user_id: [1], text: 'x' },
    ]) {
      expect(
        isRussianError(await staff.post('/v3.0/admin/notifications/system', body), 400),
        JSON.stringify(body),
      ).toBe(true);
    }
    expect(
      isRussianError(await staff.post('/v3.0/admin/notifications/system', { user_id: 2 ** 31 - 1, text: 'x' }), 404),
    ).toBe(true);
    expect(
      isRussianError(
        await staff.post('/v3.0/admin/notifications/system', { user_id: reader.id, text: 'x' }, { csrf: false }),
        403,
      ),
    ).toBe(true);
    await drain();
    expect((await t.database.db.select().from(notifications)).length).toBe(before);
  });
});

describe('reading, counting and marking', () => {
  async function withThree() {
    const author = await person('Автор');
    const e = await entry(author.id);
    const a = await person('Комментатор');
    const c1 = await comment(a.v, e.id, 'Раз');
    const c2 = await comment(a.v, e.id, 'Два');
    const c3 = await comment(a.v, e.id, 'Три');
    return { author, e, a, c: [c1, c2, c3] };
  }

  it('pages by cursor, newest first', async () => {
    const { author, c } = await withThree();
    const first = await feed(author.v, '?count=2');
    expect(first.items.map((n) => n.comment_id)).toEqual([c[2].id, c[1].id]);
    expect(first.is_finished).toBe(false);
    expect(first.unread_count).toBe(3);
    const rest = await feed(
      author.v,
      `?count=2&last_id=${first.last_id}&last_sorting_value=${first.last_sorting_value}`,
    );
    expect(rest.items.map((n) => n.comment_id)).toEqual([c[0].id]);
    expect(rest.is_finished).toBe(true);
  });

  it('marks one ({id}), those about a comment ({commentId}) or all; another person’s ids change nothing', async () => {
    const { author, a, c } = await withThree();
    const list = await items(author.v);
    expect(await count(author.v)).toBe(3);

    // Someone else's id and comment id: nothing changes.
    const other = await person('Посторонний');
    expect((await other.v.post('/v3.0/notifications/mark-as-read', { id: list[0].id })).json().data).toEqual({
      marked: 0,
      unread_count: 0,
    });
    expect((await other.v.post('/v3.0/notifications/mark-as-read', { commentId: c[0].id })).json().data.marked).toBe(0);
    expect((await other.v.post('/v3.0/notifications/mark-as-read', {})).json().data.marked).toBe(0);
    expect(await count(author.v)).toBe(3);

    const changes: unknown[] = [];
    const off = t.app.ctx.events.on('notification.changed', (p) => void changes.push(p));
    expect((await author.v.post('/v3.0/notifications/mark-as-read', { id: list[0].id })).json().data).toEqual({
      marked: 1,
      unread_count: 2,
    });
    expect(
      (await author.v.post('/v3.0/notifications/mark-as-read', { commentId: String(c[0].id) }, { as: 'form' })).json()
        .data,
    ).toEqual({ marked: 1, unread_count: 1 });
    expect((await author.v.post('/v3.0/notifications/mark-as-read', {})).json().data).toEqual({
      marked: 1,
      unread_count: 0,
    });
    expect((await author.v.post('/v3.0/notifications/mark-as-read', {})).json().data).toEqual({
      marked: 0,
      unread_count: 0,
    });
    await t.app.ctx.events.settled();
    off();
    expect(changes).toEqual([
      { userId: author.id, notificationId: list[0].id, unreadCount: 2 },
      { userId: author.id, notificationId: expect.any(Number), unreadCount: 1 },
      { userId: author.id, notificationId: expect.any(Number), unreadCount: 0 },
    ]);
    void a;
  });

  it('tells the realtime channel of every new notification', async () => {
    const author = await person('Автор');
    const e = await entry(author.id);
    const changes: { userId: number; unreadCount: number }[] = [];
    const off = t.app.ctx.events.on('notification.changed', (p) => void changes.push(p));
    await comment((await person('Гость')).v, e.id, 'Привет');
    off();
    expect(changes).toEqual([{ userId: author.id, notificationId: expect.any(Number), unreadCount: 1 }]);
  });

  it('refuses bad input with a Russian message and needs a signed-in reader', async () => {
    const { author } = await withThree();
    const anon = new Visitor(t.app);
    expect(isRussianError(await anon.get('/v3.0/notifications'), 401)).toBe(true);
    expect(isRussianError(await anon.get('/v3.0/notifications/count'), 401)).toBe(true);
    expect(isRussianError(await anon.post('/v3.0/notifications/mark-as-read', {}), 401)).toBe(true);
    expect(isRussianError(await anon.get('/v3.0/notifications/settings'), 401)).toBe(true);
    for (const q of [
      '?last_id=1',
      '?last_id=abc&last_sorting_value=1',
      '?count=0',
      '?count=51',
      '?count=x',
      '?foo=1',
      '?last_id=-1&last_sorting_value=5',
    ]) {
      expect(isRussianError(await author.v.get(`/v3.0/notifications${q}`), 400), q).toBe(true);
    }
    for (const body of [
      { id: 'x' },
      { id: -3 },
      { id: 1.5 },
      { commentId: true },
      { id: 1, commentId: 1 },
      { id: 1, other: 2 },
      { commentId: 2 ** 40 },
      { id: [1] },
    ]) {
      expect(
        isRussianError(await author.v.post('/v3.0/notifications/mark-as-read', body), 400),
        JSON.stringify(body),
      ).toBe(true);
    }
    // Ids are decimal digits only, as JSON numbers or form strings: hex, exponents, fractions, signs and blanks are refused.
    for (const id of ['0x10', '1e3', '1.5', '-1', ' ']) {
      const res = await author.v.post('/v3.0/notifications/mark-as-read', { id });
      expect(isRussianError(res, 400), id).toBe(true);
      expect(res.json().rm).toBe(messages.notificationIdInvalid);
      const byComment = await author.v.call('/v3.0/notifications/mark-as-read', {
        method: 'POST',
        as: 'form',
        body: { commentId: id },
      });
      expect(byComment.json().rm).toBe(messages.commentIdInvalid);
    }
    expect(isRussianError(await author.v.post('/v3.0/notifications/mark-as-read', {}, { csrf: false }), 403)).toBe(
      true,
    );
    expect(await count(author.v)).toBe(3);
  });
});

describe('settings', () => {
  it('the verb follows the actor: read from the name, or as the actor stated in their settings', async () => {
    const author = await person('Автор');
    const e = await entry(author.id, 'Про лето');
    const nikita = await person('Никита Ковалёв');
    const anna = await person('Анна Светлова');
    expect((await nikita.v.get('/v3.0/notifications/settings')).json().data).toMatchObject({
      gender: null,
      guessed_gender: 'male',
    });
    await comment(nikita.v, e.id, 'Первый');
    await comment(anna.v, e.id, 'Вторая');
    expect((await items(author.v)).map((n) => n.text)).toEqual([
      'Анна Светлова прокомментировала вашу запись «Про лето»',
      'Никита Ковалёв прокомментировал вашу запись «Про лето»',
    ]);
    // Stated genders win over the name, are shown by settings, and 'auto' drops them; texts are rendered when read.
    const saved = await nikita.v.post('/v3.0/notifications/settings/gender', { gender: 'female' });
    expect(saved.json()).toMatchObject({
      rc: 200,
      rm: messages.notificationSettingsSaved,
      data: { gender: 'female', guessed_gender: 'male' },
    });
    expect((await items(author.v))[1].text).toBe('Никита Ковалёв прокомментировала вашу запись «Про лето»');
    await nikita.v.post('/v3.0/notifications/settings/gender', { gender: 'auto' }, { as: 'form' });
    expect((await items(author.v))[1].text).toBe('Никита Ковалёв прокомментировал вашу запись «Про лето»');
    expect(await storedSettings(t, nikita.id, 'profile')).not.toHaveProperty('gender');

    for (const body of [{}, { gender: 'other' }, { gender: 1 }, { gender: ['male'] }, { gender: 'male', x: 1 }]) {
      expect(
        isRussianError(await nikita.v.post('/v3.0/notifications/settings/gender', body), 400),
        JSON.stringify(body),
      ).toBe(true);
    }
    expect(
      isRussianError(
        await nikita.v.post('/v3.0/notifications/settings/gender', { gender: 'male' }, { csrf: false }),
        403,
      ),
    ).toBe(true);
    expect(
      isRussianError(await new Visitor(t.app).post('/v3.0/notifications/settings/gender', { gender: 'male' }), 401),
    ).toBe(true);
    expect((await nikita.v.get('/v3.0/notifications/settings')).json().data.gender).toBeNull();
  });

  it('per-type switches: a type off on the site is not stored; the answer shows the defaults merged', async () => {
    const author = await person('Автор');
    const e = await entry(author.id);
    const initial = (await author.v.get('/v3.0/notifications/settings')).json().data;
    expect(initial.notifications.reply).toEqual({ site: true, email: true });
    expect(initial.notifications.vote_entry).toEqual({ site: true, email: false });
    expect(initial.digest).toBe(false);

    const res = await author.v.post(
      '/v3.0/notifications/settings',
      { type: 'comment', channel: 'site', enabled: '0' },
      { as: 'form' },
    );
    expect(res.json(), res.body).toMatchObject({ rc: 200, rm: messages.notificationSettingsSaved });
    expect(res.json().data.notifications.comment).toEqual({ site: false, email: false });
    await author.v.post('/v3.0/notifications/settings', { type: 'reply', channel: 'email', enabled: false });
    expect(await storedSettings(t, author.id, 'notifications')).toMatchObject({
      comment: { site: false },
      reply: { email: false },
    });

    await comment((await person('Гость')).v, e.id, 'Не дойдёт');
    expect(await rowsOf(author.id)).toEqual([]);

    for (const body of [
      {},
      { type: 'bogus', channel: 'site', enabled: true },
      { type: 'reply', channel: 'sms', enabled: true },
      { type: 'reply', channel: 'site', enabled: 'yes' },
      { type: 'reply', channel: 'site' },
      { type: 'reply', channel: 'site', enabled: true, x: 1 },
      { type: ['reply'], channel: 'site', enabled: true },
    ]) {
      expect(isRussianError(await author.v.post('/v3.0/notifications/settings', body), 400), JSON.stringify(body)).toBe(
        true,
      );
    }
    expect(
      isRussianError(
        await new Visitor(t.app).post('/v3.0/notifications/settings', {
          type: 'reply',
          channel: 'site',
          enabled: true,
        }),
        401,
      ),
    ).toBe(true);
    expect((await author.v.get('/v3.0/notifications/settings')).json().data.notifications.comment).toEqual({
      site: false,
      email: false,
    });
    expect(isRussianError(await author.v.get('/v3.0/notifications/settings?extra=1'), 400)).toBe(true);
  });
});
