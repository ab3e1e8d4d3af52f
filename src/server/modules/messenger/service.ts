import { messages } from '../../../shared/catalogue.ts';
import { truncate } from '../../../shared/format.ts';
import { FILE_EXT_BY_MIME, FILE_TYPE, type MediaFile, type MediaImage } from '../../../shared/media.ts';
import {
  CHAT_MEMBERS_MAX,
  CHATS_PAGE,
  CONTACTS_MAX,
  directKey,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE,
  UNREAD_NOTIFY_MS,
  type Chat,
  type ChatDetails,
  type ChatPerson,
  type ChatsPage,
  type ComplaintItem,
  type Message,
  type MessagesPage,
  type MessengerSettings,
  type MessengerUnread,
} from '../../../shared/messenger.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { ExtractResult } from '../../../shared/extract.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { isStaff, type UserRow } from '../auth/index.ts';
import { extract } from '../extract/service.ts';
import { subscriptionIds } from '../subsites/service.ts';
import * as policy from './policy.ts';
import { queueLetter } from '../../jobs/letters.ts';
import * as q from './queries.ts';
import { tell } from './delivery.ts';

type Viewer = Pick<UserRow, 'id' | 'role' | 'bannedUntil'>;

const URL_RE = /\bhttps?:\/\/[^\s<>"']+/i;

// ——— Presenting ———

const person = (id: number, name: string, slug: string, avatar: string | null, color: string): ChatPerson => ({
  id,
  name,
  url: subsiteUrl({ id, type: 'user', slug }),
  avatar_url: avatar,
  avatar_color: color,
});

function presentMessage(row: q.MessageRow, reactions: q.ReactionRowOut[] = []): Message {
  const author =
    row.author_id !== null && row.author_name !== null
      ? person(row.author_id, row.author_name, row.author_slug ?? '', row.author_avatar, row.author_color ?? '')
      : null;
  return {
    id: row.id,
    chat_id: row.chat_id,
    author,
    text: row.removed ? '' : row.text,
    attachments: row.removed ? [] : ((row.attachments as (MediaImage | MediaFile)[]) ?? []),
    preview: row.removed ? null : ((row.preview as ExtractResult | null) ?? null),
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

async function presentMessages(ctx: Ctx, rows: q.MessageRow[], viewerId: number): Promise<Message[]> {
  const reactions = await q.reactionsOf(
    ctx.db,
    rows.map((r) => r.id),
    viewerId,
  );
  const byMessage = Map.groupBy(reactions, (r) => r.message_id);
  return rows.map((r) => presentMessage(r, byMessage.get(r.id) ?? []));
}

async function messageFor(ctx: Ctx, id: number, viewerId: number): Promise<Message | null> {
  const row = await q.findMessage(ctx.db, id);
  return row ? (await presentMessages(ctx, [row], viewerId))[0] : null;
}

async function presentChats(ctx: Ctx, rows: q.ListRow[], viewer: Viewer): Promise<Chat[]> {
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

async function chatFor(ctx: Ctx, viewer: Viewer, chatId: number): Promise<Chat> {
  const [row] = await q.chatsOf(ctx.db, viewer.id, { ids: [chatId], limit: 1 });
  if (!row) throw notFound(messages.chatNotFound);
  return (await presentChats(ctx, [row], viewer))[0];
}

// ——— Access ———

/** The chat and the viewer's place in it (policy.standing), or the catalogue's refusal. */
async function enter(ctx: Ctx, viewer: Viewer, chatId: number) {
  policy.assertCanMessage(viewer, ctx.now());
  const chat = await q.findChat(ctx.db, chatId);
  const member = chat ? await q.findMember(ctx.db, chatId, viewer.id) : undefined;
  const channel = chat?.type === 'channel' && chat.subsite_id !== null;
  const [subscribed, manages] = channel
    ? await Promise.all([
        q.isSubscribed(ctx.db, viewer.id, chat!.subsite_id!),
        q.managesSubsite(ctx.db, viewer.id, chat!.subsite_id!),
      ])
    : [false, false];
  const s = policy.standing(chat, member, subscribed, manages);
  return { chat: chat!, standing: s };
}

/** Checks the rules between the sender and each recipient (bans, blocklist, "who may write to me"). */
async function assertMayWriteTo(ctx: Ctx, sender: Viewer, recipientIds: number[], chatId: number | null) {
  const people = await q.people(ctx.db, recipientIds);
  if (people.length !== new Set(recipientIds).size) throw badRequest(messages.chatUserNotFound);
  for (const p of people) {
    const [ignores, recipientSubscribed, answered] = await Promise.all([
      q.ignoresEither(ctx.db, sender.id, p.id),
      q.isSubscribed(ctx.db, p.id, sender.id),
      chatId ? q.hasWritten(ctx.db, chatId, p.id) : Promise.resolve(false),
    ]);
    policy.assertMayWrite(p, { ignores, recipientSubscribed, answered, senderIsStaff: isStaff(sender) }, ctx.now());
  }
}

async function pictureOf(ctx: Ctx, uuid: string | null | undefined): Promise<string | null | undefined> {
  if (uuid === undefined || uuid === null || uuid === '') return uuid === '' ? null : uuid;
  const [found] = await q.mediaByUuids(ctx.db, [uuid]);
  if (!found || !['jpg', 'png', 'gif', 'webp'].includes(found.type)) throw badRequest(messages.chatPictureInvalid);
  return uuid;
}

// ——— Chats ———

export async function list(
  ctx: Ctx,
  viewer: Viewer,
  opts: { before?: string; search?: string; count?: number },
): Promise<ChatsPage> {
  policy.assertCanMessage(viewer, ctx.now());
  let before: { us: string; id: number } | undefined;
  if (opts.before) {
    const m = /^(\d{1,17})_(\d{1,10})$/.exec(opts.before);
    if (!m) throw badRequest(messages.messengerCursorInvalid);
    before = { us: m[1], id: Number(m[2]) };
  }
  const limit = opts.count ?? CHATS_PAGE;
  const search = opts.search?.trim() || undefined;
  const rows = await q.chatsOf(ctx.db, viewer.id, { before, limit: limit + 1, search });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await presentChats(ctx, page, viewer),
    next: rows.length > limit && last ? `${last.active_us}_${last.id}` : null,
    unread_total: await q.unreadTotal(ctx.db, viewer.id),
  };
}

export async function details(ctx: Ctx, viewer: Viewer, chatId: number): Promise<ChatDetails> {
  const { chat } = await enter(ctx, viewer, chatId);
  const [base, members] = await Promise.all([chatFor(ctx, viewer, chatId), q.membersOf(ctx.db, chat.id)]);
  return {
    ...base,
    members: members.map((m) => ({ ...person(m.user_id, m.name, m.slug, m.avatar_url, m.avatar_color), role: m.role })),
  };
}

export interface CreateInput {
  type: 'direct' | 'group' | 'channel';
  user_ids: number[];
  title: string;
  picture: string | null;
  subsite_id: number | null;
}

/** A direct chat (the pair's one chat, found or made), a group, or a subsite's channel (found or made). */
export async function create(ctx: Ctx, viewer: Viewer, input: CreateInput): Promise<ChatDetails> {
  policy.assertCanMessage(viewer, ctx.now());
  const others = [...new Set(input.user_ids)].filter((id) => id !== viewer.id);
  const id = await transaction(ctx, async (ctx) => {
    const now = ctx.now();
    if (input.type === 'direct') {
      if (input.user_ids.length === 1 && input.user_ids[0] === viewer.id) throw badRequest(messages.chatSelf);
      if (others.length !== 1) throw badRequest(messages.chatDirectOnePerson);
      const key = directKey(viewer.id, others[0]);
      const existing = await q.findDirectChat(ctx.db, key);
      if (existing) {
        // Coming back to the pair's chat: the rules are checked when a message is sent.
        return existing.id;
      }
      await assertMayWriteTo(ctx, viewer, others, null);
      const chatId = await q.insertChat(
        ctx.db,
        { type: 'direct', title: '', picture: null, ownerId: viewer.id, directKey: key },
        now,
      );
      if (!chatId) throw new ApiError(409, messages.chatCreateFailed);
      await q.upsertMembers(ctx.db, chatId, [viewer.id, others[0]], 'member', now);
      return chatId;
    }
    if (input.type === 'channel') {
      if (!input.subsite_id) throw badRequest(messages.channelSubsiteInvalid);
      const subsite = await q.findSubsite(ctx.db, input.subsite_id);
      if (!subsite) throw notFound(messages.channelSubsiteInvalid);
      policy.assertCanOpenChannel(await q.managesSubsite(ctx.db, viewer.id, subsite.id));
      const existing = await q.findChannelChat(ctx.db, subsite.id);
      if (existing) return existing.id;
      const chatId = await q.insertChat(
        ctx.db,
        {
          type: 'channel',
          title: subsite.name,
          picture: (await pictureOf(ctx, input.picture)) ?? null,
          ownerId: viewer.id,
          subsiteId: subsite.id,
        },
        now,
      );
      if (!chatId) throw new ApiError(409, messages.chatCreateFailed);
      await q.upsertMembers(ctx.db, chatId, [viewer.id], 'owner', now);
      return chatId;
    }
    const title = input.title.trim();
    if (!title) throw badRequest(messages.chatTitleRequired);
    if (others.length + 1 > CHAT_MEMBERS_MAX) throw badRequest(messages.chatTooManyMembers(CHAT_MEMBERS_MAX));
    await assertMayWriteTo(ctx, viewer, others, null);
    const picture = (await pictureOf(ctx, input.picture)) ?? null;
    const chatId = await q.insertChat(ctx.db, { type: 'group', title, picture, ownerId: viewer.id }, now);
    if (!chatId) throw new ApiError(409, messages.chatCreateFailed);
    await q.upsertMembers(ctx.db, chatId, [viewer.id], 'owner', now);
    await q.upsertMembers(ctx.db, chatId, others, 'member', now);
    await tell(ctx, others, { type: 'chat_changed', chat_id: chatId });
    return chatId;
  });
  return details(ctx, viewer, id);
}

export async function update(
  ctx: Ctx,
  viewer: Viewer,
  chatId: number,
  patch: { title?: string; picture?: string | null },
): Promise<ChatDetails> {
  await transaction(ctx, async (ctx) => {
    const { chat, standing } = await enter(ctx, viewer, chatId);
    policy.assertChatAdmin(chat, standing);
    const title = patch.title?.trim();
    if (patch.title !== undefined && !title) throw badRequest(messages.chatTitleRequired);
    await q.updateChat(ctx.db, chat.id, { title, picture: await pictureOf(ctx, patch.picture) });
    await tell(ctx, await q.recipientIds(ctx.db, chat), { type: 'chat_changed', chat_id: chat.id });
  });
  return details(ctx, viewer, chatId);
}

export async function addMembers(ctx: Ctx, viewer: Viewer, chatId: number, userIds: number[]): Promise<ChatDetails> {
  await transaction(ctx, async (ctx) => {
    const { chat, standing } = await enter(ctx, viewer, chatId);
    policy.assertChatAdmin(chat, standing);
    if (chat.type !== 'group') throw badRequest(messages.chatGroupOnly);
    const ids = [...new Set(userIds)].filter((id) => id !== viewer.id);
    const present = new Set(await q.recipientIds(ctx.db, chat));
    const fresh = ids.filter((id) => !present.has(id));
    if (present.size + fresh.length > CHAT_MEMBERS_MAX) throw badRequest(messages.chatTooManyMembers(CHAT_MEMBERS_MAX));
    await assertMayWriteTo(ctx, viewer, fresh, null);
    await q.upsertMembers(ctx.db, chat.id, fresh, 'member', ctx.now());
    await tell(ctx, [...present, ...fresh], { type: 'chat_changed', chat_id: chat.id });
  });
  return details(ctx, viewer, chatId);
}

export async function removeMember(ctx: Ctx, viewer: Viewer, chatId: number, userId: number): Promise<ChatDetails> {
  if (userId === viewer.id) {
    await leave(ctx, viewer, chatId);
    throw new ApiError(403, messages.messengerNotMember);
  }
  await transaction(ctx, async (ctx) => {
    const { chat, standing } = await enter(ctx, viewer, chatId);
    const target = await q.findMember(ctx.db, chat.id, userId);
    policy.assertCanRemoveMember(chat, standing, target);
    const before = await q.recipientIds(ctx.db, chat);
    await q.markLeft(ctx.db, chat.id, userId, ctx.now());
    await tell(ctx, before, { type: 'chat_changed', chat_id: chat.id });
  });
  return details(ctx, viewer, chatId);
}

export async function setAdmin(ctx: Ctx, viewer: Viewer, chatId: number, userId: number, admin: boolean) {
  await transaction(ctx, async (ctx) => {
    const { chat, standing } = await enter(ctx, viewer, chatId);
    policy.assertChatOwner(chat, standing);
    const target = await q.findMember(ctx.db, chat.id, userId);
    if (!target || target.left_at || target.role === 'owner') throw badRequest(messages.chatMemberNotFound);
    await q.setRole(ctx.db, chat.id, userId, admin ? 'admin' : 'member');
    await tell(ctx, await q.recipientIds(ctx.db, chat), { type: 'chat_changed', chat_id: chat.id });
  });
  return details(ctx, viewer, chatId);
}

/** Leaving a group or a channel; an owner who leaves hands the group to the oldest admin (or member). */
export async function leave(ctx: Ctx, viewer: Viewer, chatId: number) {
  await transaction(ctx, async (ctx) => {
    const { chat, standing } = await enter(ctx, viewer, chatId);
    policy.assertCanLeave(chat);
    if (!standing.member) await q.ensureReader(ctx.db, chat.id, viewer.id, ctx.now());
    await q.markLeft(ctx.db, chat.id, viewer.id, ctx.now());
    if (chat.type === 'group' && standing.role === 'owner') {
      const next = await q.nextOwner(ctx.db, chat.id);
      if (next) {
        await q.setRole(ctx.db, chat.id, next, 'owner');
        await q.setOwner(ctx.db, chat.id, next);
      }
    }
    const rest = await q.recipientIds(ctx.db, chat);
    await tell(ctx, rest, { type: 'chat_changed', chat_id: chat.id });
  });
  const unread = await q.unreadTotal(ctx.db, viewer.id);
  await tell(ctx, [viewer.id], { type: 'chat_left', chat_id: chatId, unread_total: unread });
  return { chat_id: chatId, unread_total: unread };
}

export async function mute(ctx: Ctx, viewer: Viewer, chatId: number, muted: boolean) {
  await transaction(ctx, async (ctx) => {
    const { chat, standing } = await enter(ctx, viewer, chatId);
    if (!standing.member) await q.ensureReader(ctx.db, chat.id, viewer.id, ctx.now());
    await q.setMuted(ctx.db, chat.id, viewer.id, muted);
  });
  return { chat_id: chatId, is_muted: muted, unread_total: await q.unreadTotal(ctx.db, viewer.id) };
}

// ——— Messages ———

export async function history(
  ctx: Ctx,
  viewer: Viewer,
  chatId: number,
  beforeId: number | null,
  count = MESSAGES_PAGE,
) {
  const { chat } = await enter(ctx, viewer, chatId);
  const rows = await q.messagesBefore(ctx.db, chat.id, beforeId, count + 1);
  const items = await presentMessages(ctx, rows.slice(0, count).reverse(), viewer.id);
  return { items, has_more: rows.length > count } satisfies MessagesPage;
}

export interface SendInput {
  text: string;
  /** Media uuids, or `{uuid, name}` for a file. */
  attachments: (string | { uuid: string; name: string })[];
  reply_to: number | null;
  client_id: string | null;
}

export async function send(ctx: Ctx, viewer: Viewer, chatId: number, input: SendInput): Promise<Message> {
  const text = input.text.trim();
  if (!text && !input.attachments.length) throw badRequest(messages.messageEmpty);
  if (text.length > MESSAGE_MAX_LENGTH) throw badRequest(messages.messageTooLong(MESSAGE_MAX_LENGTH));
  if (input.attachments.length > MESSAGE_ATTACHMENTS_MAX)
    throw badRequest(messages.mediaTooMany(MESSAGE_ATTACHMENTS_MAX));
  const result = await transaction(ctx, async (ctx) => {
    const { chat, standing } = await enter(ctx, viewer, chatId);
    policy.assertCanPost(chat, standing);
    if (input.client_id) {
      const known = await q.findByClientId(ctx.db, chat.id, viewer.id, input.client_id);
      if (known) return { id: known.id, fresh: false, chat, recipients: [] as number[] };
    }
    const recipients = await q.recipientIds(ctx.db, chat);
    if (chat.type === 'direct') {
      await assertMayWriteTo(
        ctx,
        viewer,
        recipients.filter((id) => id !== viewer.id),
        chat.id,
      );
    }
    if (input.reply_to !== null) {
      const target = await q.findMessage(ctx.db, input.reply_to);
      if (!target || target.chat_id !== chat.id || target.removed) throw badRequest(messages.messageReplyNotFound);
    }
    const asked = input.attachments.map((a) => (typeof a === 'string' ? { uuid: a, name: '' } : a));
    const uuids = [...new Set(asked.map((a) => a.uuid))];
    const found = await q.mediaByUuids(ctx.db, uuids);
    const byUuid = new Map(found.map((m) => [m.uuid, m]));
    const attachments = asked.map(({ uuid, name }): MediaImage | MediaFile => {
      const m = byUuid.get(uuid);
      if (!m) throw badRequest(messages.messageAttachmentInvalid);
      if (m.type === FILE_TYPE) {
        // Shown and downloaded under the sender's name; without one, under the uuid and the type's extension.
        return {
          uuid: m.uuid,
          type: FILE_TYPE,
          mime: m.mime,
          size: m.size,
          name: name || `${m.uuid}.${FILE_EXT_BY_MIME[m.mime] ?? 'bin'}`,
        };
      }
      const item: MediaImage = {
        uuid: m.uuid,
        type: m.type as MediaImage['type'],
        width: m.width,
        height: m.height,
        size: m.size,
        color: m.color,
        external_service: (m.external_service as unknown[]) ?? [],
        ...(m.duration ? { duration: m.duration } : {}),
      };
      return item;
    });
    const id = await q.insertMessage(
      ctx.db,
      { chatId: chat.id, authorId: viewer.id, text, attachments, replyTo: input.reply_to, clientId: input.client_id },
      ctx.now(),
    );
    if (id === undefined) {
      // The same client_id raced in: answer with the stored message.
      const known = await q.findByClientId(ctx.db, chat.id, viewer.id, input.client_id ?? '');
      if (!known) throw new ApiError(409, messages.somethingWrong);
      return { id: known.id, fresh: false, chat, recipients: [] as number[] };
    }
    // A reminder for whoever still has it unread in 10 minutes: one waiting job per chat is enough.
    await enqueue(
      ctx,
      'messenger.unread',
      { chatId: chat.id, messageId: id },
      { dedupeKey: `messenger-unread-${chat.id}`, runAt: new Date(ctx.now().getTime() + UNREAD_NOTIFY_MS) },
    );
    if (URL_RE.test(text)) await enqueue(ctx, 'messenger.preview', { messageId: id });
    return { id, fresh: true, chat, recipients };
  });
  const message = await messageFor(ctx, result.id, viewer.id);
  if (!message) throw notFound(messages.messageNotFound);
  if (result.fresh) await tell(ctx, result.recipients, { type: 'message_new', chat_id: chatId, message });
  return message;
}

async function changed(
  ctx: Ctx,
  viewerId: number,
  messageId: number,
  type: 'message_edited' | 'message_removed' | 'message_reacted',
) {
  const row = await q.findMessage(ctx.db, messageId);
  const chat = row ? await q.findChat(ctx.db, row.chat_id) : undefined;
  if (!row || !chat) return null;
  // Reactions differ per reader (`is_mine`): the channel gets the counts as a stranger sees them.
  const [forAll] = await presentMessages(ctx, [row], 0);
  await tell(ctx, await q.recipientIds(ctx.db, chat), { type, chat_id: chat.id, message: forAll });
  return (await presentMessages(ctx, [row], viewerId))[0];
}

export async function edit(ctx: Ctx, viewer: Viewer, messageId: number, rawText: string): Promise<Message> {
  const text = rawText.trim();
  if (text.length > MESSAGE_MAX_LENGTH) throw badRequest(messages.messageTooLong(MESSAGE_MAX_LENGTH));
  await transaction(ctx, async (ctx) => {
    const message = await q.findMessage(ctx.db, messageId);
    policy.assertCanEdit(message, viewer.id);
    await enter(ctx, viewer, message.chat_id);
    if (!text && !(message.attachments as unknown[]).length) throw badRequest(messages.messageEmpty);
    await q.editMessage(ctx.db, messageId, text, ctx.now());
    if (URL_RE.test(text)) await enqueue(ctx, 'messenger.preview', { messageId });
  });
  return (await changed(ctx, viewer.id, messageId, 'message_edited'))!;
}

export async function remove(ctx: Ctx, viewer: Viewer, messageId: number): Promise<Message> {
  await transaction(ctx, async (ctx) => {
    const message = await q.findMessage(ctx.db, messageId);
    if (!message) throw notFound(messages.messageNotFound);
    const { standing } = await enter(ctx, viewer, message.chat_id);
    policy.assertCanRemove(message, viewer.id, standing);
    await q.removeMessage(ctx.db, messageId, ctx.now());
  });
  return (await changed(ctx, viewer.id, messageId, 'message_removed'))!;
}

export async function react(ctx: Ctx, viewer: Viewer, messageId: number, reaction: string | null): Promise<Message> {
  await transaction(ctx, async (ctx) => {
    const message = await q.findMessage(ctx.db, messageId);
    if (!message || message.removed) throw notFound(messages.messageNotFound);
    await enter(ctx, viewer, message.chat_id);
    await q.setReaction(ctx.db, messageId, viewer.id, reaction, ctx.now());
  });
  return (await changed(ctx, viewer.id, messageId, 'message_reacted'))!;
}

/** The read mark moves up to `messageId` (never back); every member's tabs see it (read ticks). */
export async function read(ctx: Ctx, viewer: Viewer, chatId: number, messageId: number) {
  const mark = await transaction(ctx, async (ctx) => {
    const { chat, standing } = await enter(ctx, viewer, chatId);
    const message = await q.findMessage(ctx.db, messageId);
    if (!message || message.chat_id !== chat.id) throw badRequest(messages.messageNotFound);
    if (!standing.member) await q.ensureReader(ctx.db, chat.id, viewer.id, ctx.now());
    await q.markRead(ctx.db, chat.id, viewer.id, messageId);
    const member = await q.findMember(ctx.db, chat.id, viewer.id);
    return { chat, lastRead: member?.last_read_id ?? messageId };
  });
  const unread = await q.unreadTotal(ctx.db, viewer.id);
  // The reader's own tabs learn the new total; the others only need the mark (channels: the reader's tabs only).
  const others =
    mark.chat.type === 'channel' ? [] : (await q.recipientIds(ctx.db, mark.chat)).filter((id) => id !== viewer.id);
  await tell(ctx, [viewer.id], {
    type: 'chat_read',
    chat_id: chatId,
    user_id: viewer.id,
    message_id: mark.lastRead,
    unread_total: unread,
  });
  await tell(ctx, others, {
    type: 'chat_read',
    chat_id: chatId,
    user_id: viewer.id,
    message_id: mark.lastRead,
    unread_total: -1,
  });
  return { chat_id: chatId, last_read_id: mark.lastRead, unread_total: unread };
}

/** "… печатает": told to the other members, stored nowhere. */
export async function typing(ctx: Ctx, viewer: UserRow, chatId: number) {
  const { chat, standing } = await enter(ctx, viewer, chatId);
  policy.assertCanPost(chat, standing);
  if (chat.type === 'channel') return { ok: true };
  const others = (await q.recipientIds(ctx.db, chat)).filter((id) => id !== viewer.id);
  await tell(ctx, others, {
    type: 'chat_typing',
    chat_id: chat.id,
    user: {
      id: viewer.id,
      name: viewer.name,
      url: subsiteUrl({ id: viewer.id, type: 'user', slug: viewer.slug }),
      avatar_url: viewer.avatarUrl,
      avatar_color: viewer.avatarColor,
    },
  });
  return { ok: true };
}

/** People to add to a group: from the reader's direct chats and the blogs they subscribe to, filtered by name. */
export async function contacts(ctx: Ctx, viewer: Viewer, search = ''): Promise<{ items: ChatPerson[] }> {
  policy.assertCanMessage(viewer, ctx.now());
  const ids = await subscriptionIds(ctx, viewer.id);
  const rows = await q.contacts(ctx.db, viewer.id, ids, search.trim(), CONTACTS_MAX);
  return { items: rows.map((r) => person(r.id, r.name, r.slug, r.avatar_url, r.avatar_color)) };
}

/** The header's total (muted chats left out) and the muted chats, so a client can move the total by its events. */
export async function unread(ctx: Ctx, viewer: Viewer): Promise<MessengerUnread> {
  if (isBannedSafe(ctx, viewer)) return { unread_total: 0, muted_ids: [] };
  const [total, muted] = await Promise.all([q.unreadTotal(ctx.db, viewer.id), q.mutedChatIds(ctx.db, viewer.id)]);
  return { unread_total: total, muted_ids: muted };
}

const isBannedSafe = (ctx: Ctx, viewer: Viewer) => policy.isBannedNow(viewer, ctx.now());

// ——— Settings ———

export async function settings(ctx: Ctx, viewer: Viewer): Promise<MessengerSettings> {
  const [p] = await q.people(ctx.db, [viewer.id]);
  return policy.settingsOf(p?.settings);
}

export async function saveSettings(ctx: Ctx, viewer: Viewer, patch: Partial<MessengerSettings>) {
  const next = { ...(await settings(ctx, viewer)), ...patch };
  await q.saveSettings(ctx.db, viewer.id, next);
  return next;
}

// ——— Complaints ———

export async function complain(ctx: Ctx, viewer: Viewer, messageId: number, reason: string) {
  await transaction(ctx, async (ctx) => {
    const message = await q.findMessage(ctx.db, messageId);
    if (!message || message.removed) throw notFound(messages.messageNotFound);
    await enter(ctx, viewer, message.chat_id);
    await q.insertComplaint(ctx.db, messageId, viewer.id, reason.trim(), ctx.now());
  });
  return { message_id: messageId };
}

/** The staff queue: each open complaint with the reported message and five messages either side. */
export async function complaints(ctx: Ctx, staff: Viewer): Promise<{ items: ComplaintItem[] }> {
  policy.assertStaff(staff);
  const open = await q.openComplaints(ctx.db, 50);
  const items: ComplaintItem[] = [];
  for (const c of open) {
    const row = await q.findMessage(ctx.db, c.message_id);
    const chat = row ? await q.findChat(ctx.db, row.chat_id) : undefined;
    const [reporter] = await q.people(ctx.db, [c.reporter_id]);
    if (!row || !chat || !reporter) continue;
    const around = await q.messagesAround(ctx.db, chat.id, row.id, 5);
    const all = await presentMessages(ctx, around, staff.id);
    items.push({
      id: c.id,
      reason: c.reason,
      date: c.created_at.toISOString(),
      reporter: person(reporter.id, reporter.name, reporter.slug, reporter.avatar_url, reporter.avatar_color),
      message: all.find((m) => m.id === row.id)!,
      context: all.sort((a, b) => a.id - b.id),
      chat: { id: chat.id, type: chat.type, title: chat.title },
    });
  }
  return { items };
}

export async function resolveComplaint(ctx: Ctx, staff: Viewer, id: number, removeMessage: boolean) {
  policy.assertStaff(staff);
  const complaint = await q.findComplaint(ctx.db, id);
  if (!complaint) throw notFound(messages.complaintNotFound);
  await transaction(ctx, async (ctx) => {
    if (removeMessage) await q.removeMessage(ctx.db, complaint.message_id, ctx.now());
    await q.resolveComplaint(ctx.db, id, staff.id, ctx.now());
  });
  if (removeMessage) await changed(ctx, staff.id, complaint.message_id, 'message_removed');
  return { id };
}

// ——— Jobs ———

/** `messenger.preview`: the first link's card through the extract module, then an edit event. */
export async function makePreview(ctx: Ctx, p: { messageId: number }) {
  const row = await q.findMessage(ctx.db, p.messageId);
  const url = row && !row.removed ? URL_RE.exec(row.text)?.[0] : undefined;
  if (!row || !url) return;
  const [result] = await extract(ctx, { id: row.author_id ?? 0, role: 'user' } as never, [url], true);
  if (!result || result.type === 'error') return;
  await q.setPreview(ctx.db, row.id, result);
  await changed(ctx, row.author_id ?? 0, row.id, 'message_edited');
}

/**
 * `messenger.unread` (10 minutes after a message): a web push to each member who still has it unread, and a letter
 * to those who asked for one in their settings. Each person hears once per unread run (`notified_id`).
 */
export async function notifyUnread(ctx: Ctx, p: { chatId: number; messageId: number }) {
  const chat = await q.findChat(ctx.db, p.chatId);
  const latest = chat?.last_message_id ?? p.messageId;
  const row = await q.findMessage(ctx.db, latest);
  if (!chat || !row || row.removed || row.author_id === null) return;
  const targets = await q.unreadRecipients(ctx.db, chat.id, row.id, row.author_id);
  if (!targets.length) return;
  const people = await q.people(
    ctx.db,
    targets.map((t) => t.user_id),
  );
  const name = chat.type === 'group' ? `${row.author_name ?? ''} (${chat.title})` : (row.author_name ?? '');
  const body = truncate(row.text || messages.messengerAttachmentOnly, 200);
  const url = `${ctx.config.publicUrl}/messenger?chat=${chat.id}`;
  for (const person of people) {
    if (policy.isBannedNow({ bannedUntil: person.banned_until }, ctx.now())) continue;
    await q.markNotified(ctx.db, chat.id, person.id, row.id);
    await enqueue(ctx, 'push.user', {
      userId: person.id,
      payload: { title: messages.messengerPushTitle(name), body, url, tag: `chat${chat.id}` },
    });
    if (policy.settingsOf(person.settings).email) {
      await queueLetter(ctx, {
        to: person.email,
        subject: messages.messengerMailSubject(row.author_name ?? ''),
        text: messages.messengerMailText(name, body, url, `${ctx.config.publicUrl}/settings`),
      });
    }
  }
}
