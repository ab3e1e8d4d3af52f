import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { startTestApp, Visitor, type TestApp } from '../../testing/harness.ts';
import { savedEntry, text } from '../entries/testing.ts';

/**
 * A private community with the production caches on: a signed-in reader's first feed page is picked in memory from
 * the shared ordering (feed/window.ts), anonymous pages are shared, the list of private communities is kept a few
 * seconds. None of them may show its entries to an outsider, and a write on this node shows at once.
 */
describe('a private community with the shared caches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ sharedCaches: true });
    await new Visitor(t.app).register({ name: 'Хозяин Сайта' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const user = async (name: string) => {
    const v = new Visitor(t.app);
    const { user } = await v.register({ name });
    return { v, id: user.id as number };
  };
  const ids = async (v: Visitor, query: string) =>
    ((await v.get(`/v3.0/feed?${query}`)).json().data.items as { id: number }[]).map((e) => e.id);
  const FEEDS = ['all=1', 'all=1&sorting=date', 'sorting=hotness', 'my=1'];

  it('first pages, anonymous pages and later pages agree: members, the team and staff read it, nobody else', async () => {
    const owner = await user('Хозяин Клуба');
    const made = await owner.v.post('/v3.0/subsite/create', { name: 'Кэшированный клуб', slug: 'cached-club' });
    const clubId = made.json().data.id as number;
    const entry = await savedEntry(owner.v, {
      title: 'Тайна',
      entry: [text('Тайна клуба')],
      subsite_id: clubId,
      is_published: 1,
    });
    const reader = await user('Будущий Участник');
    // The reader follows the club while it is open: their /my holds it.
    await reader.v.post(`/v3.0/subscribe/to/subsite/${clubId}`);
    const anon = new Visitor(t.app);
    expect(await ids(anon, 'all=1')).toContain(entry.id);
    expect(await ids(reader.v, 'my=1')).toContain(entry.id);

    await owner.v.post(`/v3.0/subsite/save_settings/${clubId}`, { is_private: 1 });
    // A subscriber of the open club stays a member; the anonymous pages and an outsider's lose it at once.
    const outsider = await user('Посторонний');
    await outsider.v.post(`/v3.0/subscribe/to/subsite/${clubId}`);
    expect(await ids(anon, 'all=1')).not.toContain(entry.id);
    for (const q of FEEDS) {
      expect(await ids(outsider.v, q), q).not.toContain(entry.id);
      expect(await ids(reader.v, q), q).toContain(entry.id);
    }
    // A later page (SQL) agrees with the first (memory).
    expect(
      await ids(outsider.v, `all=1&sorting=date&last_id=${entry.id + 1}&last_sorting_value=${Date.now() * 2000}`),
    ).not.toContain(entry.id);
    const moderator = await user('Модератор');
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    expect(await ids(moderator.v, 'all=1')).toContain(entry.id);

    // Approved by the creator (the outsider wrote nothing), the outsider's kept state is renewed at once.
    await owner.v.post(`/v3.0/subsite/requests/${clubId}/approve`, { user_id: outsider.id });
    for (const q of FEEDS) expect(await ids(outsider.v, q), q).toContain(entry.id);
    await outsider.v.post(`/v3.0/unsubscribe/to/subsite/${clubId}`);
    expect(await ids(outsider.v, 'all=1')).not.toContain(entry.id);

    // Put on the team, a person reads it at once.
    const editor = await user('Редактор');
    expect(await ids(editor.v, 'all=1')).not.toContain(entry.id);
    await owner.v.post(`/v3.0/subsite/members/${clubId}`, { user_id: editor.id, role: 'editor' });
    expect(await ids(editor.v, 'all=1')).toContain(entry.id);

    // Open again: everyone reads it on the next page.
    await owner.v.post(`/v3.0/subsite/save_settings/${clubId}`, { is_private: 0 });
    expect(await ids(anon, 'all=1')).toContain(entry.id);
    expect((await anon.get(`/v3.0/entry/${entry.id}`)).json().rc).toBe(200);
  });
});
