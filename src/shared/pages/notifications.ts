import type { EmailSubscriptionInfo, NotificationsPage, SettingsData } from '../notifications.ts';

/** What notification pages read on the server; implemented in src/server/modules/notifications/page.ts. */
export interface NotificationsPageServices {
  /** The signed-in reader's unread count (0 for anonymous readers). */
  unreadCount(): Promise<number>;
  /** The first page of `/notifications` (401 for anonymous readers). */
  list(): Promise<NotificationsPage>;
  /** `/settings` (401 for anonymous readers). */
  settings(): Promise<SettingsData>;
  /** `/email/unsubscribe/{token}` and `/email/confirm/{token}`: whose subscription the link speaks of, or null for a dead link. Changes nothing. */
  subscriptionInfo(token: string): Promise<EmailSubscriptionInfo | null>;
}
