/** Shapes that cross the wire; the server builds them and the client reads them. */

export interface ApiReply<T = unknown> {
  rc: number;
  rm: string;
  /** A refusal's stable code (server lib/errors.ts `errorCode`): `comment_not_found`, `invalid_input`… */
  error?: string;
  data: T;
}

export type Role = 'user' | 'moderator' | 'admin' | 'superuser';

/** The current user object of spec/content.md §3. */
export interface CurrentUser {
  id: number;
  name: string;
  url: string;
  avatar_url: string | null;
  avatar_color: string;
  hash: string;
  is_known_email: boolean;
  user_email: string;
  createdRFC: string;
  /** How this session signed in: email, qr, magic, passkey or a provider (vk, yandex, google, apple, telegram, oidc). */
  login_method: string;
  stat_group: number;
  level: number;
  role: Role;
  is_paid: boolean;
  is_superuser: boolean;
  is_staff: boolean;
  is_cabinet_exist: boolean;
  is_user: boolean;
  is_subsites_tuned: boolean;
  show_possession: boolean;
  /** The subsites the user manages (owner or admin): their channels, team and settings (spec/content.md §6). */
  managedSubsites: { value: number; label: string; additionalData: { uri: string; messengerHash: string } }[];
  /** Communities whose approval queue the user reviews: the managed ones and those they moderate. */
  reviewed_subsite_ids: number[];
  subscribed_ids: number[];
  ignored_ids: number[];
  forceReload: boolean;
  can_mark_nsfw: boolean;
  m_hash: string;
  /** The site-wide ban that holds, with its reason and end (null: for good); the banner shows it. */
  ban: { until: string | null; reason: string } | null;
  /** 18+: the age is confirmed; 18+ entries are blurred even so (spec/content.md §7 is_adult, is_blur_nsfw). */
  is_adult: boolean;
  is_blur_nsfw: boolean;
}

export interface AuthCheckData {
  user: CurrentUser | null;
}

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
