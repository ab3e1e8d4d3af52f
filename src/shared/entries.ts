/** Entries as the API and the pages see them (spec/content.md §3, entry model): the answers' schemas and types. */
import { z } from 'zod';
import { storedBlock, storedQuiz } from './blocks.ts';

export const authorRef = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  /** The author has Plus: the badge by the name (the author's data, so shared cards carry it for every reader). */
  is_plus: z.boolean().optional(),
});
export type AuthorRef = z.output<typeof authorRef>;

export const subsiteRef = z.object({
  id: z.number().int(),
  type: z.enum(['user', 'community', 'company']),
  name: z.string(),
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
});
export type SubsiteRef = z.output<typeof subsiteRef>;

/** `is_liked`: the reader's own vote, -1, 0 or 1. */
export const likes = z.object({ count: z.number().int(), summ: z.number().int(), is_liked: z.number().int() });
export type Likes = z.output<typeof likes>;

export const entryCounters = z.object({
  comments: z.number().int(),
  favorites: z.number().int(),
  hits: z.number().int(),
  /** Reposts into blogs and communities (modules/reposts): the repost widget's count. */
  reposts: z.number().int(),
});
export type EntryCounters = z.output<typeof entryCounters>;

/** An entry as a feed shows it: the intro and the cover block, not the whole body. */
export const entryCard = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  /** The first text block as plain text. */
  intro: z.string(),
  /** The block flagged `cover` (or the first media block), rendered above the intro; null when none. */
  cover: z.object({ type: z.string(), data: z.record(z.string(), z.unknown()) }).nullable(),
  /** The entry's first quiz, when it has one that is not its cover: readers vote in the card too. */
  quiz: storedQuiz.optional(),
  date: z.string(),
  author: authorRef,
  subsite: subsiteRef,
  likes,
  counters: entryCounters,
  is_favorited: z.boolean(),
  is_nsfw: z.boolean(),
  is_enabled_comments: z.boolean(),
  is_enabled_likes: z.boolean(),
  /** Pinned to the top of this feed by staff (`/admin/content/pin`); only on the pinned card. */
  is_pinned: z.boolean().optional(),
});
export type EntryCard = z.output<typeof entryCard>;

/** A moderated community's rejection of an entry: the reason its reviewer gave, when, and the community's name. */
export const entryRejection = z.object({ reason: z.string(), date: z.string(), subsite: z.string() });
export type EntryRejection = z.output<typeof entryRejection>;

/** The whole entry for its page and for `GET /v3.0/entry/{id}`. */
export const entry = entryCard.extend({
  type: z.literal('entry'),
  blocks: z.array(storedBlock),
  modification_date: z.string(),
  is_published: z.boolean(),
  removed: z.boolean(),
  is_approved_for_public_rss: z.boolean(),
  is_hidden_from_main: z.boolean(),
  /** Staff keep it out of the feeds of readers with Plus (partner material). */
  is_hidden_for_plus: z.boolean(),
  /** Staff unpublished it: its author may edit the draft but not publish it until staff release it. */
  locked_by_admin: z.boolean(),
  /** Staff closed its editing; true only for the person who closed it (spec/content.md §6). */
  is_closed_editing: z.boolean(),
  /** The feeds it is pinned to (`/admin/content/pin`): its subsite's id, 0 for the main feed. */
  pinned_feeds: z.array(z.number().int()),
  /**
   * It waits to be published: in its community's approval queue ('approval') or held for staff ('spam'); null when
   * not waiting. Told to its author and staff only.
   */
  awaiting_review: z.enum(['approval', 'spam']).nullable(),
  /** Its community's reviewers sent it back to drafts; told to its author and staff only, until it is sent again. */
  rejection: entryRejection.nullable(),
  subsite_id: z.number().int(),
  user_id: z.number().int(),
  /** The reader may edit (author or staff). */
  can_edit: z.boolean(),
});
export type Entry = z.output<typeof entry>;

/** Answer of `POST /v3.0/writing/save`, `GET /v3.0/writing/get/{id}` and `GET /v3.0/entry/{id}`. */
export const entryData = z.object({ entry });
export type EntryData = z.output<typeof entryData>;

/** A subsite the signed-in user may publish into (the writing form's select). */
export type WritingTarget = SubsiteRef;
