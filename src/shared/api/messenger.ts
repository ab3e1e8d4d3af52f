import { z } from 'zod';
import { messages } from '../catalogue.ts';
import type { ExtractResult } from '../extract.ts';
import type { MediaFile, MediaImage } from '../media.ts';
import { CHAT_MEMBERS_MAX, CHAT_TITLE_MAX, CHAT_TYPES, CHATS_PAGE, SEARCH_MAX, WRITE_RULES } from '../messenger.ts';
import { flagField, idField, idListField, intField, parentIdField, plainBody } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/**
 * The messenger (issue 13): its answers' shapes, and the chats, members and settings calls under `/messenger`.
 * Messages, reactions and complaints are in messenger-messages.ts.
 */

const chatRole = z.enum(['owner', 'admin', 'member', 'reader']);

export const chatPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
});
export type ChatPerson = z.output<typeof chatPerson>;

export const chatMember = chatPerson.extend({ role: chatRole });
export type ChatMember = z.output<typeof chatMember>;

const reactionCount = z.object({ reaction: z.string(), count: z.number().int(), is_mine: z.boolean() });
export type MessageReactionCount = z.output<typeof reactionCount>;

export const message = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  /** null: a removed person. */
  author: chatPerson.nullable(),
  text: z.string(),
  /** Pictures, video and sound (media entities), or files (pdf, zip, text…) shown as a download chip. */
  attachments: z.array(z.custom<MediaImage | MediaFile>()),
  /** The first link's card, made after the send. */
  preview: z.custom<ExtractResult>().nullable(),
  reply_to: z
    .object({ id: z.number().int(), author_name: z.string(), text: z.string(), is_removed: z.boolean() })
    .nullable(),
  client_id: z.string().nullable(),
  date: z.string(),
  edited_date: z.string().nullable(),
  is_removed: z.boolean(),
  reactions: z.array(reactionCount),
});
export type Message = z.output<typeof message>;

export const chat = z.object({
  id: z.number().int(),
  type: z.enum(CHAT_TYPES),
  /** A group's own title; a direct chat's is the other person's name; a channel's the subsite's. */
  title: z.string(),
  picture: z.string().nullable(),
  /** The picture's fallback: the other person's or the subsite's avatar. */
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  /** The other person of a direct chat. */
  peer: chatPerson.nullable(),
  subsite_id: z.number().int().nullable(),
  members_count: z.number().int(),
  my_role: chatRole,
  is_muted: z.boolean(),
  /** Whether I may post here (a channel's readers may not; a direct chat with a refused rule may not). */
  can_send: z.boolean(),
  last_message: message.nullable(),
  unread_count: z.number().int(),
  /** The newest message every other member has read (direct: the peer's mark; group: the lowest). */
  read_by_others_id: z.number().int(),
  my_read_id: z.number().int(),
  active_date: z.string(),
});
export type Chat = z.output<typeof chat>;

export const chatDetails = chat.extend({ members: z.array(chatMember) });
export type ChatDetails = z.output<typeof chatDetails>;

/** The header's unread total (page data of every page and `GET messenger/unread`). */
export const messengerUnread = z.object({
  unread_total: z.number().int(),
  /** Chats whose new messages do not count (the client moves the total by the events it gets). */
  muted_ids: z.array(z.number().int()),
});
export type MessengerUnread = z.output<typeof messengerUnread>;

export const messengerSettings = z.object({
  write: z.enum(WRITE_RULES),
  /** A letter for a message left unread for 10 minutes (the web push goes anyway). */
  email: z.boolean(),
});
export type MessengerSettings = z.output<typeof messengerSettings>;

const searchField = z
  .string({ error: messages.wrongType })
  .max(SEARCH_MAX, messages.messengerSearchTooLong(SEARCH_MAX))
  .optional();
export const chatParams = z.object({ id: idField(messages.chatIdInvalid) });
const titleField = z
  .string({ error: messages.wrongType })
  .max(CHAT_TITLE_MAX, messages.chatTitleTooLong(CHAT_TITLE_MAX));
/** A picture's media uuid; '' clears it. */
export const uuidField = z
  .string({ error: messages.messageAttachmentsInvalid })
  .regex(/^[0-9a-f-]{32,40}$/i, messages.messageAttachmentInvalid);
const pictureField = z.union([z.literal(''), uuidField]).nullable();
const userIdsField = idListField(
  messages.chatUserIdsInvalid,
  CHAT_MEMBERS_MAX,
  messages.chatTooManyMembers(CHAT_MEMBERS_MAX),
);
const memberId = idField(messages.chatUserIdsInvalid);

/** Every chat call: the chat is there and the caller in it, not banned. */
const ENTER = ['messenger_blocked', 'chat_not_found', 'messenger_not_member'] as const;
/** Writing to people: they exist, and their bans, blocklists and rules let the caller. */
const WRITE_TO = ['chat_user_not_found', 'chat_write_nobody', 'chat_write_subscribed'] as const;

/** The caller's chats, newest activity first; `before` is the previous page's `next`. */
export const chats = contract({
  method: 'GET',
  path: '/messenger/chats',
  access: 'user',
  query: plainBody({
    before: z.string({ error: messages.messengerCursorInvalid }).max(40, messages.messengerCursorInvalid).optional(),
    search: searchField,
    count: intField(messages.badRequest, 1, CHATS_PAGE).optional(),
  }),
  response: z.object({
    items: z.array(chat),
    /** Send back as `before` for the next page; null at the end. */
    next: z.string().nullable(),
    unread_total: z.number().int(),
  }),
  errors: ['messenger_cursor_invalid', 'messenger_search_too_long', 'messenger_blocked'],
});
export type ChatsPage = ContractOutput<typeof chats>;

/** People the caller may add to a group (filtered by name). */
export const contacts = contract({
  method: 'GET',
  path: '/messenger/contacts',
  access: 'user',
  query: plainBody({ search: searchField }),
  response: z.object({ items: z.array(chatPerson) }),
  errors: ['messenger_search_too_long'],
});

export const unread = contract({
  method: 'GET',
  path: '/messenger/unread',
  access: 'user',
  response: messengerUnread,
});

/** A direct chat (the pair's one chat, found or made), a group, or a subsite's channel (found or made). */
export const createChat = contract({
  method: 'POST',
  path: '/messenger/chats/create',
  access: 'user',
  body: plainBody({
    type: z.enum(CHAT_TYPES, { error: messages.chatTypeInvalid }),
    user_ids: userIdsField.default([]),
    title: titleField.default(''),
    picture: pictureField.default(null),
    subsite_id: parentIdField(messages.channelSubsiteInvalid).default(null),
  }),
  response: chatDetails,
  errors: [
    'chat_type_invalid',
    'chat_user_ids_invalid',
    'chat_too_many_members',
    'chat_title_too_long',
    'chat_title_required',
    'chat_self',
    'chat_direct_one_person',
    'channel_subsite_invalid',
    'channel_managers_only',
    'chat_picture_invalid',
    'chat_create_failed',
    ...WRITE_TO,
    ...ENTER,
  ],
});

export const chatInfo = contract({
  method: 'GET',
  path: '/messenger/chats/:id',
  access: 'user',
  params: chatParams,
  response: chatDetails,
  errors: ['chat_id_invalid', ...ENTER],
});

/** A group's or a channel's title and picture: its owner and admins. */
export const updateChat = contract({
  method: 'POST',
  path: '/messenger/chats/:id/update',
  access: 'user',
  params: chatParams,
  body: plainBody({ title: titleField.optional(), picture: pictureField.optional() }),
  response: chatDetails,
  errors: [
    'chat_id_invalid',
    'chat_title_too_long',
    'chat_title_required',
    'chat_picture_invalid',
    'chat_group_only',
    'chat_admin_only',
    ...ENTER,
  ],
});

export const addMembers = contract({
  method: 'POST',
  path: '/messenger/chats/:id/members/add',
  access: 'user',
  params: chatParams,
  body: plainBody({ user_ids: userIdsField }),
  response: chatDetails,
  errors: [
    'chat_id_invalid',
    'chat_user_ids_invalid',
    'chat_too_many_members',
    'chat_group_only',
    'chat_admin_only',
    ...WRITE_TO,
    ...ENTER,
  ],
});

/** Removing oneself is leaving (and answers 403 'not a member' after it). */
export const removeMember = contract({
  method: 'POST',
  path: '/messenger/chats/:id/members/remove',
  access: 'user',
  params: chatParams,
  body: plainBody({ user_id: memberId }),
  response: chatDetails,
  errors: [
    'chat_id_invalid',
    'chat_user_ids_invalid',
    'chat_group_only',
    'chat_admin_only',
    'chat_member_not_found',
    'chat_cannot_remove_owner',
    'chat_owner_only',
    'chat_direct_leave',
    ...ENTER,
  ],
});

/** Making or unmaking a group's admin: its owner only. */
export const setAdmin = contract({
  method: 'POST',
  path: '/messenger/chats/:id/members/admin',
  access: 'user',
  params: chatParams,
  body: plainBody({ user_id: memberId, is_admin: flagField(messages.wrongType) }),
  response: chatDetails,
  errors: [
    'chat_id_invalid',
    'chat_user_ids_invalid',
    'chat_group_only',
    'chat_owner_only',
    'chat_member_not_found',
    ...ENTER,
  ],
});

/** Leaving a group or a channel; an owner who leaves hands the group on. */
export const leave = contract({
  method: 'POST',
  path: '/messenger/chats/:id/leave',
  access: 'user',
  params: chatParams,
  response: z.object({ chat_id: z.number().int(), unread_total: z.number().int() }),
  errors: ['chat_id_invalid', 'chat_direct_leave', ...ENTER],
});

export const mute = contract({
  method: 'POST',
  path: '/messenger/chats/:id/mute',
  access: 'user',
  params: chatParams,
  body: plainBody({ is_muted: flagField(messages.wrongType) }),
  response: z.object({ chat_id: z.number().int(), is_muted: z.boolean(), unread_total: z.number().int() }),
  errors: ['chat_id_invalid', ...ENTER],
});

export const settings = contract({
  method: 'GET',
  path: '/messenger/settings',
  access: 'user',
  response: messengerSettings,
});

export const saveSettings = contract({
  method: 'POST',
  path: '/messenger/settings',
  access: 'user',
  body: plainBody({
    write: z.enum(WRITE_RULES, { error: messages.messengerWriteRuleInvalid }).optional(),
    email: flagField(messages.wrongType).optional(),
  }),
  response: messengerSettings,
  errors: ['messenger_write_rule_invalid'],
});
