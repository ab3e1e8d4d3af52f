/** Shapes that cross the wire; the server builds them and the client reads them. */

export interface ApiReply<T = unknown> {
  rc: number;
  rm: string;
  /** A refusal's stable code (server lib/errors.ts `errorCode`): `comment_not_found`, `invalid_input`… */
  error?: string;
  data: T;
}

export type Role = 'user' | 'moderator' | 'admin' | 'superuser';

/** The current user object of spec/content.md §3 and `/auth/check`'s answer (their contract: api/auth.ts). */
export type { AuthCheckData, CurrentUser } from './api/auth.ts';

export type SubsiteType = 'user' | 'community' | 'company';

/** A subsite card: spec/content.md §3 (id, name, avatar, url, description, subscribers count). */
export interface SubsiteCard {
  id: number;
  type: SubsiteType;
  name: string;
  url: string;
  description: string;
  avatar_url: string | null;
  avatar_color: string;
  subscribers_count: number;
  is_subscribed: boolean;
}

export type { SubscribeData } from './api/subsites.ts';
