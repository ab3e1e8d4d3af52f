/** Entries as the API and the pages see them (spec/content.md §3, entry model). */
import type { Block } from './blocks.ts';

export interface AuthorRef {
  id: number;
  name: string;
  url: string;
  avatar_url: string | null;
  avatar_color: string;
  /** The author has Plus: the badge by the name (the author's data, so shared cards carry it for every reader). */
  is_plus?: boolean;
}

export interface SubsiteRef {
  id: number;
  type: 'user' | 'community' | 'company';
  name: string;
  url: string;
  avatar_url: string | null;
  avatar_color: string;
}

/** `is_liked`: the reader's own vote, -1, 0 or 1. */
export interface Likes {
  count: number;
  summ: number;
  is_liked: number;
}

export interface EntryCounters {
  comments: number;
  favorites: number;
  hits: number;
}

/** An entry as a feed shows it: the intro and the cover block, not the whole body. */
export interface EntryCard {
  id: number;
  url: string;
  title: string;
  /** The first text block as plain text. */
  intro: string;
  /** The block flagged `cover` (or the first media block), rendered above the intro; null when none. */
  cover: { type: string; data: Record<string, unknown> } | null;
  date: string;
  author: AuthorRef;
  subsite: SubsiteRef;
  likes: Likes;
  counters: EntryCounters;
  is_favorited: boolean;
  is_nsfw: boolean;
  is_enabled_comments: boolean;
  is_enabled_likes: boolean;
  /** Pinned to the top of this feed by staff (`/admin/content/pin`); only on the pinned card. */
  is_pinned?: boolean;
}

/** The whole entry for its page and for `GET /v3.0/entry/{id}`. */
export interface Entry extends EntryCard {
  type: 'entry';
  blocks: Block[];
  modification_date: string;
  is_published: boolean;
  removed: boolean;
  is_approved_for_public_rss: boolean;
  is_hidden_from_main: boolean;
  /** Staff keep it out of the feeds of readers with Plus (partner material). */
  is_hidden_for_plus: boolean;
  /** Staff unpublished it: its author may edit the draft but not publish it until staff release it. */
  locked_by_admin: boolean;
  /** Staff closed its editing; true only for the person who closed it (spec/content.md §6). */
  is_closed_editing: boolean;
  /** The feeds it is pinned to (`/admin/content/pin`): its subsite's id, 0 for the main feed. */
  pinned_feeds: number[];
  /**
   * It waits to be published: in its community's approval queue ('approval') or held for staff ('spam'); null when
   * not waiting. Told to its author and staff only.
   */
  awaiting_review: 'approval' | 'spam' | null;
  /** Its community's reviewers sent it back to drafts; told to its author and staff only, until it is sent again. */
  rejection: EntryRejection | null;
  subsite_id: number;
  user_id: number;
  /** The reader may edit (author or staff). */
  can_edit: boolean;
}

/** A moderated community's rejection of an entry: the reason its reviewer gave, when, and the community's name. */
export interface EntryRejection {
  reason: string;
  date: string;
  subsite: string;
}

/** Answer of `POST /v3.0/writing/save`, `GET /v3.0/writing/get/{id}` and `GET /v3.0/entry/{id}`. */
export interface EntryData {
  entry: Entry;
}

/** A subsite the signed-in user may publish into (the writing form's select). */
export type WritingTarget = SubsiteRef;
