import { messages } from '../../../shared/catalogue.ts';
import {
  CHAT_MEMBERS_MAX,
  CHATS_PAGE,
  directKey,
  type ChatDetails,
  type ChatsPage,
} from '../../../shared/messenger.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, notFound, badRequestOf } from '../../lib/errors.ts';
import { managesSubsite } from '../subsites/service.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { tell } from './delivery.ts';
import { assertMayWriteTo, enter, pictureOf, type Viewer } from './access.ts';
import { chatFor, person, presentChats } from './present.ts';

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
      policy.assertCanOpenChannel(await managesSubsite(ctx, { userId: viewer.id, subsiteId: subsite.id }));
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
    if (others.length + 1 > CHAT_MEMBERS_MAX) throw badRequestOf('chatTooManyMembers', CHAT_MEMBERS_MAX);
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
    if (present.size + fresh.length > CHAT_MEMBERS_MAX) throw badRequestOf('chatTooManyMembers', CHAT_MEMBERS_MAX);
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
