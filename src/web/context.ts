import { createContext } from 'react-router';
import type { CurrentUser, SubsiteCard } from '../shared/api.ts';
import type { EntriesPageServices } from './features/entries/services.ts';
import type { FeedPageServices } from './features/feed/services.ts';
import type { CommentsPageServices } from './features/comments/services.ts';
import type { ReactionsPageServices } from './features/reactions/services.ts';
import type { HistoryPageServices } from './features/history/services.ts';
import type { RealtimePageServices } from './features/realtime/services.ts';
import type { NotificationsPageServices } from './features/notifications/services.ts';

/**
 * What the server hands to page loaders: the signed-in user and read-only page services.
 * Loaders call these instead of HTTP so a first paint costs no extra round trip;
 * the implementations live on the server (src/server/modules/{name}/page.ts), the web bundle sees only these interfaces.
 */
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
}

export interface AppContextValue {
  user: CurrentUser | null;
  services: PageServices;
  publicUrl: string;
  /** Base of media URLs (`/media` or a CDN), from MEDIA_BASE_URL. */
  mediaBaseUrl: string;
}

export const appContext = createContext<AppContextValue>();
