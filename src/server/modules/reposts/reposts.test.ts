import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { isRussianError, useTestApp, type Visitor } from '../../testing/harness.ts';
import { entries, notifications, reposts, subsiteRoles, subsites } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { REPOST_COMMENT_MAX } from '../../../shared/api/reposts.ts';
import { jobsOf } from '../../jobs/queue.ts';

const { t, staff, signedIn } = useTestApp();

let seq = 0;
async function entry(authorId: number, values: Partial<typeof entries.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title: `Запись для репоста ${seq}`,
      slug: `repost-${seq}`,
      blocks: [{ type: 'text', data: { text: 'Вступление к записи' } }],
      isPublished: true,
      publishedAt: new Date(),
      ...values,
    })
    .returning();
  return row;
}

async function community(ownerId: number, values: Partial<typeof subsites.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(subsites)
    .values({ type: 'community', slug: `repost-club-${seq}`, name: `Клуб ${seq}`, ...values })
    .returning();
  await t.database.db.insert(subsiteRoles).values({ subsiteId: row.id, userId: ownerId, role: 'owner' });
  return row;
}

const create = (v: Visitor, body: unknown) => v.post('/v3.0/repost/create', body);
const remove = (v: Visitor, id: unknown) => v.post('/v3.0/repost/remove', { id });
const repostsCount = async (id: number) =>
  (await t.database.db.select({ n: entries.repostsCount }).from(entries).where(eq(entries.id, id)))[0].n;
const rows = async (entryId: number) =>
  (await t.database.db.select({ n: count() }).from(reposts).where(eq(reposts.entryId, entryId)))[0].n;

describe('POST /v3.0/repost/create and /repost/remove', () => {
  it('reposts into the own blog and a managed community, counts, tells the author, lists in feeds, undoes', async () => {
    const author = await signedIn('Автор Оригинала');
    const reposter = await signedIn('Мария Репостова');
    const e = await entry(author.id);
    const club = await community(reposter.id);

    const first = await create(reposter.v, { entry_id: e.id, subsite_id: reposter.id, comment: '  Стоит прочесть  ' });
    expect(first.json(), first.body).toMatchObject({ rc: 200, data: { entry_id: e.id, count: 1 } });
    const second = await create(reposter.v, { entry_id: String(e.id), subsite_id: String(club.id) });
    expect(second.json().data.count).toBe(2);
    expect(await repostsCount(e.id)).toBe(2);

    // The popup shows both targets as reposted; the entry card carries the count.
    const targets = (await reposter.v.get(`/v3.0/repost/targets/${e.id}`)).json().data;
    expect(targets.count).toBe(2);
    expect(targets.items.map((x: { id: number; repost_id: number | null }) => [x.id, x.repost_id])).toEqual([
      [reposter.id, first.json().data.id],
      [club.id, second.json().data.id],
    ]);
    expect((await author.v.get(`/v3.0/entry/${e.id}`)).json().data.entry.counters.reposts).toBe(2);

    // The blog's feed of reposts: the «репост» line's data and the original's card.
    const blog = (await author.v.get(`/v3.0/reposts/subsite/${reposter.id}`)).json().data.items;
    expect(blog).toMatchObject([
      {
        id: first.json().data.id,
        comment: 'Стоит прочесть',
        by: { id: reposter.id, name: 'Мария Репостова' },
        subsite: { id: reposter.id, type: 'user' },
        entry: { id: e.id, title: e.title, author: { id: author.id }, counters: { reposts: 2 } },
      },
    ]);
    // A subscriber of the community sees its repost in their feed.
    const reader = await signedIn();
    expect((await reader.v.post(`/v3.0/subscribe/to/subsite/${club.id}`, {})).json().rc).toBe(200);
    const mine = (await reader.v.get('/v3.0/reposts/my')).json().data.items;
    expect(mine.map((r: { id: number }) => r.id)).toEqual([second.json().data.id]);
    // Muting the original's author hides the repost from the reader's feeds.
    expect((await reader.v.post(`/v3.0/mute/subsite/${author.id}`, {})).json().rc).toBe(200);
    expect((await reader.v.get('/v3.0/reposts/my')).json().data.items).toEqual([]);
    expect((await reader.v.get(`/v3.0/reposts/subsite/${club.id}`)).json().data.items).toEqual([]);

    // The author is told of each repost.
    await t.app.ctx.events.settled();
    await jobsOf(t.app.ctx).drain();
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(told.map((n) => n.type)).toEqual(['repost', 'repost']);
    const page = (await author.v.get('/v3.0/notifications')).json().data;
    expect(page.items[0].text).toBe(`Мария Репостова сделала репост вашей записи «${e.title}»`);

    // Undo: the count drops with the row; the second undo finds nothing.
    expect((await remove(reposter.v, first.json().data.id)).json().data).toEqual({
      id: first.json().data.id,
      entry_id: e.id,
      count: 1,
    });
    const again = await remove(reposter.v, first.json().data.id);
    expect(isRussianError(again, 404)).toBe(true);
    expect(again.json().rm).toBe(messages.repostNotFound);
    expect(await repostsCount(e.id)).toBe(1);
    expect(await rows(e.id)).toBe(1);
  });

  it('refuses reposting twice into one subsite, from a private subsite, a draft, into a subsite one does not manage', async () => {
    const author = await signedIn();
    const reposter = await signedIn();
    const e = await entry(author.id);
    expect((await create(reposter.v, { entry_id: e.id, subsite_id: reposter.id })).json().rc).toBe(200);

    const twice = await create(reposter.v, { entry_id: e.id, subsite_id: reposter.id, comment: 'ещё раз' });
    expect(isRussianError(twice, 409)).toBe(true);
    expect(twice.json()).toMatchObject({ rm: messages.repostTwice, error: 'repost_twice' });

    const closed = await community(author.id, { isPrivate: true });
    const secret = await entry(author.id, { subsiteId: closed.id });
    const priv = await create(reposter.v, { entry_id: secret.id, subsite_id: reposter.id });
    expect(isRussianError(priv, 403)).toBe(true);
    expect(priv.json()).toMatchObject({ rm: messages.repostPrivate, error: 'repost_private' });

    const draft = await entry(author.id, { isPublished: false, publishedAt: null });
    const drafted = await create(reposter.v, { entry_id: draft.id, subsite_id: reposter.id });
    expect(isRussianError(drafted, 404)).toBe(true);
    expect(drafted.json().rm).toBe(messages.entryNotFound);

    // Another person's blog and a community one does not run.
    const foreignClub = await community(author.id);
    for (const subsiteId of [author.id, foreignClub.id]) {
      const res = await create(reposter.v, { entry_id: e.id, subsite_id: subsiteId });
      expect(isRussianError(res, 403)).toBe(true);
      expect(res.json().rm).toBe(messages.repostTargetForbidden);
    }
    expect(await rows(e.id)).toBe(1);
    expect(await rows(secret.id)).toBe(0);
    expect(await repostsCount(e.id)).toBe(1);
  });

  it('lets the reposter, the target blog manager and staff undo; others are refused', async () => {
    const author = await signedIn();
    const reposter = await signedIn();
    const admin = await signedIn();
    const e = await entry(author.id);
    const club = await community(reposter.id);
    await t.database.db.insert(subsiteRoles).values({ subsiteId: club.id, userId: admin.id, role: 'admin' });
    const byClub = (await create(reposter.v, { entry_id: e.id, subsite_id: club.id })).json().data.id;
    const byBlog = (await create(reposter.v, { entry_id: e.id, subsite_id: reposter.id })).json().data.id;

    for (const stranger of [author, admin]) {
      const res = await remove(stranger.v, byBlog);
      expect(isRussianError(res, 403)).toBe(true);
      expect(res.json().rm).toBe(messages.repostRemoveForbidden);
    }
    expect(await repostsCount(e.id)).toBe(2);
    expect((await remove(admin.v, byClub)).json().data.count).toBe(1);
    expect((await remove(staff, byBlog)).json().data.count).toBe(0);
    expect(await rows(e.id)).toBe(0);
  });

  const bad: [string, (entryId: number, blog: number) => unknown, string][] = [
    ['no fields', () => ({}), messages.repostEntryInvalid],
    ['no subsite', (id) => ({ entry_id: id }), messages.repostSubsiteInvalid],
    ['entry as text', (_id, blog) => ({ entry_id: 'запись', subsite_id: blog }), messages.repostEntryInvalid],
    ['negative entry', (_id, blog) => ({ entry_id: -1, subsite_id: blog }), messages.repostEntryInvalid],
    ['huge entry', (_id, blog) => ({ entry_id: 2 ** 40, subsite_id: blog }), messages.repostEntryInvalid],
    ['object subsite', (id) => ({ entry_id: id, subsite_id: { id: 1 } }), messages.repostSubsiteInvalid],
    ['subsite 1.5', (id) => ({ entry_id: id, subsite_id: '1.5' }), messages.repostSubsiteInvalid],
    ['comment a number', (id, blog) => ({ entry_id: id, subsite_id: blog, comment: 5 }), messages.repostCommentInvalid],
    [
      'a too long comment',
      (id, blog) => ({ entry_id: id, subsite_id: blog, comment: 'а'.repeat(REPOST_COMMENT_MAX + 1) }),
      messages.repostCommentTooLong(REPOST_COMMENT_MAX),
    ],
    [
      'an extra field',
      (id, blog) => ({ entry_id: id, subsite_id: blog, user_id: 1 }),
      messages.unknownField('user_id'),
    ],
  ];
  it.each(bad)('refuses %s with a Russian 400 and stores nothing', async (_l, body, rm) => {
    const author = await signedIn();
    const e = await entry(author.id);
    const { v, id } = await signedIn();
    const res = await create(v, body(e.id, id));
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toBe(rm);
    expect(await rows(e.id)).toBe(0);
    expect(await repostsCount(e.id)).toBe(0);
  });

  it('refuses a bad repost id, a missing CSRF token and an anonymous caller', async () => {
    const { v } = await signedIn();
    for (const id of ['x', -3, 2 ** 40, null]) {
      const res = await remove(v, id);
      expect(isRussianError(res, 400)).toBe(true);
      expect(res.json().rm).toBe(messages.repostIdInvalid);
    }
    const author = await signedIn();
    const e = await entry(author.id);
    const noCsrf = await author.v.call('/v3.0/repost/create', {
      body: { entry_id: e.id, subsite_id: author.id },
      csrf: false,
    });
    expect(isRussianError(noCsrf, 403)).toBe(true);
    expect(isRussianError(await t.app.inject({ method: 'GET', url: `/v3.0/repost/targets/${e.id}` }), 401)).toBe(true);
    expect(await rows(e.id)).toBe(0);
  });
});
