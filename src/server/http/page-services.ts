import type { PageServices } from '../../shared/pages/index.ts';
import type { Ctx } from '../context.ts';
import type { UserRow } from '../modules/auth/queries.ts';
import { requireStaff } from '../modules/auth/policy.ts';
import { listOutbox } from '../modules/mail/service.ts';
import * as subsites from '../modules/subsites/service.ts';
import { entriesPage } from '../modules/entries/page.ts';
import { feedPage } from '../modules/feed/page.ts';
import { commentsPage } from '../modules/comments/page.ts';
import { reactionsPage } from '../modules/bookmarks/page.ts';
import { historyPage } from '../modules/history/page.ts';
import { realtimePage } from '../modules/realtime/page.ts';
import { notificationsPage } from '../modules/notifications/page.ts';
import { accountsPage } from '../modules/accounts/page.ts';
import { openApiFor } from './openapi.ts';
import { keptForReader } from './reader-shell.ts';
import { moderationPage } from '../modules/moderation/page.ts';
import { discoveryPage } from '../modules/discovery/page.ts';
import { searchPage } from '../modules/search/page.ts';
import { messengerPage } from '../modules/messenger/page.ts';
import { billingPage } from '../modules/billing/page.ts';

/** The read side that page loaders use, bound to the request's user; permissions as in the API. */
export function pageServices(ctx: Ctx, user: UserRow | null): PageServices {
  // What the shell and the feed read on every page of a visit is kept with the session row (reader-shell.ts).
  const kept =
    <T>(name: string, read: () => Promise<T>) =>
    () =>
      keptForReader(ctx, user, name, read);
  const feed = feedPage(ctx, user);
  const notifications = notificationsPage(ctx, user);
  const messenger = messengerPage(ctx, user);
  const billing = billingPage(ctx, user);
  return {
    entries: entriesPage(ctx, user),
    feed: { ...feed, defaultSorting: kept('sorting', feed.defaultSorting) },
    comments: commentsPage(ctx, user),
    reactions: reactionsPage(ctx, user),
    history: historyPage(ctx, user),
    realtime: realtimePage(ctx, user),
    notifications: { ...notifications, unreadCount: kept('unread', notifications.unreadCount) },
    accounts: accountsPage(ctx, user),
    apiReference: async () => openApiFor(ctx),
    moderation: moderationPage(ctx, user),
    discovery: discoveryPage(ctx, user),
    search: searchPage(ctx, user),
    messenger: { ...messenger, unread: kept('messenger', messenger.unread) },
    billing: { ...billing, feedBanner: kept('banner', billing.feedBanner) },
    communities: kept('communities', () => subsites.communities(ctx, user?.id ?? null, 12)),
    async outbox() {
      const rows = await listOutbox(ctx, requireStaff(user));
      return rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
