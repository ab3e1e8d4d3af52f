/**
 * Wire types and limits of the messenger (issue 13): chats, messages, the `/v3.0/messenger/…` answers and the
 * events of the private user channel. Isomorphic and dependency-free apart from the formatter.
 */
import type {
  Chat,
  ChatDetails,
  ChatMember,
  ChatPerson,
  ChatsPage,
  Message,
  MessageReactionCount,
  MessengerSettings,
  MessengerUnread,
} from './api/messenger.ts';
import type { ComplaintItem, MessagesPage } from './api/messenger-messages.ts';
import { formatDate, formatDateTime } from './format.ts';

/** The answers' shapes come from the contracts' schemas (api/messenger.ts). */
export type {
  Chat,
  ChatDetails,
  ChatMember,
  ChatPerson,
  ChatsPage,
  ComplaintItem,
  Message,
  MessageReactionCount,
  MessagesPage,
  MessengerSettings,
  MessengerUnread,
};

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

export const DEFAULT_MESSENGER_SETTINGS: MessengerSettings = { write: 'all', email: false };

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
