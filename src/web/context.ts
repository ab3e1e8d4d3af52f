import { createContext } from 'react-router';
import type { CurrentUser, SubsiteCard } from '../shared/api.ts';
import type { EntryCard } from '../shared/entries.ts';

/**
 * What the server hands to page loaders: the signed-in user and read-only page services.
 * Loaders call these instead of HTTP so a first paint costs no extra round trip;
 * the implementations live on the server, the web bundle only sees this interface.
 */
export interface PageServices {
  communities(): Promise<SubsiteCard[]>;
  latestEntries(limit: number): Promise<EntryCard[]>;
  outbox(): Promise<{ id: number; to: string; subject: string; text: string; status: string; createdAt: string }[]>;
}

export interface AppContextValue {
  user: CurrentUser | null;
  services: PageServices;
  publicUrl: string;
}

export const appContext = createContext<AppContextValue>();
