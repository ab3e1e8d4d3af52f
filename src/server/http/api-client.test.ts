import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../db/schema.ts';
import { useTestApp, Visitor } from '../testing/harness.ts';
// What an outside program imports: the published client and the contracts, nothing of the server.
import { createClient, type bookmarks, type Contract } from '../../shared/api/index.ts';

/**
 * The published client (src/shared/api/client.ts) from another program's side: a real HTTP server, an API token made
 * in the settings, and ten routes called through `client.call` with the token alone (issue 27).
 */
const { t } = useTestApp();
let url = '';
beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.app.close());

describe('the published API client', () => {
  it('calls ten routes with an API token, typed by their contracts where they have one', async () => {
    const owner = new Visitor(t.app);
    const { user } = await owner.register({ name: 'Программист Клиентов' });
    const made = (await owner.post('/v3.0/tokens/create', { name: 'скрипт', scope: 'write', days: 0 })).json();
    expect(made.rc, JSON.stringify(made)).toBe(200);
    const [entry] = await t.database.db
      .insert(entries)
      .values({
        subsiteId: user.id,
        authorId: user.id,
        title: 'Запись для клиента',
        slug: 'zapis-dlya-klienta',
        isPublished: true,
        publishedAt: new Date(Date.now() - 3600_000),
      })
      .returning();
    const client = createClient({ url, token: made.data.token });

    const check = await client.call<Contract>('GET /auth/check', {});
    expect(check).toMatchObject({ status: 200, rc: 200, data: { user: { id: user.id } } });

    const saved = await client.call<typeof bookmarks.change>('POST /favorite/change', {
      id: entry.id,
      type: 'content',
      state: 1,
    });
    expect(saved.rc, saved.rm).toBe(200);
    const count: number | null = saved.data.count;
    expect(count).toBe(1);

    const shares = await client.call<typeof bookmarks.shares>('GET /content/shares/mobile/:id', { id: entry.id });
    expect(shares.data.url).toContain(`/${entry.id}`);
    expect(shares.data.services.map((s) => s.short_name)).toContain('telegram');

    const reads: [string, Record<string, unknown>][] = [
      ['GET /bookmarks', {}],
      ['GET /feed', { sorting: 'date' }],
      ['GET /subsites/communities', {}],
      [`GET /subsite/:id`, { id: user.id }],
      ['GET /notifications/count', {}],
      ['GET /notifications/settings', {}],
    ];
    for (const [key, input] of reads) {
      const answer = await client.call<Contract>(key as `GET ${string}`, input);
      expect(answer.rc, `${key}: ${answer.rm}`).toBe(200);
    }
    const removed = await client.call<typeof bookmarks.change>('POST /favorite/change', {
      id: entry.id,
      type: 'content',
      state: 0,
    });
    expect(removed.data).toEqual({ id: entry.id, type: 'content', state: 0, count: 0 });
  });

  it('answers a refusal with its stable code, and no token can sign in', async () => {
    const client = createClient({ url, token: 'not-a-token' });
    const refused = await client.call<typeof bookmarks.change>('POST /favorite/change', {
      id: 1,
      type: 'content',
      state: 1,
    });
    expect(refused).toMatchObject({ status: 401, rc: 401, error: expect.stringMatching(/^[a-z_]+$/) });
  });

  it('a token cannot reach what signs in or manages ways in', async () => {
    const owner = new Visitor(t.app);
    await owner.register({ name: 'Хозяин Токена' });
    const made = (await owner.post('/v3.0/tokens/create', { name: 'скрипт', scope: 'write', days: 0 })).json();
    const client = createClient({ url, token: made.data.token });
    for (const key of ['GET /tokens', 'POST /tokens/create'] as const) {
      const answer = await client.call<Contract>(key, { name: 'ещё', scope: 'write', days: 0 });
      expect(answer, key).toMatchObject({ status: 403, rc: 403, error: expect.any(String) });
    }
  });
});
