import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isRussianError, useTestApp, Visitor } from '../../testing/harness.ts';
import {
  apiTokens,
  entries,
  favorites,
  nameChanges,
  outbox,
  sessions,
  users,
  subsites,
  subsiteRoles,
} from '../../db/schema.ts';
import { declaredRoutes } from '../../http/route.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { voteCountersOf } from '../votes/counters.ts';
import { savedEntry, text } from '../entries/testing.ts';
import { desc } from 'drizzle-orm';
import zlib from 'node:zlib';
import { messages } from '../../../shared/catalogue.ts';

const { t, signedIn } = useTestApp();

type Json = Record<string, any>;

/** A program without cookies: only the token header. */
const program = () => new Visitor(t.app);
const withToken = (token: string) => ({ headers: { 'x-device-token': token }, csrf: false });

async function tokenFor(v: Visitor, scope: 'read' | 'write', days = 30) {
  const res = await v.post('/v3.0/tokens/create', { name: `бот ${scope}`, scope, days });
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data as { token: string; item: Json };
}

const nameOf = async (id: number) =>
  (await t.database.db.select({ name: subsites.name }).from(subsites).where(eq(subsites.id, id)))[0].name;

describe('API tokens', () => {
  it('are shown once, stored hashed, listed with status and valid-until, and act as the person without cookies or marker', async () => {
    const { v, id } = await signedIn('Владелец Токена');
    const { token, item } = await tokenFor(v, 'write', 30);
    expect(token).toMatch(/^sreda_[A-Za-z0-9_-]{43}$/);
    expect(item).toMatchObject({ scope: 'write', status: 'active', is_active: true, name: 'бот write' });
    expect(new Date(item.valid_until).getTime() - t.clock.now.getTime()).toBe(30 * 86400_000);
    const stored = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
    expect(JSON.stringify(stored)).not.toContain(token.slice(6));
    const list = (await v.get('/v3.0/tokens')).json().data.items as Json[];
    expect(list.map((i) => i.id)).toEqual([item.id]);
    expect(JSON.stringify(list)).not.toContain(token.slice(6));

    const p = program();
    const check = await p.get('/v3.0/auth/check', withToken(token));
    expect(check.json().data.user.id).toBe(id);
    // A write with the token alone: no cookie, no CSRF marker.
    const res = await p.post('/v3.0/users/settings/profile', { description: 'Пишу ботом' }, withToken(token));
    expect(res.json().rc, res.body).toBe(200);
    const mine = (await v.get('/v3.0/users/settings')).json().data;
    expect(mine).toMatchObject({ description: 'Пишу ботом', has_password: true });
    expect((await v.get('/v3.0/tokens')).json().data.items[0].last_used).not.toBeNull();
  });

  it('refuse a read token writing, a revoked or expired or made-up token, and token management by token', async () => {
    const { v } = await signedIn('Осторожный');
    const read = await tokenFor(v, 'read');
    const p = program();
    expect((await p.get('/v3.0/users/settings', withToken(read.token))).json().rc).toBe(200);
    const write = await p.post('/v3.0/users/settings/profile', { description: 'нельзя' }, withToken(read.token));
    expect(isRussianError(write, 403)).toBe(true);
    expect(write.json().rm).toBe(messages.tokenReadOnly);
    expect((await v.get('/v3.0/users/settings')).json().data.description).toBe('');
    // A POST that only reads (declared `readOnly`) is open to a read token; an unknown path is still refused.
    const { id: me } = await signedIn('Кого Ищут');
    const search = await p.post('/v3.0/search/user', { url: `/u/${me}` }, withToken(read.token));
    expect(search.json(), search.body).toMatchObject({ rc: 200, data: { id: me } });
    expect((await p.post('/v3.0/no/such/route', {}, withToken(read.token))).statusCode).toBe(403);

    const w = await tokenFor(v, 'write');
    const mint = await p.post('/v3.0/tokens/create', { name: 'ещё', scope: 'write', days: 1 }, withToken(w.token));
    expect(isRussianError(mint, 403)).toBe(true);
    const pw = await p.post(
      '/v3.0/users/settings/password',
      { current: 'correct horse battery', password: 'new password 123' },
      withToken(w.token),
    );
    expect(isRussianError(pw, 403)).toBe(true);

    const revoke = await v.post(`/v3.0/tokens/revoke/${w.item.id}`);
    expect(revoke.json().data.item.status).toBe('revoked');
    const after = await p.post('/v3.0/users/settings/profile', { description: 'после отзыва' }, withToken(w.token));
    expect(isRussianError(after, 401)).toBe(true);
    expect(after.json().rm).toBe(messages.tokenInvalid);
    // A bad token is never an anonymous call, even with a valid session cookie beside it.
    const mixed = await v.get('/v3.0/auth/check', withToken('sreda_' + 'x'.repeat(43)));
    expect(isRussianError(mixed, 401)).toBe(true);

    const short = await tokenFor(v, 'write', 1);
    t.clock.now = new Date(t.clock.now.getTime() + 2 * 86400_000);
    try {
      expect(isRussianError(await p.get('/v3.0/auth/check', withToken(short.token)), 401)).toBe(true);
      const items = (await v.get('/v3.0/tokens')).json().data.items as Json[];
      expect(items.find((i) => i.id === short.item.id)!.status).toBe('expired');
    } finally {
      t.clock.now = new Date();
    }
    expect((await v.get('/v3.0/users/settings')).json().data.description).toBe('');
  });

  it('refuse bad input and other people’s tokens', async () => {
    const a = await signedIn('Алиса');
    const b = await signedIn('Борис');
    const { item } = await tokenFor(a.v, 'read');
    const cases: Json[] = [
      {},
      { name: '', scope: 'read', days: 1 },
      { name: 'x', scope: 'admin', days: 1 },
      { name: 'x', scope: 'read', days: -1 },
      { name: 'x', scope: 'read', days: 99999 },
      { name: 'x'.repeat(500), scope: 'read', days: 1 },
      { name: 'x', scope: 'read', days: 1, user_id: b.id },
      { name: ['x'], scope: 'read', days: 1 },
    ];
    for (const body of cases)
      expect(isRussianError(await b.v.post('/v3.0/tokens/create', body), 400), JSON.stringify(body)).toBe(true);
    expect(isRussianError(await b.v.post(`/v3.0/tokens/revoke/${item.id}`), 404)).toBe(true);
    expect(isRussianError(await b.v.post('/v3.0/tokens/revoke/abc'), 400)).toBe(true);
    expect((await a.v.get('/v3.0/tokens')).json().data.items[0].status).toBe('active');
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/tokens'), 401)).toBe(true);
  });

  it('are limited per token per minute', async () => {
    const { v } = await signedIn();
    const { token } = await tokenFor(v, 'read');
    const p = program();
    // The test app scales limits by 100; for this test the scale makes it 3 a minute.
    const scale = t.config.rateLimitScale;
    t.config.rateLimitScale = 0.01;
    try {
      for (let i = 0; i < 3; i += 1) expect((await p.get('/v3.0/auth/check', withToken(token))).json().rc).toBe(200);
      const res = await p.get('/v3.0/auth/check', withToken(token));
      expect(isRussianError(res, 429)).toBe(true);
      expect(res.json().rm).toBe(messages.tokenRateLimited);
    } finally {
      t.config.rateLimitScale = scale;
    }
  });
});

describe('name, profile, password, sessions', () => {
  it('changes the name once a month', async () => {
    const { v, id } = await signedIn('Старое Имя');
    const first = await v.post('/v3.0/users/settings/name', { name: '  Новое   Имя ' });
    expect(first.json().rc, first.body).toBe(200);
    expect(await nameOf(id)).toBe('Новое Имя');
    expect(first.json().data.name_change_at).not.toBeNull();
    const second = await v.post('/v3.0/users/settings/name', { name: 'Третье Имя' });
    expect(isRussianError(second, 400)).toBe(true);
    expect(second.json().rm).toContain('раз в месяц');
    expect(await nameOf(id)).toBe('Новое Имя');
    // A month later (the last change moved back 31 days) the name changes again.
    await t.database.db
      .update(nameChanges)
      .set({ createdAt: new Date(t.clock.now.getTime() - 31 * 86400_000) })
      .where(eq(nameChanges.userId, id));
    expect((await v.post('/v3.0/users/settings/name', { name: 'Третье Имя' })).json().rc).toBe(200);
    for (const body of [
      {},
      { name: '' },
      { name: 'x' },
      { name: 'a'.repeat(51) },
      { name: '<b>' },
      { name: 5 },
      { name: 'Имя', id: 1 },
    ])
      expect(isRussianError(await v.post('/v3.0/users/settings/name', body), 400), JSON.stringify(body)).toBe(true);
    expect(isRussianError(await v.post('/v3.0/users/settings/name', { name: 'Имя Имя' }, { csrf: false }), 403)).toBe(
      true,
    );
    expect(await nameOf(id)).toBe('Третье Имя');
  });

  it('saves description, address and uploaded pictures only', async () => {
    const { v } = await signedIn();
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const ok = await v.post('/v3.0/users/settings/profile', {
      description: 'О себе',
      slug: 'my-page',
      avatar_url: `/media/${uuid}/-/scale_crop/200x200/`,
    });
    expect(ok.json().rc, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ slug: 'my-page', avatar_url: `/media/${uuid}/-/scale_crop/200x200/` });
    expect(ok.json().data.url).toMatch(/^\/u\/\d+-my-page$/);
    for (const body of [
      { avatar_url: 'https://evil.example/x.png' },
      { avatar_url: 'javascript:alert(1)' },
      { slug: 'Плохой адрес' },
      { slug: 'a' },
      { description: 'x'.repeat(301) },
      { role: 'superuser' },
    ])
      expect(isRussianError(await v.post('/v3.0/users/settings/profile', body), 400), JSON.stringify(body)).toBe(true);
    expect((await v.get('/v3.0/users/settings')).json().data.slug).toBe('my-page');
  });

  it('changes the password with the current one and signs other devices out', async () => {
    const a = new Visitor(t.app);
    const { email, password } = await a.register({ name: 'Два Устройства' });
    const b = new Visitor(t.app);
    expect((await b.post('/v3.0/auth/simple/login', { values: { email, password } })).json().rc).toBe(200);
    const list = (await a.get('/v3.0/users/settings/sessions')).json().data.items as Json[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.is_current)).toHaveLength(1);

    const wrong = await a.post('/v3.0/users/settings/password', { current: 'не тот', password: 'новый пароль 1' });
    expect(isRussianError(wrong, 400)).toBe(true);
    expect((await b.get('/v3.0/auth/check')).json().data.user).not.toBeNull();
    const short = await a.post('/v3.0/users/settings/password', { current: password, password: '1' });
    expect(isRussianError(short, 400)).toBe(true);

    const done = await a.post('/v3.0/users/settings/password', { current: password, password: 'новый пароль 1' });
    expect(done.json().data.ended, done.body).toBe(1);
    expect((await b.get('/v3.0/auth/check')).json().data.user).toBeNull();
    expect((await a.get('/v3.0/auth/check')).json().data.user).not.toBeNull();

    const c = new Visitor(t.app);
    expect((await c.post('/v3.0/auth/simple/login', { values: { email, password: 'новый пароль 1' } })).json().rc).toBe(
      200,
    );
    const end = await a.post('/v3.0/users/settings/sessions/end_others');
    expect(end.json().data.ended).toBe(1);
    expect((await c.get('/v3.0/auth/check')).json().data.user).toBeNull();
    const id = (await a.get('/v3.0/auth/check')).json().data.user.id;
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
  });
});

describe('subsite settings', () => {
  async function community(v: Visitor, slug: string) {
    const res = await v.post('/v3.0/subsite/create', { name: 'Клуб любителей', slug, description: 'Про всё' });
    expect(res.json().rc, res.body).toBe(200);
    return res.json().data as { id: number; url: string };
  }

  it('creates a community and lets its owner and admins save settings and the team; others get 403', async () => {
    const owner = await signedIn('Основатель');
    const stranger = await signedIn('Чужой');
    const editor = await signedIn('Редактор');
    const c = await community(owner.v, 'club-lovers');
    expect(c.url).toBe('/s/club-lovers');
    expect(
      isRussianError(await stranger.v.post('/v3.0/subsite/create', { name: 'Клон', slug: 'club-lovers' }), 400),
    ).toBe(true);

    const saved = await owner.v.post(`/v3.0/subsite/save_settings/${c.id}`, {
      name: 'Клуб',
      description: 'Новое описание',
      rules: 'Не ругаться',
      posting: 'members',
      is_moderated: 1,
    });
    expect(saved.json().data, saved.body).toMatchObject({
      name: 'Клуб',
      rules: 'Не ругаться',
      posting: 'members',
      is_moderated: true,
    });

    const foreign = await stranger.v.post(`/v3.0/subsite/save_settings/${c.id}`, { name: 'Захвачено' });
    expect(isRussianError(foreign, 403)).toBe(true);
    expect(isRussianError(await stranger.v.get(`/v3.0/subsite/settings/${c.id}`), 403)).toBe(true);
    expect(isRussianError(await owner.v.post(`/v3.0/subsite/save_settings/999999`, { name: 'Нет' }), 404)).toBe(true);
    for (const body of [
      { name: 'x' },
      { rules: 'x'.repeat(5001) },
      { avatar_url: 'http://x/y.png' },
      { owner_id: 1 },
      { posting: 'nobody' },
      { posting: 1 },
      { is_moderated: 'maybe' },
      { is_open_for_posting: 1 },
    ])
      expect(
        isRussianError(await owner.v.post(`/v3.0/subsite/save_settings/${c.id}`, body), 400),
        JSON.stringify(body),
      ).toBe(true);
    expect(await nameOf(c.id)).toBe('Клуб');

    const found = await owner.v.post('/v3.0/search/user', { url: `http://localhost:3000/u/${editor.id}-redaktor` });
    expect(found.json().data).toEqual({
      id: editor.id,
      url: expect.stringMatching(`^/u/${editor.id}`),
      name: 'Редактор',
    });
    for (const url of ['', 'abc', 'https://other.example/u/1', '/s/club', `/u/${editor.id}/entry`])
      expect((await owner.v.post('/v3.0/search/user', { url })).json().rm, url).toBe(messages.userLinkInvalid);
    expect(isRussianError(await owner.v.post('/v3.0/search/user', { url: '/u/999999' }), 400)).toBe(true);

    const added = await owner.v.post(`/v3.0/subsite/members/${c.id}`, { user_id: editor.id, role: 'admin' });
    expect(added.json().data.members.map((m: Json) => [m.id, m.role])).toContainEqual([editor.id, 'admin']);
    // An admin may save settings but not touch the owner.
    expect((await editor.v.post(`/v3.0/subsite/save_settings/${c.id}`, { description: 'Админ тут' })).json().rc).toBe(
      200,
    );
    expect(
      isRussianError(await editor.v.post(`/v3.0/subsite/members/${c.id}`, { user_id: owner.id, role: 'author' }), 403),
    ).toBe(true);
    expect(
      isRussianError(
        await stranger.v.post(`/v3.0/subsite/members/${c.id}`, { user_id: stranger.id, role: 'admin' }),
        403,
      ),
    ).toBe(true);
    const roles = await t.database.db.select().from(subsiteRoles).where(eq(subsiteRoles.subsiteId, c.id));
    expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'owner']);
  });
});

describe('the current user object', () => {
  it('carries every field of spec/content.md §3, managed subsites with their uri and messenger hash', async () => {
    const { v } = await signedIn('Полный Объект');
    await v.post('/v3.0/subsite/create', { name: 'Мой клуб', slug: 'full-object-club' });
    const user = (await v.get('/v3.0/auth/check')).json().data.user;
    for (const key of [
      'id',
      'name',
      'avatar_url',
      'hash',
      'is_known_email',
      'user_email',
      'createdRFC',
      'login_method',
      'stat_group',
      'level',
      'is_paid',
      'is_superuser',
      'is_cabinet_exist',
      'is_user',
      'is_subsites_tuned',
      'show_possession',
      'managedSubsites',
      'subscribed_ids',
      'ignored_ids',
      'forceReload',
      'can_mark_nsfw',
      'm_hash',
    ])
      expect(user, key).toHaveProperty(key);
    const club = user.managedSubsites.find((m: Json) => m.label === 'Мой клуб');
    expect(club.additionalData).toMatchObject({ uri: '/s/full-object-club', messengerHash: expect.any(String) });
    expect(user.show_possession).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('lists every declared route with its parameters', async () => {
    const res = await new Visitor(t.app).get('/v3.0/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const routes = declaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(50);
    for (const r of routes) {
      const path = r.url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
    }
    const name = doc.paths['/v3.0/users/settings/name'].post;
    expect(name.requestBody.content['application/json'].schema.properties.name).toBeDefined();
    expect(doc.paths['/v3.0/tokens/revoke/{id}'].post.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    expect(doc.components.securitySchemes.deviceToken).toMatchObject({ in: 'header', name: 'X-Device-Token' });
  });

  it('passes a real OpenAPI validator, with the answers of routes that have a contract and every refusal code', async () => {
    const doc = (await new Visitor(t.app).get('/v3.0/openapi.json')).json();
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    const change = doc.paths['/v3.0/favorite/change'].post;
    expect(change.responses['200'].content['application/json'].schema.properties.data).toMatchObject({
      type: 'object',
      properties: { count: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
    });
    expect(change['x-errors']).toContain('favorite_state_invalid');
    expect(change.responses['4XX'].content['application/json'].schema.required).toContain('error');
  });
});

describe('email change, deletion, export', () => {
  const lastMailTo = async (to: string) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];
  const emailOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0].email;

  it('changes the email only through the link sent to the new address', async () => {
    const v = new Visitor(t.app);
    const { email, password, user } = await v.register({ name: 'Меняю Почту' });
    const to = `new-${user.id}@example.ru`;
    for (const body of [
      { email: to, password: 'не тот пароль' },
      { email: 'not-an-email', password },
      { email, password },
      { email: to },
    ])
      expect(isRussianError(await v.post('/v3.0/users/settings/email', body), 400), JSON.stringify(body)).toBe(true);
    const ok = await v.post('/v3.0/users/settings/email', { email: to, password });
    expect(ok.json().rc, ok.body).toBe(200);
    expect(await emailOf(user.id)).toBe(email);
    const letter = await lastMailTo(to);
    const token = /\/u\/me\/settings\/email\/([A-Za-z0-9_-]+)/.exec(letter.text)![1];
    const anon = new Visitor(t.app);
    expect(isRussianError(await anon.post('/v3.0/users/settings/email/confirm', { token: 'x'.repeat(43) }), 400)).toBe(
      true,
    );
    expect((await anon.post('/v3.0/users/settings/email/confirm', { token })).json().rc).toBe(200);
    expect(await emailOf(user.id)).toBe(to);
    expect((await lastMailTo(email)).subject).toBe(messages.emailChangedMailSubject);
    // Used once.
    expect(isRussianError(await anon.post('/v3.0/users/settings/email/confirm', { token }), 400)).toBe(true);
  });

  it('deletes after the grace period, anonymising or removing as chosen; a cancel keeps everything', async () => {
    const v = new Visitor(t.app);
    const { password, user } = await v.register({ name: 'Ухожу Навсегда' });
    const entryId = (await savedEntry(v, { title: 'Моя запись', entry: [text('Текст')], is_published: 1 })).id;
    expect(
      isRussianError(await v.post('/v3.0/users/settings/delete', { password: 'не тот', content: 'remove' }), 400),
    ).toBe(true);
    expect(isRussianError(await v.post('/v3.0/users/settings/delete', { password, content: 'burn' }), 400)).toBe(true);
    expect(isRussianError(await v.post('/v3.0/users/settings/delete/cancel'), 400)).toBe(true);

    const req = await v.post('/v3.0/users/settings/delete', { password, content: 'remove' });
    expect(req.json().rc, req.body).toBe(200);
    expect(req.json().data.deletion.mode).toBe('remove');
    expect((await v.get('/v3.0/users/settings')).json().data.deletion).not.toBeNull();
    // Before the 14 days nothing happens, whatever the queue does.
    await jobsOf(t.app.ctx).drain();
    expect(await nameOf(user.id)).toBe('Ухожу Навсегда');
    expect((await v.post('/v3.0/users/settings/delete/cancel')).json().rc).toBe(200);

    await v.post('/v3.0/users/settings/delete', { password, content: 'remove' });
    const { runDeletion } = await import('./service.ts');
    t.clock.now = new Date(Date.now() + 15 * 86400_000);
    try {
      await runDeletion(t.app.ctx, user.id);
    } finally {
      t.clock.now = new Date();
    }
    expect(await nameOf(user.id)).toBe(messages.deletedName);
    expect(await emailOf(user.id)).toBe(`deleted-${user.id}@deleted.invalid`);
    expect((await v.get('/v3.0/auth/check')).json().data.user).toBeNull();
    const [row] = await t.database.db.select().from(entries).where(eq(entries.id, entryId));
    expect(row.removed).toBe(true);
  });

  it('an account without a password proves itself by a fresh sign-in instead: email, password, deletion', async () => {
    const v = new Visitor(t.app);
    const { user, password } = await v.register({ name: 'Пришёл Через Соцсеть' });
    // A password account must still give its password.
    expect(isRussianError(await v.post('/v3.0/users/settings/delete', { content: 'anonymize' }), 400)).toBe(true);
    expect(password).toBeTruthy();
    await t.database.db.update(users).set({ passwordHash: '' }).where(eq(users.id, user.id));
    const later = (minutes: number) => (t.clock.now = new Date(Date.now() + minutes * 60_000));
    try {
      // Signed in eleven minutes ago: not enough, nothing changes.
      later(11);
      const stale = await v.post('/v3.0/users/settings/email', { email: 'novyi-adres@example.ru' });
      expect(isRussianError(stale, 400)).toBe(true);
      expect(stale.json().rm).toBe(messages.freshSignInNeeded(10));
      expect(isRussianError(await v.post('/v3.0/users/settings/delete', { content: 'remove' }), 400)).toBe(true);
      expect(isRussianError(await v.post('/v3.0/users/settings/password', { password: 'новый-пароль-1' }), 400)).toBe(
        true,
      );
      expect((await v.get('/v3.0/users/settings')).json().data.deletion).toBeNull();
      // Within ten minutes of the sign-in: the email change is mailed, a password is set, deletion is requested.
      later(5);
      expect((await v.post('/v3.0/users/settings/email', { email: 'novyi-adres@example.ru' })).json().rc).toBe(200);
      const set = await v.post('/v3.0/users/settings/password', { password: 'новый-пароль-1' });
      expect(set.json().rc, set.body).toBe(200);
      expect((await v.post('/v3.0/users/settings/delete', { content: 'anonymize' })).json().rc).toBe(400);
      const del = await v.post('/v3.0/users/settings/delete', { password: 'новый-пароль-1', content: 'anonymize' });
      expect(del.json().rc, del.body).toBe(200);
    } finally {
      t.clock.now = new Date();
    }
  });

  it('deletion goes through the content services: counters recounted, events out, votes, bookmarks, subscriptions dropped', async () => {
    const other = await signedIn('Чужой Автор');
    const theirs = (await savedEntry(other.v, { title: 'Чужая запись', entry: [text('Текст')], is_published: 1 })).id;
    const v = new Visitor(t.app);
    const { password, user } = await v.register({ name: 'Уходящий Читатель' });
    const mine = (await savedEntry(v, { title: 'Моя запись', entry: [text('Текст')], is_published: 1 })).id;
    const comment = (await v.post('/v3.0/comment/add', { id: theirs, text: 'Мой комментарий' })).json().data.id;
    expect(comment).toBeGreaterThan(0);
    expect((await v.post('/v3.0/like', { id: theirs, type: 'content', sign: 1 })).json().rc).toBe(200);
    expect((await v.post('/v3.0/favorite/change', { id: theirs, type: 'content', state: 1 })).json().rc).toBe(200);
    expect((await v.post(`/v3.0/subscribe/to/subsite/${other.id}`)).json().rc).toBe(200);
    await voteCountersOf(t.app.ctx)!.fold();
    const counters = async () => {
      const [e] = await t.database.db.select().from(entries).where(eq(entries.id, theirs));
      const [s] = await t.database.db.select().from(subsites).where(eq(subsites.id, other.id));
      return {
        comments: e.commentsCount,
        likes: e.likesSumm,
        favorites: e.favoritesCount,
        subscribers: s.subscribersCount,
      };
    };
    expect(await counters()).toEqual({ comments: 1, likes: 1, favorites: 1, subscribers: 1 });
    // The owner's own blog page offers its settings; nobody else's does.
    expect((await v.get(`/v3.0/subsite/${user.id}`)).json().data).toMatchObject({
      can_manage: true,
      is_deleted: false,
    });
    expect((await other.v.get(`/v3.0/subsite/${user.id}`)).json().data.can_manage).toBe(false);

    expect((await v.post('/v3.0/users/settings/delete', { password, content: 'remove' })).json().rc).toBe(200);
    const seen: string[] = [];
    const offs = [
      t.app.ctx.events.on('entry.removed', (p) => void seen.push(`entry ${p.entryId}`)),
      t.app.ctx.events.on('comment.removed', (p) => void seen.push(`comment ${p.commentIds.join()}`)),
      t.app.ctx.events.on('vote.changed', (p) => void seen.push(`vote ${p.targetId} ${p.sign}`)),
      t.app.ctx.events.on('subscription.changed', (p) => void seen.push(`unsubscribed ${p.subsiteId}`)),
    ];
    const { runDeletion } = await import('./service.ts');
    t.clock.now = new Date(Date.now() + 15 * 86400_000);
    try {
      await runDeletion(t.app.ctx, user.id);
      await t.app.ctx.events.settled();
    } finally {
      t.clock.now = new Date();
      offs.forEach((off) => off());
    }
    await voteCountersOf(t.app.ctx)!.fold();
    expect(seen.sort()).toEqual(
      [`comment ${comment}`, `entry ${mine}`, `unsubscribed ${other.id}`, `vote ${theirs} 0`].sort(),
    );
    expect(await counters()).toEqual({ comments: 0, likes: 0, favorites: 0, subscribers: 0 });
    expect(await t.database.db.select().from(favorites).where(eq(favorites.userId, user.id))).toEqual([]);
    const page = (await other.v.get(`/v3.0/subsite/${user.id}`)).json().data;
    expect(page).toMatchObject({ name: messages.deletedName, is_deleted: true, can_manage: false });
  });

  it('makes a downloadable archive of what the person wrote, by a job, for them only', async () => {
    const { v, id } = await signedIn('Архивариус');
    await v.post('/v3.0/users/settings/profile', { description: 'Моё описание' });
    const req = await v.post('/v3.0/users/settings/export');
    expect(req.json().rc, req.body).toBe(200);
    expect(isRussianError(await v.post('/v3.0/users/settings/export'), 400)).toBe(true);
    await jobsOf(t.app.ctx).drain();
    const item = (await v.get('/v3.0/users/settings')).json().data.exports[0];
    expect(item.status).toBe('ready');
    const file = await v.get(item.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/gzip');
    const tarText = zlib.gunzipSync(file.rawPayload).toString('utf8');
    expect(tarText).toContain(`sreda-${id}/profile.json`);
    expect(tarText).toContain('Моё описание');
    const other = await signedIn();
    expect(isRussianError(await other.v.get(item.url), 404)).toBe(true);
  });
});
