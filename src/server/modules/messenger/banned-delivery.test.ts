import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { ChatDetails, Message, MessengerEvent } from '../../../shared/messenger.ts';
import { subsiteRoles, subscriptions, subsites } from '../../db/schema.ts';
import { useTestApp, type Visitor } from '../../testing/harness.ts';
import { listenAs } from './testing.ts';

/**
 * A banned person can neither send nor receive: once a ban holds (site-wide, or in a channel's community), the
 * chat's events stop reaching their open sockets at once, while the other members keep getting them.
 */
const { t, staff, signedIn } = useTestApp({ logLevel: 'error' });

const ok = <T>(res: { statusCode: number; body: string; json(): any }): T => {
  expect(res.json().rc, res.body).toBe(200);
  return res.json().data as T;
};
const sent = async (v: Visitor, chatId: number, text: string) =>
  ok<Message>(await v.post(`/v3.0/messenger/chats/${chatId}/send`, { text }));
const ban = async (userId: number, body: Record<string, unknown> = {}) =>
  ok(await staff.post(`/v3.0/admin/users/${userId}/ban`, { reason_text: 'Спам', days: 1, ...body }));
const got = (events: MessengerEvent[], id: number) =>
  events.some((e) => e.type === 'message_new' && e.message.id === id);

describe('socket delivery to banned members', () => {
  it('a member banned from the site or from the channel community stops getting the chat at once', async () => {
    const author = await signedIn('Автор Канала');
    const kept = await signedIn();
    const siteBanned = await signedIn();
    const groupChat = ok<ChatDetails>(
      await author.v.post('/v3.0/messenger/chats/create', {
        type: 'group',
        title: 'Группа',
        user_ids: [kept.id, siteBanned.id],
      }),
    );
    const [community] = await t.database.db
      .insert(subsites)
      .values({ type: 'community', slug: `bany-${Date.now()}`, name: 'Сообщество Баны' })
      .returning();
    const reader = await signedIn();
    await t.database.db.insert(subsiteRoles).values({ subsiteId: community.id, userId: author.id, role: 'admin' });
    await t.database.db.insert(subscriptions).values([
      { userId: reader.id, subsiteId: community.id },
      { userId: kept.id, subsiteId: community.id },
    ]);
    const channel = ok<ChatDetails>(
      await author.v.post('/v3.0/messenger/chats/create', { type: 'channel', subsite_id: community.id }),
    );

    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: Socket[] = [];
    try {
      const [keptTab, bannedTab, readerTab] = await Promise.all(
        [kept.id, siteBanned.id, reader.id].map(async (id) => {
          const { socket, got } = await listenAs(url, t.config.secret, id);
          sockets.push(socket);
          return got;
        }),
      );
      // Before the bans everyone hears their chats.
      const before = await sent(author.v, groupChat.id, 'До бана');
      const news = await sent(author.v, channel.id, 'Новости до бана');
      await expect.poll(() => got(bannedTab, before.id) && got(readerTab, news.id) && got(keptTab, news.id)).toBe(true);

      await ban(siteBanned.id, { whole_platfrom: 1 });
      await ban(reader.id, { subsite_id: community.id });
      const after = await sent(author.v, groupChat.id, 'После бана');
      const later = await sent(author.v, channel.id, 'Новости после бана');
      // The kept member hears both, which also means both went out; the banned sockets stay open but hear nothing.
      await expect.poll(() => got(keptTab, after.id) && got(keptTab, later.id)).toBe(true);
      expect(got(bannedTab, after.id)).toBe(false);
      expect(got(readerTab, later.id)).toBe(false);
      expect(bannedTab.filter((e) => e.chat_id === groupChat.id && e.type !== 'message_new')).toEqual([]);
      expect(sockets.every((s) => s.connected)).toBe(true);
    } finally {
      sockets.forEach((s) => s.disconnect());
    }
  });
});
