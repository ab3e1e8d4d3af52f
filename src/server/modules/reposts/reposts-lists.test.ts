import { describe, expect, it } from 'vitest';
import { entries, subsiteRoles, subsites } from '../../db/schema.ts';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { messages } from '../../../shared/catalogue.ts';
import { REPOSTS_PAGE } from '../../../shared/api/reposts.ts';

/**
 * Where reposts are read besides the feed's first page (issue 32 point 1): the next pages (`before`), the entry page's
 * list of who reposted (`GET /reposts/entry/:id`) and the reposter's RSS.
 */
const { t, signedIn } = useTestApp();

let seq = 0;
async function entry(authorId: number, values: Partial<typeof entries.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title: `Запись для списка ${seq}`,
      slug: `who-${seq}`,
      blocks: [{ type: 'text', data: { text: 'Вступление к записи' } }],
      isPublished: true,
      publishedAt: new Date(),
      isApprovedForPublicRss: true,
      ...values,
    })
    .returning();
  return row!;
}

const repost = async (v: Visitor, entryId: number, subsiteId: number, comment = '') => {
  const res = await v.post('/v3.0/repost/create', { entry_id: entryId, subsite_id: subsiteId, comment });
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data.id as number;
};

describe('reposts beyond the feed’s first page, on the entry page and in RSS', () => {
  it('a subsite’s reposts page on with `before` until the last', async () => {
    const author = await signedIn('Автор Многих');
    const reposter = await signedIn('Репостер Многих');
    const made: number[] = [];
    for (let i = 0; i < REPOSTS_PAGE + 3; i++)
      made.push(await repost(reposter.v, (await entry(author.id)).id, reposter.id));
    const first = (await new Visitor(t.app).get(`/v3.0/reposts/subsite/${reposter.id}`)).json().data.items;
    expect(first).toHaveLength(REPOSTS_PAGE);
    const next = await new Visitor(t.app).get(`/v3.0/reposts/subsite/${reposter.id}?before=${first.at(-1).id}`);
    expect(next.json().data.items.map((r: { id: number }) => r.id)).toEqual(made.slice(0, 3).reverse());
    const mine = await reposter.v.get(`/v3.0/reposts/my?before=${first.at(-1).id}`);
    expect(mine.json().rc).toBe(200);
  });

  it('GET /reposts/entry/:id lists who reposted and where; private communities left out; bad ids refused', async () => {
    const author = await signedIn('Автор Записи');
    const maria = await signedIn('Мария Делится');
    const e = await entry(author.id);
    const empty = await new Visitor(t.app).get(`/v3.0/reposts/entry/${e.id}`);
    expect(empty.json()).toMatchObject({ rc: 200, data: { count: 0, items: [] } });
    const [club] = await t.database.db
      .insert(subsites)
      .values({ type: 'community', slug: `who-club-${seq}`, name: 'Клуб Читателей' })
      .returning();
    await t.database.db.insert(subsiteRoles).values({ subsiteId: club!.id, userId: maria.id, role: 'owner' });
    await repost(maria.v, e.id, maria.id, 'Советую');
    await repost(maria.v, e.id, club!.id);
    const got = (await new Visitor(t.app).get(`/v3.0/reposts/entry/${e.id}`)).json().data;
    expect(got.count).toBe(2);
    expect(got.items).toMatchObject([
      {
        by: { id: maria.id, name: 'Мария Делится' },
        subsite: { id: club!.id, name: 'Клуб Читателей', type: 'community' },
      },
      { by: { id: maria.id }, subsite: { id: maria.id, type: 'user' } },
    ]);
    expect(got.items[0].subsite.url).toMatch(/^\/s\//);

    for (const [id, status, rm] of [
      ['abc', 400, messages.entryIdInvalid],
      ['-1', 400, messages.entryIdInvalid],
      ['99999999999999999999', 400, messages.entryIdInvalid],
      ['99999999', 404, messages.entryNotFound],
    ] as const) {
      const res = await new Visitor(t.app).get(`/v3.0/reposts/entry/${id}`);
      expect(isRussianError(res, status), id).toBe(true);
      expect(res.json().rm).toBe(rm);
    }
    // A draft, or a removed entry: not found.
    const draft = await entry(author.id, { isPublished: false, publishedAt: null });
    expect(isRussianError(await new Visitor(t.app).get(`/v3.0/reposts/entry/${draft.id}`), 404)).toBe(true);
  });

  it('the reposter’s RSS carries the repost at its time, linking the original', async () => {
    const author = await signedIn('Автор Ленты');
    const reposter = await signedIn('Репостер Ленты');
    const own = await entry(reposter.id, {
      title: 'Своя запись репостера',
      publishedAt: new Date(Date.now() - 60_000),
    });
    const e = await entry(author.id, { title: 'Чужая <запись> для RSS' });
    await repost(reposter.v, e.id, reposter.id, 'Мой комментарий к репосту');
    const res = await new Visitor(t.app).get(`/rss/${reposter.id}`);
    expect(res.statusCode).toBe(200);
    const xml = res.body;
    const items = xml.split('<item>').slice(1);
    expect(items).toHaveLength(2);
    // Newest first: the repost, then the reposter's own entry.
    expect(items[0]).toContain('<title>Репост: Чужая &lt;запись&gt; для RSS</title>');
    expect(items[0]).toContain('<description>Мой комментарий к репосту</description>');
    expect(items[0]).toMatch(new RegExp(`<link>[^<]*/${e.id}-[^<]*</link>`));
    expect(items[0]).toContain('<dc:creator>Репостер Ленты</dc:creator>');
    expect(items[0]).toContain('isPermaLink="false"');
    expect(items[1]).toContain(`<title>${own.title}</title>`);
    // The original's author's RSS does not carry it.
    expect((await new Visitor(t.app).get(`/rss/${author.id}`)).body).not.toContain('Репост:');
  });
});
