/**
 * Page services: what the server hands to page loaders through React Router's context (src/web/context.ts).
 * Loaders call these instead of HTTP so a first paint costs no extra round trip; the implementations live on the
 * server (src/server/modules/{name}/page.ts, assembled in src/server/http/page-services.ts), the web bundle sees
 * only these interfaces.
 */
import type { CurrentUser, SubsiteCard } from '../api.ts';
import type { EntriesPageServices } from './entries.ts';
import type { FeedPageServices } from './feed.ts';
import type { CommentsPageServices } from './comments.ts';
import type { ReactionsPageServices } from './reactions.ts';
import type { HistoryPageServices } from './history.ts';
import type { RealtimePageServices } from './realtime.ts';
import type { NotificationsPageServices } from './notifications.ts';
import type { AccountsPageServices } from './accounts.ts';
import type { ModerationPageServices } from './moderation.ts';
import type { DiscoveryPageServices } from './discovery.ts';
import type { SearchPageServices } from './search.ts';
import type { MessengerPageServices } from './messenger.ts';
import type { BillingPageServices } from './billing.ts';
import type { VacanciesPageServices } from './vacancies.ts';
import type { EventsPageServices } from './events.ts';
import type { DistributionsPageServices } from './distributions.ts';
import type { StaticPagesServices } from './static.ts';
import type { LivestreamsPageServices } from './livestreams.ts';

export interface PageServices {
  communities(): Promise<SubsiteCard[]>;
  outbox(): Promise<{ id: number; to: string; subject: string; text: string; status: string; createdAt: string }[]>;
  entries: EntriesPageServices;
  feed: FeedPageServices;
  comments: CommentsPageServices;
  reactions: ReactionsPageServices;
  history: HistoryPageServices;
  realtime: RealtimePageServices;
  notifications: NotificationsPageServices;
  accounts: AccountsPageServices;
  /** The OpenAPI 3.1 document of the API (`/v3.0/openapi.json`), for the reference page. */
  apiReference(): Promise<Record<string, unknown>>;
  moderation: ModerationPageServices;
  discovery: DiscoveryPageServices;
  search: SearchPageServices;
  messenger: MessengerPageServices;
  billing: BillingPageServices;
  vacancies: VacanciesPageServices;
  events: EventsPageServices;
  distributions: DistributionsPageServices;
  staticPages: StaticPagesServices;
  livestreams: LivestreamsPageServices;
}

/** The value of React Router's app context: the signed-in user and the page services bound to them. */
export interface AppContextValue {
  user: CurrentUser | null;
  services: PageServices;
  publicUrl: string;
  /** Base of media URLs (`/media` or a CDN), from MEDIA_BASE_URL. */
  mediaBaseUrl: string;
  /** Card payments go to the built-in test cashier (PAYMENTS_TEST_CASHIER=1): the money screens say so. */
  testPayments: boolean;
}
