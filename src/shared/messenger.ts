/**
 * Wire types and limits of the messenger (issue 13): chats, messages, the `/v3.0/messenger/…` answers and the
 * events of the private user channel. Isomorphic and dependency-free apart from the formatter.
 */
import type { ExtractResult } from './extract.ts';
import type { MediaFile, MediaImage } from './media.ts';
import { formatDate, formatDateTime } from './format.ts';

export const CHAT_TYPES = ['direct', 'group', 'channel'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
export type ChatRole = 'owner' | 'admin' | 'member' | 'reader';

/** A group holds at most this many people, its owner included. */
export const CHAT_MEMBERS_MAX = 200;
export const CHAT_TITLE_MAX = 100;
export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGE_ATTACHMENTS_MAX = 10;
export const CLIENT_ID_MAX = 64;
export const SEARCH_MAX = 100;
export const CHATS_PAGE = 30;
/** People offered when adding to a group (filtered by name on the server). */
export const CONTACTS_MAX = 50;
export const MESSAGES_PAGE = 40;
export const COMPLAINT_REASON_MAX = 500;
/** A message still unread this long after it came is pushed (and mailed, when asked for). */
export const UNREAD_NOTIFY_MS = 10 * 60_000;
/** Typing marks: a client sends one at most this often, and shows one for this long. */
export const TYPING_EVERY_MS = 3000;
export const TYPING_SHOW_MS = 5000;

export const MESSAGE_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🔥'] as const;
export type MessageReaction = (typeof MESSAGE_REACTIONS)[number];

/** Who may start a direct chat with me (settings). */
export const WRITE_RULES = ['all', 'subscribed', 'nobody'] as const;
export type WriteRule = (typeof WRITE_RULES)[number];

export interface MessengerSettings {
  write: WriteRule;
  /** A letter for a message left unread for 10 minutes (the web push goes anyway). */
  email: boolean;
}
export const DEFAULT_MESSENGER_SETTINGS: MessengerSettings = { write: 'all', email: false };

export interface ChatPerson {
  id: number;
  name: string;
  url: string;
  avatar_url: string | null;
  avatar_color: string;
}

export interface ChatMember extends ChatPerson {
  role: ChatRole;
}

export interface MessageReactionCount {
  reaction: string;
  count: number;
  is_mine: boolean;
}

export interface Message {
  id: number;
  chat_id: number;
  author: ChatPerson | null;
  text: string;
  /** Pictures, video and sound, or files (pdf, zip, text…) shown as a download chip. */
  attachments: (MediaImage | MediaFile)[];
  preview: ExtractResult | null;
  reply_to: { id: number; author_name: string; text: string; is_removed: boolean } | null;
  client_id: string | null;
  date: string;
  edited_date: string | null;
  is_removed: boolean;
  reactions: MessageReactionCount[];
}

export interface Chat {
  id: number;
  type: ChatType;
  /** A group's own title; a direct chat's is the other person's name; a channel's the subsite's. */
  title: string;
  picture: string | null;
  /** The picture's fallback: the other person's or the subsite's avatar. */
  avatar_url: string | null;
  avatar_color: string;
  /** The other person of a direct chat. */
  peer: ChatPerson | null;
  subsite_id: number | null;
  members_count: number;
  my_role: ChatRole;
  is_muted: boolean;
  /** Whether I may post here (a channel's readers may not; a direct chat with a refused rule may not). */
  can_send: boolean;
  last_message: Message | null;
  unread_count: number;
  /** The newest message every other member has read (direct: the peer's mark; group: the lowest). */
  read_by_others_id: number;
  my_read_id: number;
  active_date: string;
}

/** The header's unread total (page data of every page and `GET messenger/unread`). */
export interface MessengerUnread {
  unread_total: number;
  /** Chats whose new messages do not count (the client moves the total by the events it gets). */
  muted_ids: number[];
}

export interface ChatsPage {
  items: Chat[];
  /** Send back as `before` for the next page; null at the end. */
  next: string | null;
  unread_total: number;
}

export interface MessagesPage {
  items: Message[];
  /** Older messages exist. */
  has_more: boolean;
}

export interface ChatDetails extends Chat {
  members: ChatMember[];
}

export interface ComplaintItem {
  id: number;
  reason: string;
  date: string;
  reporter: ChatPerson;
  message: Message;
  /** Up to five messages before and after the reported one: what staff may read. */
  context: Message[];
  chat: { id: number; type: ChatType; title: string };
}

/** Events of the private `user-{id}` channel (beside the notification count). */
export type MessengerEvent =
  | { type: 'message_new'; chat_id: number; message: Message }
  | { type: 'message_edited' | 'message_removed' | 'message_reacted'; chat_id: number; message: Message }
  | { type: 'chat_read'; chat_id: number; user_id: number; message_id: number; unread_total: number }
  | { type: 'chat_typing'; chat_id: number; user: ChatPerson }
  | { type: 'chat_changed'; chat_id: number }
  | { type: 'chat_left'; chat_id: number; unread_total: number };

/** A date separator of the conversation: 'Сегодня', 'Вчера', '12 ноября' (with the year when it is another). */
export function daySeparator(date: string | Date, now: Date = new Date()): string {
  const day = formatDate(date, now);
  if (day === formatDate(now, now)) return 'Сегодня';
  if (day === formatDate(new Date(now.getTime() - 86_400_000), now)) return 'Вчера';
  return day;
}

/** '14:07' of a message. */
export const messageTime = (date: string | Date) => formatDateTime(date, date).split(' в ').pop() ?? '';

/** One chat per pair: the key of the two ids, smaller first. */
export const directKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
