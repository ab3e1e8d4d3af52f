import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/catalogue.ts';
import { users } from '../../db/schema.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

/**
 * What a private community's entries reach (issue 32, point 4): its members and the site's staff read them in every
 * feed, the entry page's API and its discussion; anyone else gets 403 `entry_private` (naming the community, never
 * the entry) and finds nothing of them in feeds, RSS, the sitemap, search, tags, bookmarks, shares or link cards.
 */
const { t, signedIn } = useTestApp();

type Json = Record<string, any>;
const TITLE = 'Протокол закрытого собрания';
const SECRET = 'Текст только для своих';
const TAG = 'тайныйклуб';
const OPEN_TITLE = 'Протокол открытого собрания';

let club: { id: number; slug: string };
let owner: Awaited<ReturnType<typeof signedIn>>;
let memberV: Visitor;
let outsider: Awaited<ReturnType<typeof signedIn>>;
let moderator: Awaited<ReturnType<typeof signedIn>>;
let entry: Json;
let openEntry: Json;
let commentId: number;

beforeAll(async () => {
  owner = await signedIn('Хозяйка Клуба');
  const made = await owner.v.post('/v3.0/subsite/create', { name: 'Клуб тайн', slug: 'club-of-secrets' });
  club = { id: made.json().data.id, slug: 'club-of-secrets' };
  entry = await savedEntry(owner.v, {
    title: TITLE,
    entry: [text(`${SECRET} #${TAG}`)],
    subsite_id: club.id,
    is_published: 1,
  });
  commentId = (await owner.v.post('/v3.0/comment/add', { id: entry.id, text: 'Обсуждаем протокол' })).json().data.id;
  // The same words in the open, found by everyone: the controls of the search and RSS checks.
  openEntry = await savedEntry(owner.v, { title: OPEN_TITLE, entry: [text('Открыто для всех')], is_published: 1 });
  await owner.v.post('/v3.0/comment/add', { id: openEntry.id, text: 'Обсуждаем протокол открыто' });
  const settings = await owner.v.post(`/v3.0/subsite/save_settings/${club.id}`, { is_private: 1 });
  expect(settings.json().rc, settings.body).toBe(200);
  const m = await signedIn('Участник Клуба');
  memberV = m.v;
  await m.v.post(`/v3.0/subscribe/to/subsite/${club.id}`);
  await owner.v.post(`/v3.0/subsite/requests/${club.id}/approve`, { user_id: m.id });
  outsider = await signedIn('Посторонний');
  moderator = await signedIn('Модератор Сайта');
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
});

const anon = () => new Visitor(t.app);
const feedIds = async (v: Visitor, query: string) => {
  const res = await v.get(`/v3.0/feed?${query}`);
  expect(res.json().rc, res.body).toBe(200);
  return (res.json().data.items as Json[]).map((e) => e.id);
};

describe('the entry and its discussion', () => {
  it('anonymous readers and outsiders get 403 entry_private naming the community, never the entry', async () => {
    for (const v of [anon(), outsider.v]) {
      for (const path of [`/v3.0/entry/${entry.id}`, `/v3.0/comments?content_id=${entry.id}`]) {
        const res = await v.get(path);
        expect(isRussianError(res, 403), res.body).toBe(true);
        expect(res.json()).toMatchObject({
          rm: messages.entryPrivate,
          error: 'entry_private',
          data: { subsite_id: club.id },
        });
        expect(res.body).not.toContain(TITLE);
        expect(res.body).not.toContain(SECRET);
      }
    }
    const add = await outsider.v.post('/v3.0/comment/add', { id: entry.id, text: 'Можно к вам?' });
    expect(isRussianError(add, 403)).toBe(true);
    const reply = await outsider.v.post('/v3.0/comment/edit', { id: commentId, text: 'Подменю' });
    expect(isRussianError(reply, 403)).toBe(true);
    const seen = await outsider.v.post('/v3.0/comments/saveCommentsSeenCount', { content_id: entry.id, count: 1 });
    expect(isRussianError(seen, 403)).toBe(true);
  });

  it('members, the author and the site staff read it and its comments', async () => {
    for (const v of [memberV, owner.v, moderator.v]) {
      const res = await v.get(`/v3.0/entry/${entry.id}`);
      expect(res.json().data.entry, res.body).toMatchObject({
        title: TITLE,
        subsite: { id: club.id, is_private: true },
      });
      const comments = await v.get(`/v3.0/comments?content_id=${entry.id}`);
      expect(comments.body).toContain('Обсуждаем протокол');
    }
  });
});

describe('feeds, RSS and the sitemap', () => {
  it('leave the entry out for anonymous readers and outsiders, on every feed and the author’s blog', async () => {
    for (const v of [anon(), outsider.v]) {
      for (const q of [
        'all=1&sorting=date',
        'sorting=date',
        `subsite_id=${club.id}`,
        `subsite_id=${owner.id}`,
        `hashtag=${TAG}`,
      ])
        expect(await feedIds(v, q), `${q}`).not.toContain(entry.id);
    }
    // The /new badge counts it for members alone.
    const count = async (v: Visitor) => (await v.get('/v3.0/feed/recent_count?since=1')).json().data.count as number;
    expect((await count(memberV)) - (await count(outsider.v))).toBe(1);
  });

  it('show it to members (in /my too), the author and staff', async () => {
    for (const v of [memberV, owner.v, moderator.v]) {
      expect(await feedIds(v, 'all=1&sorting=date')).toContain(entry.id);
      expect(await feedIds(v, `subsite_id=${club.id}`)).toContain(entry.id);
    }
    expect(await feedIds(memberV, 'my=1&sorting=date')).toContain(entry.id);
  });

  it('RSS and the sitemap never carry it, not even the community’s own feed', async () => {
    for (const path of [
      '/rss',
      `/rss/${club.id}`,
      `/s/${club.slug}/rss`,
      `/u/${owner.id}/rss`,
      `/tag/${TAG}/rss`,
      '/sitemap.xml',
    ]) {
      const res = await memberV.get(path);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBeLessThan(400);
      if (path === '/rss' || path === '/sitemap.xml') expect(res.body, path).toContain(`/${openEntry.id}-`);
      expect(res.body, path).not.toContain(TITLE);
      expect(res.body, path).not.toContain(`/${entry.id}-`);
    }
  });
});

describe('search, tags, bookmarks, shares and link cards', () => {
  it('search finds neither the entry nor its comments (a page is the same for everyone, members included)', async () => {
    for (const v of [anon(), memberV]) {
      for (const [entity, q] of [
        ['entries', 'протокол'],
        ['comments', 'обсуждаем'],
      ]) {
        const res = await v.get(`/v3.0/search_ajax/v2/${entity}/date/1?query=${encodeURIComponent(q)}`);
        expect(res.json().rc, res.body).toBe(200);
        expect(res.json().data.items, res.body).toHaveLength(1);
        expect(res.body).not.toContain(TITLE);
        expect(res.body).not.toContain(`"entry_id":${entry.id}`);
      }
    }
    const tags = await anon().get(`/v3.0/search-hashtag?query=${encodeURIComponent('тайный')}`);
    expect(tags.body).not.toContain(TAG);
  });

  it('outsiders can neither bookmark nor share it; a member who leaves no longer finds their bookmark', async () => {
    const mark = await outsider.v.post('/v3.0/favorite/change', { id: entry.id, type: 'content', state: 1 });
    expect(isRussianError(mark, 404)).toBe(true);
    expect(isRussianError(await outsider.v.get(`/v3.0/content/shares/mobile/${entry.id}`), 404)).toBe(true);
    const leaver = await signedIn('Уходящий Участник');
    await leaver.v.post(`/v3.0/subscribe/to/subsite/${club.id}`);
    await owner.v.post(`/v3.0/subsite/requests/${club.id}/approve`, { user_id: leaver.id });
    expect((await leaver.v.get(`/v3.0/content/shares/mobile/${entry.id}`)).json().rc).toBe(200);
    const kept = await leaver.v.post('/v3.0/favorite/change', { id: entry.id, type: 'content', state: 1 });
    expect(kept.json().rc, kept.body).toBe(200);
    const listed = async () => JSON.stringify((await leaver.v.get('/v3.0/bookmarks')).json().data.items);
    expect(await listed()).toContain(TITLE);
    await leaver.v.post(`/v3.0/unsubscribe/to/subsite/${club.id}`);
    expect(await listed()).not.toContain(TITLE);
    // Taking the bookmark back still works.
    const dropped = await leaver.v.post('/v3.0/favorite/change', { id: entry.id, type: 'content', state: 0 });
    expect(dropped.json().rc).toBe(200);
  });

  it('a link card of the entry is refused even to a member (the card would show it to everyone)', async () => {
    const url = `${t.config.publicUrl}/s/${club.slug}/${entry.id}`;
    const res = await memberV.get(`/v3.0/andropov/extract?urls[]=${encodeURIComponent(url)}`);
    expect(res.json().data.result[0], res.body).toMatchObject({ type: 'error' });
    expect(res.body).not.toContain(TITLE);
  });

  it('the booster refuses to promote it', async () => {
    const res = await owner.v.get(`/v3.0/booster/${entry.id}`);
    expect(isRussianError(res, 404), res.body).toBe(true);
    expect(res.body).not.toContain(TITLE);
  });
});
