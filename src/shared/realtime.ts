/**
 * The socket protocol of spec/foundation.md §7, shared by the server (src/server/modules/realtime) and the client
 * wrapper: channel names, what each channel carries, and the live feed constants of spec/content.md §9.
 * Isomorphic and dependency-free.
 */
import type { Comment } from './comments.ts';
import type { MessengerEvent } from './messenger.ts';
import type { LiveItem, LiveToken } from './api/realtime.ts';
import type { QuizResult } from './api/quiz.ts';

/** The live feed's answers come from the contracts' schemas (api/realtime.ts). */
export type { LiveItem, LiveToken };

export const SOCKET_PATH = '/socket.io';

/** Channel names. `user-{id}` is private (time + hash); the rest are public. */
export const channelName = {
  comments: (entryId: number) => `comments-${entryId}`,
  hits: (entryId: number) => `content-hits-${entryId}`,
  content: (entryId: number) => `content-${entryId}`,
  user: (userId: number) => `user-${userId}`,
  /** Private to the browser showing QR code `id` (its time + hash come with the code). */
  signinQr: (codeId: number) => `signin-qr-${codeId}`,
  /**
   * Not a channel one subscribes to: the name a message carries when one broadcast went to many private user
   * channels at once (a chat's members). Only sockets that joined one of those channels (signed) receive it; the
   * client hands it to its own `user-{id}` listeners.
   */
  anyUser: 'user-*',
  live: 'live',
  system: 'system',
} as const;

/** Credentials of a private channel (spec/foundation.md §3): unix seconds and HMAC-SHA256 of `${channel}:${time}`. */
export interface ChannelAuth {
  channel: string;
  time: number;
  hash: string;
}

/** What the server answers a `subscribe`/`unsubscribe`/`broadcast` through the ack (or the `error` event). */
export type SocketReply = { ok: true; channel: string } | { ok: false; channel: string | null; error: string };

/** `event` payload: the channel and its data. */
export interface ChannelMessage<T = unknown> {
  channel: string;
  data: T;
}

/** `comments-{entryId}`: the comment as `GET /v3.0/comments` shows it to an anonymous reader. */
export type CommentsEvent =
  | { type: 'comment_created' | 'comment_edited'; comment: Comment; comments_count: number }
  | { type: 'comment_voted'; comment: Comment }
  /** `comment` is the removed comment's stub; `removed_ids` also lists a removed branch. */
  | { type: 'comment_removed'; comment: Comment | null; removed_ids: number[]; comments_count: number };

/** `content-hits-{id}` (spec/content.md §3, socket message). */
export interface HitsEvent {
  content_id: number;
  type: 'content_viewed';
  value: number;
}

/** `content-{id}`: an entry's votes moved (spec/content.md §3, content event: type, content_id). */
export type ContentEvent =
  | { type: 'content_voted'; content_id: number; likes: { count: number; summ: number } }
  /** A quiz of the entry has new votes (spec/content.md §3): its results as anyone sees them, batched. */
  | { type: 'quiz results updated'; hash: string; results: QuizResult };

export type SystemEvent =
  | { type: 'static_version_changed'; version: string }
  | { type: 'new_entry_published'; content_id: number; subsite_id: number }
  | { type: 'subsite_subscribers_count_changed'; subsite_id: number; count: number };

/** `user-{id}` (private): the notification count, and the messenger's news (shared/messenger.ts). */
export type UserEvent = { type: 'notification'; unread_count: number } | MessengerEvent;

/** spec/content.md §9: the live view keeps the last 20 items and batches arrivals every 1000 ms. */
export const LIVE_KEEP = 20;
export const LIVE_BATCH_MS = 1000;
