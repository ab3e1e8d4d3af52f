import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startTestApp, Visitor, isRussianError, type TestApp } from '../../testing/harness.ts';
import { entries, users } from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import { Realtime, INVALID_SOCKET_URL, parseRealtimeUrl } from '../../../web/features/realtime/client.ts';
import type { ChannelMessage, CommentsEvent, LiveItem, SocketReply } from '../../../shared/realtime.ts';
import { COMMANDS_PER_WINDOW, hubOf, MAX_CHANNELS_PER_SOCKET } from './hub.ts';
import { channelAuth, signChannel } from '../../lib/channels.ts';
import { realtimePage } from './page.ts';
import { runDeletion } from '../accounts/service.ts';

let t: TestApp;
let url: string;
let owner: { v: Visitor; user: { id: number } };
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // A real socket.io client needs a real port.
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await signedIn('Хозяин Сайта');
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.close();
});

const DAY = 86_400_000;

async function signedIn(name = 'Тестовый Пользователь') {
  const v = new Visitor(t.app);
  const { user } = await v.register({ name });
  return { v, user: user as { id: number; name: string } };
}

async function entry(authorId: number) {
  const [row] = await t.database.db
    .insert(entries)
    .values({
      subsiteId: authorId,
      authorId,
      title: 'Запись <b>для</b> эфира',
      slug: 'zapis',
      isPublished: true,
      publishedAt: new Date(Date.now() - DAY),
    })
    .returning();
  return row;
}

async function connect(): Promise<Socket> {
  const socket = connectSocket(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const subscribe = (s: Socket, payload: unknown) =>
  s.timeout(3000).emitWithAck('subscribe', payload) as Promise<SocketReply>;

/** Resolves with the next `event` of `channel` that passes `accept`. */
function next<T>(s: Socket, channel: string, accept: (data: T) => boolean = () => true, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off('event', on);
      reject(new Error(`no event on ${channel}`));
    }, ms);
    const on = (m: ChannelMessage<T>) => {
      if (m.channel !== channel || !accept(m.data)) return;
      clearTimeout(timer);
      s.off('event', on);
      resolve(m.data);
    };
    s.on('event', on);
  });
}

/** Collects every event of `channel` for `ms`. */
async function collect<T>(s: Socket, channel: string, ms: number): Promise<T[]> {
  const got: T[] = [];
  const on = (m: ChannelMessage<T>) => m.channel === channel && got.push(m.data);
  s.on('event', on);
  await new Promise((r) => setTimeout(r, ms));
  s.off('event', on);
  return got;
}

const refused = (reply: SocketReply, rm: string) => {
  expect(reply.ok).toBe(false);
  expect(!reply.ok && reply.error).toBe(rm);
  expect(/[А-Яа-яЁё]/.test(rm)).toBe(true);
};

describe('channel subscriptions', () => {
  it('public channels need no signature', async () => {
    const s = await connect();
    for (const channel of ['comments-12', 'content-hits-12', 'content-12', 'live', 'system']) {
      expect(await subscribe(s, { channel })).toEqual({ ok: true, channel });
    }
  });

  it('refuses unknown channels and payloads of the wrong shape, and keeps the connection', async () => {
    const s = await connect();
    refused(await subscribe(s, { channel: 'comments-abc' }), messages.socketUnknownChannel);
    refused(await subscribe(s, { channel: 'comments-0' }), messages.socketUnknownChannel);
    refused(await subscribe(s, { channel: 'admin' }), messages.socketUnknownChannel);
    refused(await subscribe(s, { channel: `comments-${'1'.repeat(200)}` }), messages.socketBadRequest);
    refused(await subscribe(s, { channel: 12 }), messages.socketBadRequest);
    refused(await subscribe(s, {}), messages.socketBadRequest);
    refused(await subscribe(s, 'live'), messages.socketBadRequest);
    refused(await subscribe(s, null), messages.socketBadRequest);
    refused(await subscribe(s, { channel: 'live', role: 'admin' }), messages.socketBadRequest);
    refused(await subscribe(s, { channel: 'live', time: 'soon' }), messages.socketBadRequest);
    refused(
      (await s.timeout(3000).emitWithAck('unsubscribe', { channel: ['live'] })) as SocketReply,
      messages.socketBadRequest,
    );
    expect(s.connected).toBe(true);
    expect(await subscribe(s, { channel: 'live' })).toEqual({ ok: true, channel: 'live' });
  });

  it('a refusal without an ack comes as the error event', async () => {
    const s = await connect();
    const error = new Promise<SocketReply>((resolve) => s.once('error', resolve));
    s.emit('subscribe', { channel: 'nope' });
    refused(await error, messages.socketUnknownChannel);
  });

  it("a deleted account's open sockets are closed when its deletion runs; others stay", async () => {
    const leaver = await signedIn('Уходящий');
    const stayer = await signedIn('Остающийся');
    const auth = (u: { id: number }) => realtimePage(t.app.ctx, { ...u, isPaid: false } as never).socketAuth()!;
    const [gone, kept] = [await connect(), await connect()];
    expect((await subscribe(gone, auth(leaver.user))).ok).toBe(true);
    expect((await subscribe(kept, auth(stayer.user))).ok).toBe(true);
    const closed = new Promise<string>((resolve) => gone.once('disconnect', resolve));
    const res = await leaver.v.post('/v3.0/users/settings/delete', {
      password: 'correct horse battery',
      content: 'anonymize',
    });
    expect(res.json().rc, res.body).toBe(200);
    t.clock.now = new Date(Date.now() + 15 * DAY);
    try {
      await runDeletion(t.app.ctx, leaver.user.id);
    } finally {
      t.clock.now = new Date();
    }
    expect(await closed).toBe('io server disconnect');
    expect(kept.connected).toBe(true);
  });

  it('private channels: only with a valid, fresh signature for that very channel', async () => {
    const alice = await signedIn('Алиса');
    const bob = await signedIn('Боб');
    const channel = `user-${alice.user.id}`;
    const s = await connect();
    const now = Math.floor(Date.now() / 1000);

    refused(await subscribe(s, { channel }), messages.socketAuthRequired);
    refused(await subscribe(s, { channel, time: now, hash: 'f'.repeat(64) }), messages.socketAuthRequired);
    refused(await subscribe(s, { channel, time: now, hash: 'not hex' }), messages.socketAuthRequired);
    refused(
      await subscribe(s, { channel, time: now + 1, hash: signChannel(t.config.secret, channel, now) }),
      messages.socketAuthRequired,
    );
    refused(
      await subscribe(s, { channel, time: now, hash: signChannel('another-secret', channel, now) }),
      messages.socketAuthRequired,
    );
    // Bob's own page data opens Bob's channel, not Alice's.
    const bobAuth = realtimePage(t.app.ctx, { ...bob.user, isPaid: false } as never).socketAuth()!;
    expect(bobAuth.channel).toBe(`user-${bob.user.id}`);
    refused(await subscribe(s, { channel, time: bobAuth.time, hash: bobAuth.hash }), messages.socketAuthRequired);
    // A day and more old: expired; far in the future: refused the same way.
    const old = now - 2 * 86_400;
    refused(
      await subscribe(s, { channel, time: old, hash: signChannel(t.config.secret, channel, old) }),
      messages.socketAuthExpired,
    );
    const future = now + 86_400;
    refused(
      await subscribe(s, { channel, time: future, hash: signChannel(t.config.secret, channel, future) }),
      messages.socketAuthExpired,
    );

    // Nothing sent to Alice's channel reaches the refused socket.
    const silent = collect(s, channel, 400);
    t.app.ctx.events.emit('notification.changed', { userId: alice.user.id, notificationId: 1, unreadCount: 3 });
    expect(await silent).toEqual([]);

    // Alice's page data: delivered.
    const anonymous = realtimePage(t.app.ctx, null).socketAuth();
    expect(anonymous).toBeNull();
    const auth = channelAuth(t.config.secret, channel, new Date());
    const a = await connect();
    expect(await subscribe(a, auth)).toEqual({ ok: true, channel });
    const got = next(a, channel);
    t.app.ctx.events.emit('notification.changed', { userId: alice.user.id, notificationId: 1, unreadCount: 4 });
    expect(await got).toEqual({ type: 'notification', unread_count: 4 });
  });

  it('broadcast is refused where the channel does not allow it', async () => {
    const s = await connect();
    const other = await connect();
    await subscribe(s, { channel: 'comments-5' });
    await subscribe(other, { channel: 'comments-5' });
    const silent = collect(other, 'comments-5', 400);
    for (const channel of ['comments-5', 'live', 'system']) {
      refused(
        (await s.timeout(3000).emitWithAck('broadcast', { channel, data: { type: 'comment_created' } })) as SocketReply,
        messages.socketBroadcastForbidden,
      );
    }
    refused(
      (await s.timeout(3000).emitWithAck('broadcast', { channel: 'whatever', data: 1 })) as SocketReply,
      messages.socketUnknownChannel,
    );
    refused(
      (await s.timeout(3000).emitWithAck('broadcast', { channel: 'live', data: 1, extra: 1 })) as SocketReply,
      messages.socketBadRequest,
    );
    expect(await silent).toEqual([]);
  });

  it('caps the channels of one connection and the size of a message', async () => {
    const s = await connect();
    for (let i = 1; i <= MAX_CHANNELS_PER_SOCKET; i++) s.emit('subscribe', { channel: `comments-${i}` });
    expect(await subscribe(s, { channel: 'comments-1' })).toEqual({ ok: true, channel: 'comments-1' });
    refused(
      await subscribe(s, { channel: `comments-${MAX_CHANNELS_PER_SOCKET + 1}` }),
      messages.socketTooManyChannels(MAX_CHANNELS_PER_SOCKET),
    );
    expect((await s.timeout(3000).emitWithAck('unsubscribe', { channel: 'comments-7' })) as SocketReply).toEqual({
      ok: true,
      channel: 'comments-7',
    });
    expect(await subscribe(s, { channel: `comments-${MAX_CHANNELS_PER_SOCKET + 1}` })).toMatchObject({ ok: true });

    // A flood of commands (300 per 10 s) is answered once and the connection cut.
    const flood = await connect();
    const cut = new Promise((resolve) => flood.once('disconnect', resolve));
    const refusal = new Promise<SocketReply>((resolve) => flood.on('error', resolve));
    for (let i = 0; i <= COMMANDS_PER_WINDOW; i++) flood.emit('unsubscribe', { channel: 'live' });
    refused(await refusal, messages.socketTooFast);
    expect(await cut).toBe('io server disconnect');

    const big = await connect();
    const closed = new Promise((resolve) => big.once('disconnect', resolve));
    big.emit('subscribe', { channel: 'live', hash: 'x'.repeat(20_000) });
    expect(await closed).toBe('transport close');
  });
});

describe('the client wrapper', () => {
  it('refuses a realtime URL that is not one', () => {
    for (const bad of ['', '/socket.io', 'ftp://host/socket.io', 'http://host', 'javascript:alert(1)']) {
      expect(() => parseRealtimeUrl(bad)).toThrow(INVALID_SOCKET_URL);
    }
    expect(parseRealtimeUrl('wss://example.ru/socket.io')).toEqual({
      origin: 'https://example.ru',
      path: '/socket.io',
    });
  });

  it('subscribes with the first listener, unsubscribes after the last, resubscribes after a forced disconnect; says when it joined', async () => {
    const owned = await entry(owner.user.id);
    const rt = new Realtime(`${url}/socket.io`);
    try {
      const got: unknown[] = [];
      let joins = 0;
      const offA = rt.channel(`content-hits-${owned.id}`).on(
        (d) => got.push(d),
        () => (joins += 1),
      );
      const offB = rt.channel(`content-hits-${owned.id}`).on((d) => got.push(d));
      const hub = hubOf(t.app.ctx)!;
      const room = () => hub.io.of('/').adapter.rooms.get(`content-hits-${owned.id}`)?.size ?? 0;
      await expect.poll(room).toBe(1);
      await expect.poll(() => joins).toBe(1);
      hub.publish(`content-hits-${owned.id}`, { n: 1 });
      await expect.poll(() => got.length).toBe(2);

      // The server drops every connection (a node going down): the wrapper comes back and subscribes again.
      hub.io.disconnectSockets(true);
      await expect.poll(() => rt.connected).toBe(false);
      await expect.poll(() => room(), { timeout: 8000 }).toBe(1);
      // What was published while it was away reached nobody: the listener hears that it is back.
      await expect.poll(() => joins).toBe(2);
      hub.publish(`content-hits-${owned.id}`, { n: 2 });
      await expect.poll(() => got.length).toBe(4);

      offA();
      await new Promise((r) => setTimeout(r, 200));
      expect(room()).toBe(1);
      offB();
      await expect.poll(room).toBe(0);
      expect(rt.channels).toEqual([]);
    } finally {
      rt.close();
    }
  });
});

describe('publishing domain events', () => {
  it('comment created, edited, voted and removed reach comments-{entryId} as an anonymous reader sees them', async () => {
    const author = await signedIn('Автор Комментария');
    const voter = await signedIn('Голосующий');
    const owned = await entry(owner.user.id);
    const channel = `comments-${owned.id}`;
    const s = await connect();
    await subscribe(s, { channel });

    let got = next<CommentsEvent>(s, channel);
    const res = await author.v.post('/v3.0/comment/add', { id: owned.id, text: 'Первый <b>живой</b> комментарий' });
    expect(res.json().rc).toBe(200);
    const id = res.json().data.id;
    let event = await got;
    expect(event.type).toBe('comment_created');
    if (event.type !== 'comment_created') throw new Error();
    expect(event.comments_count).toBe(1);
    expect(event.comment).toMatchObject({
      id,
      entry_id: owned.id,
      level: 0,
      reply_to: null,
      can_edit: false,
      can_remove: false,
      source: null,
      is_new: false,
    });
    expect(event.comment.text).toContain('&lt;b&gt;живой&lt;/b&gt;');
    expect(event.comment.author).toMatchObject({ id: author.user.id, name: 'Автор Комментария' });

    got = next<CommentsEvent>(s, channel);
    const reply = (await owner.v.post('/v3.0/comment/add', { id: owned.id, text: 'Ответ', reply_to: id })).json().data
      .id;
    event = await got;
    expect(event).toMatchObject({
      type: 'comment_created',
      comment: { id: reply, reply_to: id, level: 1 },
      comments_count: 2,
    });

    got = next<CommentsEvent>(s, channel);
    expect((await author.v.post('/v3.0/comment/edit', { id, text: 'Исправленный текст' })).json().rc).toBe(200);
    event = await got;
    expect(event).toMatchObject({ type: 'comment_edited', comment: { id, source: null } });
    expect(event.type === 'comment_edited' && event.comment.text).toContain('Исправленный текст');
    expect(event.type === 'comment_edited' && event.comment.modification_date).toBeTruthy();

    got = next<CommentsEvent>(s, channel);
    expect((await voter.v.post('/v3.0/like', { id, type: 'comment', sign: 1 })).json().rc).toBe(200);
    event = await got;
    expect(event).toMatchObject({ type: 'comment_voted', comment: { id, likes: { count: 1, summ: 1, is_liked: 0 } } });

    got = next<CommentsEvent>(s, channel);
    expect((await author.v.post('/v3.0/comment/remove', { id })).json().rc).toBe(200);
    event = await got;
    expect(event).toMatchObject({
      type: 'comment_removed',
      removed_ids: [id],
      comments_count: 1,
      comment: { id, is_removed: true, text: '', author: null },
    });
  });

  it('an entry vote goes to content-{id}', async () => {
    const voter = await signedIn('Читатель');
    const owned = await entry(owner.user.id);
    const s = await connect();
    await subscribe(s, { channel: `content-${owned.id}` });
    const got = next(s, `content-${owned.id}`);
    expect((await voter.v.post('/v3.0/like', { id: owned.id, type: 'content', sign: -1 })).json().rc).toBe(200);
    expect(await got).toEqual({ type: 'content_voted', content_id: owned.id, likes: { count: 1, summ: -1 } });
  });

  it('views go to content-hits-{id}, at most one message a second', async () => {
    const owned = await entry(owner.user.id);
    const channel = `content-hits-${owned.id}`;
    const s = await connect();
    await subscribe(s, { channel });
    const events = collect<{ value: number }>(s, channel, 1600);
    for (let i = 0; i < 4; i++) expect((await new Visitor(t.app).get(`/v3.0/hit/${owned.id}`)).json().rc).toBe(200);
    const got = await events;
    expect(got[0]).toEqual({ content_id: owned.id, type: 'content_viewed', value: 1 });
    // The other three views fold into one message at the end of the second.
    expect(got).toHaveLength(2);
    expect(got[1]).toEqual({ content_id: owned.id, type: 'content_viewed', value: 4 });
  });

  it('publishing, subscriptions and a new build go to system; a late subscriber hears the build at once', async () => {
    const s = await connect();
    await subscribe(s, { channel: 'system' });
    let got = next(s, 'system');
    t.app.ctx.events.emit('entry.published', { entryId: 999_999, subsiteId: 3, authorId: 3, title: 'x' });
    expect(await got).toEqual({ type: 'new_entry_published', content_id: 999_999, subsite_id: 3 });

    got = next(s, 'system');
    t.app.ctx.events.emit('subscription.changed', { subsiteId: 3, userId: 4, subscribed: true, subscribersCount: 17 });
    expect(await got).toEqual({ type: 'subsite_subscribers_count_changed', subsite_id: 3, count: 17 });

    const hub = hubOf(t.app.ctx)!;
    got = next(s, 'system');
    await hub.announceStaticVersion('build-1');
    expect(await got).toEqual({ type: 'static_version_changed', version: 'build-1' });
    // The same build again (a restart, a second node): nobody is told twice.
    const silent = collect(s, 'system', 300);
    await hub.announceStaticVersion('build-1');
    expect(await silent).toEqual([]);

    const late = await connect();
    const first = next(late, 'system');
    await subscribe(late, { channel: 'system' });
    expect(await first).toEqual({ type: 'static_version_changed', version: 'build-1' });
  });
});

describe('live feed', () => {
  it('GET /live/initial: the newest 20 items, escaped markup; new ones stream on the live channel', async () => {
    const author = await signedIn('Автор Эфира');
    const owned = await entry(owner.user.id);
    for (let i = 0; i < 23; i++) {
      expect(
        (
          await author.v.post('/v3.0/comment/add', {
            id: owned.id,
            text: `Комментарий ${i} <img src=x onerror=alert(1)>`,
          })
        ).json().rc,
      ).toBe(200);
    }
    const res = await new Visitor(t.app).get('/v3.0/live/initial');
    expect(res.json().rc).toBe(200);
    const items = res.json().data.items as LiveItem[];
    expect(items).toHaveLength(20);
    expect(items[0]).toMatchObject({
      type: 'comment',
      comment_id: expect.any(Number),
      content_id: owned.id,
      subsite_id: owner.user.id,
      user_id: author.user.id,
      original_subsite_id: owner.user.id,
      pin: false,
      text: 'Комментарий 22 <img src=x onerror=alert(1)>',
    });
    expect(items[0].hash).toBe(`comment-${items[0].comment_id}`);
    expect(Object.keys(items[0]).sort()).toEqual([
      'comment_id',
      'content_id',
      'date',
      'hash',
      'live_html',
      'original_subsite_id',
      'pin',
      'subsite_id',
      'text',
      'type',
      'user_id',
    ]);
    for (const item of items) {
      expect(item.live_html).not.toMatch(/<img src=x|<script|<b>/);
    }
    expect(items[0].live_html).toContain('&lt;img src=x');
    expect(items[0].live_html).toContain('Запись &lt;b&gt;для&lt;/b&gt; эфира');
    const dates = items.map((i) => new Date(i.date).getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const s = await connect();
    await subscribe(s, { channel: 'live' });
    // The earlier comments' events leave after their requests answer, so one may still arrive after subscribing.
    const got = next<LiveItem>(s, 'live', (item) => item.text === 'Свежий');
    const id = (await author.v.post('/v3.0/comment/add', { id: owned.id, text: 'Свежий' })).json().data.id;
    expect(await got).toMatchObject({ type: 'comment', hash: `comment-${id}`, comment_id: id, text: 'Свежий' });
  });

  it('drafts, removed entries and removed comments stay out', async () => {
    const draft = await entry(owner.user.id);
    await t.database.db.update(entries).set({ isPublished: false }).where(eq(entries.id, draft.id));
    const items = (await new Visitor(t.app).get('/v3.0/live/initial')).json().data.items as LiveItem[];
    expect(items.some((i) => i.content_id === draft.id)).toBe(false);
  });

  it('refuses unknown parameters', async () => {
    const v = new Visitor(t.app);
    for (const q of ['?count=100', '?role=admin', '?last_id=1']) {
      const res = await v.get(`/v3.0/live/initial${q}`);
      expect(isRussianError(res, 400), res.body).toBe(true);
      expect(res.json().rm).toContain('Неизвестное поле');
    }
  });

  it('GET /live/token/update: 401 anonymous, 402 without Plus, a token with Plus', async () => {
    expect(isRussianError(await new Visitor(t.app).get('/v3.0/live/token/update'), 401)).toBe(true);
    const plain = await signedIn('Без Плюса');
    const res = await plain.v.get('/v3.0/live/token/update');
    expect(isRussianError(res, 402)).toBe(true);
    expect(res.json().rm).toBe(messages.liveTokenPlusRequired);

    await t.database.db.update(users).set({ isPaid: true }).where(eq(users.id, plain.user.id));
    const paid = await plain.v.get('/v3.0/live/token/update');
    expect(paid.json().rc).toBe(200);
    const { token, expires } = paid.json().data;
    expect(token).toMatch(new RegExp(`^${plain.user.id}\\.${expires}\\.[A-Za-z0-9_-]{43}$`));
    expect(expires - Date.now() / 1000).toBeGreaterThan(86_000);
    expect(isRussianError(await plain.v.get('/v3.0/live/token/update?user_id=1'), 400)).toBe(true);
  });
});

describe.skipIf(!process.env.REDIS_URL)('two apps on one Redis (REDIS_URL)', () => {
  it('a message published on one node reaches sockets of the other, and so does the newest build', async () => {
    const other = await startTestApp({ redisNamespace: t.config.redisNamespace });
    try {
      const otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const s = connectSocket(otherUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(s);
      await new Promise<void>((resolve) => s.once('connect', () => resolve()));
      await subscribe(s, { channel: 'comments-77' });
      // The adapter's subscription to Redis settles asynchronously.
      await new Promise((r) => setTimeout(r, 200));
      const got = next(s, 'comments-77');
      hubOf(t.app.ctx)!.publish('comments-77', { type: 'comment_voted', n: 1 });
      expect(await got).toEqual({ type: 'comment_voted', n: 1 });

      await hubOf(t.app.ctx)!.announceStaticVersion('build-from-node-a');
      await new Promise((r) => setTimeout(r, 300));
      const late = connectSocket(otherUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(late);
      await new Promise<void>((resolve) => late.once('connect', () => resolve()));
      const first = next(late, 'system');
      await subscribe(late, { channel: 'system' });
      expect(await first).toEqual({ type: 'static_version_changed', version: 'build-from-node-a' });
    } finally {
      await other.close();
    }
  });
});
