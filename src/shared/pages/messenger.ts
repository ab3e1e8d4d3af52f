import type { MessengerUnread } from '../messenger.ts';

/** What pages read of the messenger on the server; implemented in src/server/modules/messenger/page.ts. */
export interface MessengerPageServices {
  /** The header's unread total and muted chats of the signed-in reader (zero and none for anonymous readers). */
  unread(): Promise<MessengerUnread>;
}
