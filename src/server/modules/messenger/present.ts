import { messages } from '../../../shared/catalogue.ts';
import { truncate } from '../../../shared/format.ts';
import { type Chat, type ChatPerson, type Message, type MessengerEvent } from '../../../shared/messenger.ts';
import type { Ctx } from '../../context.ts';
import type { MessengerFact } from '../../events.ts';
import { notFound } from '../../lib/errors.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { tell } from './delivery.ts';
import type { Viewer } from './access.ts';
import { presentPerson } from '../users/index.ts';

/** Messages and chats as the API answers them; members told of a changed message. */

export const URL_RE = /\bhttps?:\/\/[^\s<>"']+/i;

export const person = (id: number, name: string, slug: string, avatar: string | null, color: string): ChatPerson =>
  presentPerson({ author_id: id, author_name: name, author_slug: slug, author_avatar: avatar, author_color: color });

export function presentMessage(row: q.MessageRow, reactions: q.ReactionRowOut[] = []): Message {
  const author =
    row.author_id !== null && row.author_name !== null
      ? person(row.author_id, row.author_name, row.author_slug ?? '', row.author_avatar, row.author_color ?? '')
      : null;
  return {
    id: row.id,
    chat_id: row.chat_id,
    author,
    text: row.removed ? '' : row.text,
    attachments: row.removed ? [] : row.attachments,
    preview: row.removed ? null : row.preview,
    reply_to:
      row.reply_to !== null
        ? {
            id: row.reply_to,
            author_name: row.reply_author_name ?? '',
            text: row.reply_removed ? '' : truncate(row.reply_text ?? '', 140),
            is_removed: Boolean(row.reply_removed),
          }
        : null,
    client_id: row.client_id,
    date: row.created_at.toISOString(),
    edited_date: row.edited_at?.toISOString() ?? null,
    is_removed: row.removed,
    reactions: reactions.map((r) => ({ reaction: r.reaction, count: r.n, is_mine: r.mine })),
  };
}

export async function presentMessages(ctx: Ctx, rows: q.MessageRow[], viewerId: number): Promise<Message[]> {
  const reactions = await q.reactionsOf(
    ctx.db,
    rows.map((r) => r.id),
    viewerId,
  );
  const byMessage = Map.groupBy(reactions, (r) => r.message_id);
  return rows.map((r) => presentMessage(r, byMessage.get(r.id) ?? []));
}

export async function messageFor(ctx: Ctx, id: number, viewerId: number): Promise<Message | null> {
  const row = await q.findMessage(ctx.db, id);
  return row ? (await presentMessages(ctx, [row], viewerId))[0] : null;
}

export async function presentChats(ctx: Ctx, rows: q.ListRow[], viewer: Viewer): Promise<Chat[]> {
  const peerIds = rows.map((r) => r.peer_id).filter((id): id is number => id !== null);
  const lastIds = rows.map((r) => r.last_message_id).filter((id): id is number => id !== null);
  const [peers, lasts] = await Promise.all([q.people(ctx.db, peerIds), q.messagesByIds(ctx.db, lastIds)]);
  const peerById = new Map(peers.map((p) => [p.id, p]));
  const lastById = new Map((await presentMessages(ctx, lasts, viewer.id)).map((m) => [m.id, m]));
  const banned = policy.isBannedNow(viewer, ctx.now());
  return rows.map((r) => {
    const p = r.peer_id !== null ? peerById.get(r.peer_id) : undefined;
    const peer = p ? person(p.id, p.name, p.slug, p.avatar_url, p.avatar_color) : null;
    const role = r.role ?? 'reader';
    const title =
      r.type === 'direct' ? (peer?.name ?? '') : r.type === 'channel' ? (r.subsite_name ?? r.title) : r.title;
    return {
      id: r.id,
      type: r.type,
      title,
      picture: r.picture,
      avatar_url: r.type === 'direct' ? (peer?.avatar_url ?? null) : r.type === 'channel' ? r.subsite_avatar : null,
      avatar_color: (r.type === 'direct' ? peer?.avatar_color : r.subsite_color) ?? '#6b7cff',
      peer,
      subsite_id: r.subsite_id,
      members_count: r.members_count,
      my_role: role,
      is_muted: r.muted,
      can_send: !banned && !(r.type === 'channel' && role === 'reader'),
      last_message: r.last_message_id !== null ? (lastById.get(r.last_message_id) ?? null) : null,
      unread_count: r.unread,
      read_by_others_id: r.read_by_others_id,
      my_read_id: r.last_read_id,
      active_date: r.active_at.toISOString(),
    };
  });
}

export async function chatFor(ctx: Ctx, viewer: Viewer, chatId: number): Promise<Chat> {
  const [row] = await q.chatsOf(ctx.db, viewer.id, { ids: [chatId], limit: 1 });
  if (!row) throw notFound(messages.chatNotFound);
  return (await presentChats(ctx, [row], viewer))[0];
}

export async function changed(
  ctx: Ctx,
  viewerId: number,
  messageId: number,
  type: 'message_edited' | 'message_removed' | 'message_reacted',
) {
  const row = await q.findMessage(ctx.db, messageId);
  const chat = row ? await q.findChat(ctx.db, row.chat_id) : undefined;
  if (!row || !chat) return null;
  await tell(ctx, await q.recipientIds(ctx.db, chat), { type, chat_id: chat.id, message_id: row.id });
  return (await presentMessages(ctx, [row], viewerId))[0];
}

/**
 * A chat's fact as its members' channels get it (realtime calls this for every `messenger.event`). Reactions differ
 * per reader (`is_mine`): the channel gets a message as a stranger sees it. Null when the message or person is gone.
 */
export async function presentFact(ctx: Ctx, fact: MessengerFact): Promise<MessengerEvent | null> {
  switch (fact.type) {
    case 'message_new':
    case 'message_edited':
    case 'message_removed':
    case 'message_reacted': {
      const message = await messageFor(ctx, fact.message_id, 0);
      return message && { type: fact.type, chat_id: fact.chat_id, message };
    }
    case 'chat_typing': {
      const [p] = await q.people(ctx.db, [fact.user_id]);
      return p ? { ...fact, user: person(p.id, p.name, p.slug, p.avatar_url, p.avatar_color) } : null;
    }
    default:
      return fact;
  }
}
