import { messages } from '../../../shared/catalogue.ts';
import { FILE_EXT_BY_MIME, FILE_TYPE, type MediaFile, type MediaImage } from '../../../shared/media.ts';
import {
  CONTACTS_MAX,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE,
  UNREAD_NOTIFY_MS,
  type ChatPerson,
  type Message,
  type MessagesPage,
  type MessengerUnread,
} from '../../../shared/messenger.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound, badRequestOf } from '../../lib/errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { UserRow } from '../auth/index.ts';
import { subscriptionIds } from '../subsites/service.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { tell } from './delivery.ts';
import { assertMayWriteTo, enter, type Viewer } from './access.ts';
import { changed, messageFor, person, presentMessages, URL_RE } from './present.ts';

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
  if (text.length > MESSAGE_MAX_LENGTH) throw badRequestOf('messageTooLong', MESSAGE_MAX_LENGTH);
  if (input.attachments.length > MESSAGE_ATTACHMENTS_MAX) throw badRequestOf('mediaTooMany', MESSAGE_ATTACHMENTS_MAX);
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
        type: m.type,
        width: m.width,
        height: m.height,
        size: m.size,
        color: m.color,
        external_service: m.external_service,
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
  if (result.fresh)
    await tell(ctx, result.recipients, { type: 'message_new', chat_id: chatId, message_id: message.id });
  return message;
}
/** The message as the viewer sees it after their change; gone meanwhile (its chat deleted), 404 as any gone message. */
async function afterChange(ctx: Ctx, viewer: Viewer, messageId: number, type: Parameters<typeof changed>[3]) {
  const item = await changed(ctx, viewer.id, messageId, type);
  if (!item) throw notFound(messages.messageNotFound);
  return item;
}

export async function edit(ctx: Ctx, viewer: Viewer, messageId: number, rawText: string): Promise<Message> {
  const text = rawText.trim();
  if (text.length > MESSAGE_MAX_LENGTH) throw badRequestOf('messageTooLong', MESSAGE_MAX_LENGTH);
  await transaction(ctx, async (ctx) => {
    const message = await q.findMessage(ctx.db, messageId);
    policy.assertCanEdit(message, viewer.id);
    await enter(ctx, viewer, message.chat_id);
    if (!text && !message.attachments.length) throw badRequest(messages.messageEmpty);
    await q.editMessage(ctx.db, messageId, text, ctx.now());
    if (URL_RE.test(text)) await enqueue(ctx, 'messenger.preview', { messageId });
  });
  return afterChange(ctx, viewer, messageId, 'message_edited');
}

export async function remove(ctx: Ctx, viewer: Viewer, messageId: number): Promise<Message> {
  await transaction(ctx, async (ctx) => {
    const message = await q.findMessage(ctx.db, messageId);
    if (!message) throw notFound(messages.messageNotFound);
    const { standing } = await enter(ctx, viewer, message.chat_id);
    policy.assertCanRemove(message, viewer.id, standing);
    await q.removeMessage(ctx.db, messageId, ctx.now());
  });
  return afterChange(ctx, viewer, messageId, 'message_removed');
}

export async function react(ctx: Ctx, viewer: Viewer, messageId: number, reaction: string | null): Promise<Message> {
  await transaction(ctx, async (ctx) => {
    const message = await q.findMessage(ctx.db, messageId);
    if (!message || message.removed) throw notFound(messages.messageNotFound);
    await enter(ctx, viewer, message.chat_id);
    await q.setReaction(ctx.db, messageId, viewer.id, reaction, ctx.now());
  });
  return afterChange(ctx, viewer, messageId, 'message_reacted');
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
  await tell(ctx, others, { type: 'chat_typing', chat_id: chat.id, user_id: viewer.id });
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
