import { useEffect } from 'react';
import { createStore, useStore } from '../../lib/store.ts';
import { channelName, type UserEvent } from '../../../shared/realtime.ts';
import type { MessengerEvent, MessengerUnread } from '../../../shared/messenger.ts';
import { useChannel } from '../realtime/useChannel.ts';

/** Unread messages over the reader's chats (not muted): the header badge and part of the title prefix. */
export const messengerUnread = createStore(0);
/** The reader's muted chats: their new messages leave the total alone. */
export const mutedChats = createStore<ReadonlySet<number>>(new Set());
export function setUnread(data: MessengerUnread) {
  messengerUnread.set(data.unread_total);
  mutedChats.set(new Set(data.muted_ids));
}

/** Which chat the drawer shows (null: closed; 0: the list). */
export const drawerStore = createStore<number | null>(null);
export const openMessenger = (chatId = 0) => drawerStore.set(chatId);

/**
 * Keeps the unread count live for a signed-in reader: the server renders it with the page (root loader), then the
 * private channel moves it — a message from someone else in a chat that is not muted adds one, a read mark or leaving
 * brings the server's figure — so a reader of a busy channel never re-asks the total per message.
 */
export function useMessengerUnread(userId: number | null, initial?: MessengerUnread): number {
  const count = useStore(messengerUnread, initial?.unread_total ?? 0);
  useEffect(() => {
    if (!userId) setUnread({ unread_total: 0, muted_ids: [] });
    else if (initial) setUnread(initial);
    // Without the page's figure the count is asked for once; the call comes with the messenger's code.
    else void import('./calls.ts').then((m) => m.messengerCalls.refreshUnread());
  }, [userId, initial]);
  useMessengerEvents(userId, (event) => {
    if (event.type === 'chat_read' && event.user_id === userId && event.unread_total >= 0)
      messengerUnread.set(event.unread_total);
    else if (event.type === 'chat_left') messengerUnread.set(event.unread_total);
    else if (
      event.type === 'message_new' &&
      event.message.author?.id !== userId &&
      !mutedChats.get().has(event.chat_id)
    )
      messengerUnread.set(messengerUnread.get() + 1);
  });
  return userId ? count : 0;
}

/** The messenger's events of the reader's private channel. */
export function useMessengerEvents(userId: number | null, handler: (event: MessengerEvent) => void) {
  useChannel<UserEvent>(userId ? channelName.user(userId) : null, (event) => {
    if (event.type !== 'notification') handler(event);
  });
}
