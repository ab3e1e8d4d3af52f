import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { isRussianError, useTestApp, type Visitor } from '../../testing/harness.ts';
import {
  chatMessages,
  chatMembers,
  media,
  outbox,
  subscriptions,
  subsiteRoles,
  subsites,
  mutes,
  users,
} from '../../db/schema.ts';
import { messages } from '../../../shared/catalogue.ts';
import {
  MESSAGE_MAX_LENGTH,
  UNREAD_NOTIFY_MS,
  type Chat,
  type ChatDetails,
  type ChatsPage,
  type Message,
  type MessengerEvent,
} from '../../../shared/messenger.ts';
import { channelName } from '../../../shared/realtime.ts';
import { jobsOf } from '../../jobs/queue.ts';
import { listenAs } from './testing.ts';

const { t, staff, signedIn } = useTestApp({ logLevel: 'error' });
afterEach(() => {
  t.clock.now = new Date();
});

const db = () => t.database.db;
const ok = <T>(res: { statusCode: number; body: string; json(): any }): T => {
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data as T;
};
const direct = async (v: Visitor, userId: number) =>
  ok<ChatDetails>(await v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [userId] }));
const group = async (v: Visitor, userIds: number[], title = 'Редакция') =>
  ok<ChatDetails>(await v.post('/v3.0/messenger/chats/create', { type: 'group', user_ids: userIds, title }));
const send = (v: Visitor, chatId: number, body: Record<string, unknown>) =>
  v.post(`/v3.0/messenger/chats/${chatId}/send`, body);
const sent = async (v: Visitor, chatId: number, text: string, extra: Record<string, unknown> = {}) =>
  ok<Message>(await send(v, chatId, { text, ...extra }));
const chats = async (v: Visitor, query = '') => ok<ChatsPage>(await v.get(`/v3.0/messenger/chats${query}`));
const stored = async (chatId: number) =>
  (await db().select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length;
const refused = (res: { statusCode: number; json(): any }, rc: number, rm?: string) => {
  expect(isRussianError(res, rc), JSON.stringify(res.json())).toBe(true);
  if (rm) expect(res.json().rm).toBe(rm);
};

describe('direct chats', () => {
  it('keeps one chat per pair, lists it with the last message and the unread count, and moves read marks', async () => {
    const a = await signedIn('Анна Петрова');
    const b = await signedIn('Борис Иванов');
    const chat = await direct(a.v, b.id);
    expect(chat.type).toBe('direct');
    expect(chat.title).toBe('Борис Иванов');
    expect(chat.members.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect((await direct(a.v, b.id)).id).toBe(chat.id);
    expect((await direct(b.v, a.id)).id).toBe(chat.id);

    const first = await sent(a.v, chat.id, 'Привет!');
    const second = await sent(a.v, chat.id, 'Как дела?');
    const bList = await chats(b.v);
    const item = bList.items.find((c) => c.id === chat.id)!;
    expect(item.title).toBe('Анна Петрова');
    expect(item.last_message?.text).toBe('Как дела?');
    expect(item.unread_count).toBe(2);
    expect(bList.unread_total).toBe(2);
    expect(ok<{ unread_total: number }>(await b.v.get('/v3.0/messenger/unread')).unread_total).toBe(2);
    // The author's own messages are never unread to them; nobody has read them yet.
    const aItem = (await chats(a.v)).items.find((c) => c.id === chat.id)!;
    expect(aItem.unread_count).toBe(0);
    expect(aItem.read_by_others_id).toBe(0);

    const read = ok<{ unread_total: number; last_read_id: number }>(
      await b.v.post(`/v3.0/messenger/chats/${chat.id}/read`, { message_id: first.id }),
    );
    expect(read.unread_total).toBe(1);
    // A mark never moves back.
    await b.v.post(`/v3.0/messenger/chats/${chat.id}/read`, { message_id: second.id });
    await b.v.post(`/v3.0/messenger/chats/${chat.id}/read`, { message_id: first.id });
    expect((await chats(b.v)).unread_total).toBe(0);
    expect((await chats(a.v)).items.find((c) => c.id === chat.id)!.read_by_others_id).toBe(second.id);
  });

  it('stores one message for two sends with one client_id', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const chat = await direct(a.v, b.id);
    const one = await sent(a.v, chat.id, 'Один раз', { client_id: 'c-123_x' });
    const two = await sent(a.v, chat.id, 'Один раз', { client_id: 'c-123_x' });
    expect(two.id).toBe(one.id);
    expect(await stored(chat.id)).toBe(1);
    // Another client id is another message; the same id from another author is theirs.
    await sent(a.v, chat.id, 'Второй', { client_id: 'c-124' });
    await sent(b.v, chat.id, 'Ответ', { client_id: 'c-123_x' });
    expect(await stored(chat.id)).toBe(3);
  });

  it('refuses strangers, bad input and huge payloads with Russian messages, storing nothing', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const stranger = await signedIn();
    const chat = await direct(a.v, b.id);
    const url = `/v3.0/messenger/chats/${chat.id}/send`;
    refused(await send(stranger.v, chat.id, { text: 'Я тут' }), 404, messages.chatNotFound);
    refused(await stranger.v.get(`/v3.0/messenger/chats/${chat.id}/messages`), 404, messages.chatNotFound);
    refused(await stranger.v.get(`/v3.0/messenger/chats/${chat.id}`), 404);
    refused(await stranger.v.post(`/v3.0/messenger/chats/${chat.id}/read`, { message_id: 1 }), 404);
    refused(await send(a.v, 2_000_000_000, { text: 'Нет чата' }), 404);
    // A megabyte is over the body limit before it reaches the field check.
    refused(await send(a.v, chat.id, { text: 'x'.repeat(1024 * 1024) }), 413);
    refused(
      await send(a.v, chat.id, { text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }),
      400,
      messages.messageTooLong(MESSAGE_MAX_LENGTH),
    );
    refused(
      await send(a.v, chat.id, {
        text: 'много',
        attachments: Array.from({ length: 50 }, (_, i) => `${'a'.repeat(31)}${i % 10}`),
      }),
      400,
    );
    refused(await send(a.v, chat.id, { text: '   ' }), 400, messages.messageEmpty);
    refused(await send(a.v, chat.id, {}), 400, messages.messageEmpty);
    refused(await send(a.v, chat.id, { text: 12 }), 400);
    refused(await send(a.v, chat.id, { text: 'a', role: 'admin' }), 400, messages.unknownField('role'));
    refused(await send(a.v, chat.id, { text: 'a', client_id: 'ы'.repeat(3) }), 400, messages.messageClientIdInvalid);
    refused(await send(a.v, chat.id, { text: 'a', client_id: 'x'.repeat(65) }), 400);
    refused(
      await send(a.v, chat.id, { text: 'a', attachments: ['0123456789abcdef0123456789abcdef'] }),
      400,
      messages.messageAttachmentInvalid,
    );
    refused(await send(a.v, chat.id, { text: 'a', reply_to: 999999 }), 400, messages.messageReplyNotFound);
    refused(await a.v.post('/v3.0/messenger/chats/abc/send', { text: 'a' }), 400, messages.chatIdInvalid);
    refused(await a.v.post(url, { text: 'a' }, { csrf: false }), 403);
    const anonymous = new (staff.constructor as typeof Visitor)(t.app);
    refused(await anonymous.post(url, { text: 'a' }), 401);
    refused(await anonymous.get('/v3.0/messenger/chats'), 401);
    expect(await stored(chat.id)).toBe(0);

    refused(
      await a.v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [a.id] }),
      400,
      messages.chatSelf,
    );
    refused(await a.v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [b.id, stranger.id] }), 400);
    refused(await a.v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [2_000_000_000] }), 400);
    refused(
      await a.v.post('/v3.0/messenger/chats/create', { type: 'secret', user_ids: [b.id] }),
      400,
      messages.chatTypeInvalid,
    );
    refused(
      await a.v.post('/v3.0/messenger/chats/create', { type: 'group', user_ids: [b.id] }),
      400,
      messages.chatTitleRequired,
    );
    refused(
      await a.v.post('/v3.0/messenger/chats/create', {
        type: 'group',
        title: 'Толпа',
        user_ids: Array.from({ length: 10_000 }, (_, i) => i + 1),
      }),
      400,
    );
    refused(
      await a.v.post('/v3.0/messenger/chats/create', { type: 'group', title: 'x'.repeat(101), user_ids: [b.id] }),
      400,
    );
    refused(await a.v.get('/v3.0/messenger/chats?before=nonsense'), 400, messages.messengerCursorInvalid);
    refused(await a.v.get(`/v3.0/messenger/chats?search=${'я'.repeat(101)}`), 400);
  });
});

describe('rules', () => {
  it('follows "who may write to me", the blocklist and bans', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const c = await signedIn();
    ok(await b.v.post('/v3.0/messenger/settings', { write: 'nobody' }));
    expect(ok<{ write: string }>(await b.v.get('/v3.0/messenger/settings')).write).toBe('nobody');
    refused(await b.v.post('/v3.0/messenger/settings', { write: 'friends' }), 400, messages.messengerWriteRuleInvalid);
    refused(
      await a.v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [b.id] }),
      403,
      messages.chatWriteNobody,
    );

    ok(await b.v.post('/v3.0/messenger/settings', { write: 'subscribed' }));
    refused(
      await a.v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [b.id] }),
      403,
      messages.chatWriteSubscribed,
    );
    await db().insert(subscriptions).values({ userId: b.id, subsiteId: a.id });
    const chat = await direct(a.v, b.id);
    await sent(a.v, chat.id, 'Можно?');

    // The blocklist: C ignores A (a muted blog id).
    await db().insert(mutes).values({ userId: c.id, subsiteId: a.id });
    refused(
      await a.v.post('/v3.0/messenger/chats/create', { type: 'direct', user_ids: [c.id] }),
      403,
      messages.messengerBlocked,
    );
    // …and an ignore in an existing chat stops the next message too.
    const d = await signedIn();
    const cd = await direct(c.v, d.id);
    await db().insert(mutes).values({ userId: d.id, subsiteId: c.id });
    refused(await send(c.v, cd.id, { text: 'Эй' }), 403, messages.messengerBlocked);

    // A banned person can neither send nor read.
    await db()
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, a.id));
    refused(await send(a.v, chat.id, { text: 'Бан' }), 403, messages.messengerBlocked);
    refused(await a.v.get('/v3.0/messenger/chats'), 403, messages.messengerBlocked);
    expect(await stored(chat.id)).toBe(1);
  });
});

describe('groups', () => {
  it('lets the owner and admins manage members; a removed member is told they are out', async () => {
    const owner = await signedIn('Ольга Владелец');
    const m1 = await signedIn();
    const m2 = await signedIn();
    const outsider = await signedIn();
    const chat = await group(owner.v, [m1.id]);
    expect(chat.my_role).toBe('owner');
    expect(chat.members_count).toBe(2);
    refused(
      await m1.v.post(`/v3.0/messenger/chats/${chat.id}/members/add`, { user_ids: [m2.id] }),
      403,
      messages.chatAdminOnly,
    );
    ok(await owner.v.post(`/v3.0/messenger/chats/${chat.id}/members/admin`, { user_id: m1.id, is_admin: true }));
    const grown = ok<ChatDetails>(
      await m1.v.post(`/v3.0/messenger/chats/${chat.id}/members/add`, { user_ids: [m2.id] }),
    );
    expect(grown.members.map((m) => m.id)).toContain(m2.id);
    refused(
      await m1.v.post(`/v3.0/messenger/chats/${chat.id}/members/remove`, { user_id: owner.id }),
      403,
      messages.chatCannotRemoveOwner,
    );
    refused(await outsider.v.post(`/v3.0/messenger/chats/${chat.id}/update`, { title: 'Моё' }), 404);
    refused(await m2.v.post(`/v3.0/messenger/chats/${chat.id}/update`, { title: 'Моё' }), 403, messages.chatAdminOnly);
    refused(
      await owner.v.post(`/v3.0/messenger/chats/${chat.id}/update`, { title: '  ' }),
      400,
      messages.chatTitleRequired,
    );
    expect(
      ok<ChatDetails>(await owner.v.post(`/v3.0/messenger/chats/${chat.id}/update`, { title: 'Новая редакция' })).title,
    ).toBe('Новая редакция');

    await sent(m2.v, chat.id, 'Я здесь');
    ok(await owner.v.post(`/v3.0/messenger/chats/${chat.id}/members/remove`, { user_id: m2.id }));
    refused(await send(m2.v, chat.id, { text: 'А теперь?' }), 403, messages.messengerNotMember);
    refused(await m2.v.get(`/v3.0/messenger/chats/${chat.id}/messages`), 403, messages.messengerNotMember);
    expect((await chats(m2.v)).items.map((c) => c.id)).not.toContain(chat.id);

    // The owner leaves: the admin takes over.
    ok(await owner.v.post(`/v3.0/messenger/chats/${chat.id}/leave`));
    const after = ok<ChatDetails>(await m1.v.get(`/v3.0/messenger/chats/${chat.id}`));
    expect(after.my_role).toBe('owner');
    refused(
      await m1.v.post(`/v3.0/messenger/chats/${(await direct(m1.v, m2.id)).id}/leave`),
      403,
      messages.chatDirectLeave,
    );

    // At most 200 people.
    const ids = (await db().select({ id: users.id }).from(users).limit(250)).map((r) => r.id);
    if (ids.length > 200) {
      refused(
        await owner.v.post('/v3.0/messenger/chats/create', {
          type: 'group',
          title: 'Много',
          user_ids: ids.slice(0, 201),
        }),
        400,
      );
    }
  });

  it('offers people of my direct chats and of the blogs I follow to add, filtered by name', async () => {
    const me = await signedIn('Мила Контакты');
    const friend = await signedIn('Фёдор Собеседник');
    const author = await signedIn('Фаина Автор');
    const stranger = await signedIn('Фома Чужой');
    const community = (
      await db()
        .insert(subsites)
        .values({ type: 'community', slug: `fk${Date.now()}`, name: 'Ф-клуб' })
        .returning()
    )[0]!;
    await direct(me.v, friend.id);
    await direct(stranger.v, author.id);
    await db()
      .insert(subscriptions)
      .values([
        { userId: me.id, subsiteId: author.id },
        { userId: me.id, subsiteId: community.id },
      ]);
    const names = async (query = '') =>
      ok<{ items: { id: number; name: string }[] }>(await me.v.get(`/v3.0/messenger/contacts${query}`)).items.map(
        (p) => p.name,
      );
    expect(await names()).toEqual(['Фаина Автор', 'Фёдор Собеседник']);
    expect(await names('?search=фёд')).toEqual(['Фёдор Собеседник']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=Чужой')).toEqual([]);
    refused(await me.v.get(`/v3.0/messenger/contacts?search=${'я'.repeat(101)}`), 400);
    refused(await me.v.get('/v3.0/messenger/contacts?extra=1'), 400);
    await db()
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, me.id));
    refused(await me.v.get('/v3.0/messenger/contacts'), 403, messages.messengerBlocked);
  });

  it('edits, removes with a stub, replies, reacts, pages history backwards and searches', async () => {
    const a = await signedIn('Вера Поиск');
    const b = await signedIn('Глеб Тест');
    const chat = await group(a.v, [b.id], 'Клуб книголюбов');
    const texts = Array.from({ length: 45 }, (_, i) => `сообщение ${i + 1}`);
    const all: Message[] = [];
    for (const text of texts) all.push(await sent(a.v, chat.id, text));

    const page1 = ok<{ items: Message[]; has_more: boolean }>(
      await b.v.get(`/v3.0/messenger/chats/${chat.id}/messages`),
    );
    expect(page1.items).toHaveLength(40);
    expect(page1.items.at(-1)!.text).toBe('сообщение 45');
    expect(page1.has_more).toBe(true);
    const page2 = ok<{ items: Message[]; has_more: boolean }>(
      await b.v.get(`/v3.0/messenger/chats/${chat.id}/messages?before_id=${page1.items[0].id}`),
    );
    expect(page2.items.map((m) => m.text)).toEqual(texts.slice(0, 5));
    expect(page2.has_more).toBe(false);

    const reply = await sent(b.v, chat.id, 'Отвечаю', { reply_to: all[0].id });
    expect(reply.reply_to).toMatchObject({ id: all[0].id, text: 'сообщение 1' });

    refused(
      await b.v.post(`/v3.0/messenger/messages/${all[1].id}/edit`, { text: 'чужое' }),
      403,
      messages.messageEditForbidden,
    );
    const edited = ok<Message>(await a.v.post(`/v3.0/messenger/messages/${all[1].id}/edit`, { text: 'исправлено' }));
    expect(edited.text).toBe('исправлено');
    expect(edited.edited_date).not.toBeNull();

    const reacted = ok<Message>(await b.v.post(`/v3.0/messenger/messages/${all[2].id}/react`, { reaction: '🔥' }));
    expect(reacted.reactions).toEqual([{ reaction: '🔥', count: 1, is_mine: true }]);
    refused(
      await b.v.post(`/v3.0/messenger/messages/${all[2].id}/react`, { reaction: '💩' }),
      400,
      messages.messageReactionInvalid,
    );

    refused(await b.v.post(`/v3.0/messenger/messages/${all[0].id}/remove`), 403, messages.messageRemoveForbidden);
    const stub = ok<Message>(await a.v.post(`/v3.0/messenger/messages/${all[0].id}/remove`));
    expect(stub).toMatchObject({ is_removed: true, text: '' });
    const history = ok<{ items: Message[] }>(
      await b.v.get(`/v3.0/messenger/chats/${chat.id}/messages?before_id=${all[1].id}`),
    );
    expect(history.items).toEqual([expect.objectContaining({ id: all[0].id, is_removed: true, text: '' })]);
    refused(await a.v.post(`/v3.0/messenger/messages/${all[0].id}/edit`, { text: 'воскрес' }), 404);

    expect((await chats(b.v, `?search=${encodeURIComponent('книголюб')}`)).items.map((c) => c.id)).toEqual([chat.id]);
    expect((await chats(b.v, `?search=${encodeURIComponent('Вера')}`)).items.map((c) => c.id)).toEqual([chat.id]);
    expect((await chats(b.v, `?search=${encodeURIComponent('нет такого')}`)).items).toEqual([]);

    // Muting takes the chat out of the header's total.
    await sent(a.v, chat.id, 'ещё одно');
    expect((await chats(b.v)).unread_total).toBeGreaterThan(0);
    ok(await b.v.post(`/v3.0/messenger/chats/${chat.id}/mute`, { is_muted: true }));
    expect((await chats(b.v)).unread_total).toBe(0);
    // The header's figure names the muted chats, so clients leave their new messages out of the total.
    expect(ok(await b.v.get('/v3.0/messenger/unread'))).toEqual({ unread_total: 0, muted_ids: [chat.id] });
  });

  it('pages the chat list by cursor', async () => {
    const a = await signedIn();
    const others = await Promise.all([1, 2, 3].map(() => signedIn()));
    for (const o of others) await sent(a.v, (await direct(a.v, o.id)).id, 'привет');
    const first = await chats(a.v, '?count=2');
    expect(first.items).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const second = await chats(a.v, `?count=2&before=${first.next}`);
    expect(second.items).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(new Set([...first.items, ...second.items].map((c: Chat) => c.id)).size).toBe(3);
  });
});

describe('subsite channels', () => {
  it('is opened by the subsite managers; subscribers read and react but do not post', async () => {
    const manager = await signedIn();
    const reader = await signedIn();
    const stranger = await signedIn();
    const [community] = await db()
      .insert(subsites)
      .values({ type: 'community', slug: `kanal-${Date.now()}`, name: 'Сообщество Канал' })
      .returning();
    await db().insert(subsiteRoles).values({ subsiteId: community.id, userId: manager.id, role: 'admin' });
    await db().insert(subscriptions).values({ userId: reader.id, subsiteId: community.id });
    refused(
      await reader.v.post('/v3.0/messenger/chats/create', { type: 'channel', subsite_id: community.id }),
      403,
      messages.channelManagersOnly,
    );
    const channel = ok<ChatDetails>(
      await manager.v.post('/v3.0/messenger/chats/create', { type: 'channel', subsite_id: community.id }),
    );
    expect(channel.title).toBe('Сообщество Канал');
    const post = await sent(manager.v, channel.id, 'Новости канала');
    const list = await chats(reader.v);
    const item = list.items.find((c) => c.id === channel.id)!;
    expect(item).toMatchObject({ type: 'channel', can_send: false, unread_count: 1 });
    refused(await send(reader.v, channel.id, { text: 'Я тоже' }), 403, messages.channelReadOnly);
    ok(await reader.v.post(`/v3.0/messenger/messages/${post.id}/react`, { reaction: '👍' }));
    ok(await reader.v.post(`/v3.0/messenger/chats/${channel.id}/read`, { message_id: post.id }));
    expect((await chats(reader.v)).unread_total).toBe(0);
    refused(await stranger.v.get(`/v3.0/messenger/chats/${channel.id}/messages`), 404);
  });
});

describe('realtime, reminders and complaints', () => {
  it('tells every member tab of new, edited and removed messages, read marks and typing', async () => {
    const a = await signedIn('Дина Автор');
    const b = await signedIn();
    const chat = await direct(a.v, b.id);
    const outsider = await signedIn();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: Socket[] = [];
    const listen = async (userId: number) => {
      const { socket, got } = await listenAs(url, t.config.secret, userId);
      sockets.push(socket);
      // The broadcast name is no channel one can join.
      const forged = await socket.timeout(3000).emitWithAck('subscribe', { channel: channelName.anyUser });
      expect(forged.ok).toBe(false);
      return got;
    };
    try {
      const [events, authorEvents, outsiderEvents] = await Promise.all([
        listen(b.id),
        listen(a.id),
        listen(outsider.id),
      ]);
      const until = (test: (e: MessengerEvent) => boolean) =>
        expect.poll(() => events.some(test), { timeout: 3000 }).toBe(true);

      const m = await sent(a.v, chat.id, 'Живое сообщение');
      await until((e) => e.type === 'message_new' && e.message.id === m.id && e.message.text === 'Живое сообщение');
      ok(await a.v.post(`/v3.0/messenger/chats/${chat.id}/typing`));
      await until((e) => e.type === 'chat_typing' && e.user.name === 'Дина Автор');
      ok(await a.v.post(`/v3.0/messenger/messages/${m.id}/edit`, { text: 'Поправила' }));
      await until((e) => e.type === 'message_edited' && e.message.text === 'Поправила');
      ok(await b.v.post(`/v3.0/messenger/chats/${chat.id}/read`, { message_id: m.id }));
      await until((e) => e.type === 'chat_read' && e.message_id === m.id && e.unread_total === 0);
      ok(await a.v.post(`/v3.0/messenger/messages/${m.id}/remove`));
      await until((e) => e.type === 'message_removed' && e.message.is_removed);
      // The author's tabs hear their own message (once), the outsider nothing.
      expect(authorEvents.filter((e) => e.type === 'message_new' && e.message.id === m.id)).toHaveLength(1);
      expect(events.filter((e) => e.type === 'message_new')).toHaveLength(1);
      expect(outsiderEvents).toEqual([]);
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });

  it('sends a letter for a message unread after 10 minutes, once, only to those who asked', async () => {
    const a = await signedIn('Егор Письмо');
    const b = await signedIn();
    const c = await signedIn();
    ok(await b.v.post('/v3.0/messenger/settings', { email: true }));
    const chat = await group(a.v, [b.id, c.id], 'Письма');
    const m = await sent(a.v, chat.id, 'Прочитай меня');
    const [bRow] = await db().select().from(users).where(eq(users.id, b.id));
    const letters = async () =>
      (await db().select().from(outbox).where(eq(outbox.to, bRow.email))).filter((l) => l.subject.includes('Егор'));
    await jobsOf(t.app.ctx).drain();
    expect(await letters()).toHaveLength(0);
    t.clock.now = new Date(Date.now() + UNREAD_NOTIFY_MS + 1000);
    await jobsOf(t.app.ctx).drain();
    const got = await letters();
    expect(got).toHaveLength(1);
    expect(got[0].text).toContain('Прочитай меня');
    expect(got[0].subject).toBe('Егор Письмо написал вам на Среде');
    expect(got[0].text).toContain('Егор Письмо (Письма) написал вам сообщение');
    const [member] = await db()
      .select()
      .from(chatMembers)
      .where(sql`${chatMembers.chatId} = ${chat.id} and ${chatMembers.userId} = ${c.id}`);
    expect(member.notifiedId).toBe(m.id);
    // Read before the reminder: nothing goes.
    const m2 = await sent(a.v, chat.id, 'Второе');
    ok(await b.v.post(`/v3.0/messenger/chats/${chat.id}/read`, { message_id: m2.id }));
    t.clock.now = new Date(Date.now() + 2 * UNREAD_NOTIFY_MS + 5000);
    await jobsOf(t.app.ctx).drain();
    expect(await letters()).toHaveLength(1);
  });

  it('speaks of the writer in the letter by their gender: the one they stated, else read from the name', async () => {
    const anna = await signedIn('Анна Письмова');
    const nikita = await signedIn('Никита Письмов');
    const reader = await signedIn();
    ok(await reader.v.post('/v3.0/messenger/settings', { email: true }));
    ok(await nikita.v.post('/v3.0/notifications/settings/gender', { gender: 'female' }));
    await sent(anna.v, (await direct(anna.v, reader.id)).id, 'От Анны');
    await sent(nikita.v, (await direct(nikita.v, reader.id)).id, 'От Никиты');
    const [row] = await db().select().from(users).where(eq(users.id, reader.id));
    t.clock.now = new Date(Date.now() + UNREAD_NOTIFY_MS + 1000);
    await jobsOf(t.app.ctx).drain();
    const subjects = (await db().select().from(outbox).where(eq(outbox.to, row.email))).map((l) => l.subject).sort();
    expect(subjects).toEqual(['Анна Письмова написала вам на Среде', 'Никита Письмов написала вам на Среде']);
  });

  it('takes complaints into a staff-only queue with the message and its neighbours', async () => {
    const a = await signedIn();
    const b = await signedIn('Жалобщик');
    const outsider = await signedIn();
    const chat = await direct(a.v, b.id);
    await sent(a.v, chat.id, 'до');
    const bad = await sent(a.v, chat.id, 'Грубость');
    await sent(a.v, chat.id, 'после');
    refused(await outsider.v.post(`/v3.0/messenger/messages/${bad.id}/complain`, { reason: 'спам' }), 404);
    ok(await b.v.post(`/v3.0/messenger/messages/${bad.id}/complain`, { reason: 'Оскорбление' }));
    refused(await b.v.get('/v3.0/admin/messenger/complaints'), 403);
    const queue = ok<{ items: { id: number; reason: string; message: Message; context: Message[] }[] }>(
      await staff.get('/v3.0/admin/messenger/complaints'),
    );
    const item = queue.items.find((i) => i.message.id === bad.id)!;
    expect(item.reason).toBe('Оскорбление');
    expect(item.context.map((m) => m.text)).toEqual(['до', 'Грубость', 'после']);
    // Staff still cannot open the chat itself.
    refused(await staff.get(`/v3.0/messenger/chats/${chat.id}/messages`), 404);
    ok(await staff.post(`/v3.0/admin/messenger/complaints/${item.id}/resolve`, { remove_message: true }));
    const after = ok<{ items: { id: number }[] }>(await staff.get('/v3.0/admin/messenger/complaints'));
    expect(after.items.map((i) => i.id)).not.toContain(item.id);
    const [row] = await db().select().from(chatMessages).where(eq(chatMessages.id, bad.id));
    expect(row.removed).toBe(true);
  });

  it('sends uploaded media as attachments and makes a link preview through extract', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const chat = await direct(a.v, b.id);
    const uuid = '0123abcd-0123-8abc-8abc-0123456789ab';
    await db()
      .insert(media)
      .values({ uuid, type: 'png', mime: 'image/png', width: 10, height: 10, size: 100, color: 'ffffff' })
      .onConflictDoNothing();
    const m = await sent(a.v, chat.id, '', { attachments: [uuid] });
    expect(m.attachments).toEqual([expect.objectContaining({ uuid, type: 'png', width: 10 })]);
    const link = await sent(a.v, chat.id, `Смотри ${t.config.publicUrl}/u/${a.id}`);
    await jobsOf(t.app.ctx).drain();
    await t.app.ctx.events.settled();
    const page = ok<{ items: Message[] }>(await b.v.get(`/v3.0/messenger/chats/${chat.id}/messages`));
    expect(page.items.find((x) => x.id === link.id)!.preview).not.toBeNull();
  });
});
