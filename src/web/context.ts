import { createContext } from 'react-router';
import type { CurrentUser, SubsiteCard } from '../shared/api.ts';
import type { EntriesPageServices } from './features/entries/services.ts';
import type { FeedPageServices } from './features/feed/services.ts';
import type { CommentsPageServices } from './features/comments/services.ts';
import type { ReactionsPageServices } from './features/reactions/services.ts';

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
}

export interface AppContextValue {
  user: CurrentUser | null;
  services: PageServices;
  publicUrl: string;
}

export const appContext = createContext<AppContextValue>();
