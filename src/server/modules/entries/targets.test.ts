import { describe, expect, it } from 'vitest';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import { subsites } from '../../db/schema.ts';

/** `GET /v3.0/writing/targets`: the editor popup's subsite choice, the same list the /writing page loader gives. */
// The first account runs the site (superuser); useTestApp takes it, later accounts are ordinary users.
const { t, signedIn } = useTestApp();

describe('GET /v3.0/writing/targets', () => {
  it('lists the own blog first, then communities open for posting, never a closed one or another blog', async () => {
    const author = await signedIn('Автор Списка');
    const other = await signedIn('Чужой Блог');
    const [open] = await t.database.db
      .insert(subsites)
      .values({ type: 'community', slug: `open-${Date.now()}`, name: 'Открытый клуб', posting: 'everyone' })
      .returning();
    const [closed] = await t.database.db
      .insert(subsites)
      .values({ type: 'community', slug: `closed-${Date.now()}`, name: 'Закрытый клуб', posting: 'authors' })
      .returning();

    const res = await author.v.get('/v3.0/writing/targets');
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data.targets as { id: number }[]).map((s) => s.id);
    expect(ids[0]).toBe(author.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect(ids).not.toContain(other.id);
    expect(res.json().data.targets[0]).toMatchObject({ id: author.id, type: 'user', name: 'Автор Списка' });
  });

  it('asks anonymous visitors to sign in', async () => {
    const res = await new Visitor(t.app).get('/v3.0/writing/targets');
    expect(isRussianError(res, 401)).toBe(true);
  });

  it('refuses unknown query fields with a Russian message', async () => {
    const { v } = await signedIn('Любопытный');
    const res = await v.get('/v3.0/writing/targets?user_id=1');
    expect(isRussianError(res, 400)).toBe(true);
    expect(res.json().rm).toContain('user_id');
    expect((await v.get(`/v3.0/writing/targets?${'x'.repeat(5000)}=1`)).statusCode).toBe(400);
  });
});
