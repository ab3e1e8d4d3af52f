/** Entries as the API and the pages see them (spec/content.md §3, entry model): the answers' schemas and types. */
import { z } from 'zod';
import { image, storedBlock, storedQuiz } from './blocks.ts';

export const authorRef = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  /**
   * The user entity's stable hash (spec/content.md §3 "User: id, url, name, hash, is_paid"): the current user object's
   * `hash` for the same person, so a client tells its own without comparing ids.
   */
  hash: z.string(),
  /** The author has Plus (spec/content.md §3 `is_paid`). */
  is_paid: z.boolean(),
  /** The same as `is_paid`, kept for the clients that read it: the badge by the name. */
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
  /** A private community (only on an entry's card, and only when true): its members alone read it, Plus votes there. */
  is_private: z.boolean().optional(),
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
  /** The first audio block out of a spoiler, unless it is the cover already: readers listen in the card too. */
  audio: z.object({ type: z.literal('audio'), data: z.record(z.string(), z.unknown()) }).optional(),
  /** Listens of the entry's audio blocks by their hash (spec/content.md §3 Audio `listens`). */
  audio_listens: z.record(z.string(), z.number().int()),
  date: z.string(),
  author: authorRef,
  subsite: subsiteRef,
  likes,
  counters: entryCounters,
  is_favorited: z.boolean(),
  is_nsfw: z.boolean(),
  is_enabled_comments: z.boolean(),
  is_enabled_likes: z.boolean(),
  /** Paid material: the «Реклама» mark. */
  is_advertisement: z.boolean(),
  /** The author still adds to it: the «обновляется» mark. */
  is_still_updating: z.boolean(),
  /** The editors' own material: the editorial mark. */
  is_editorial: z.boolean(),
  /** A special project of the editors': the «Спецпроект» mark. */
  is_special: z.boolean(),
  /** The editors added to the author's text: the «Дополнено редакцией» mark. */
  is_filled_by_editors: z.boolean(),
  /** The card shows its cover alone, without the intro. */
  is_clean_cover: z.boolean(),
  /** Pinned to the top of this feed by staff (`/admin/content/pin`); only on the pinned card. */
  is_pinned: z.boolean().optional(),
  /** Held at the top of the main feed (`is_holdonmain`) or the flash block (`is_holdonflash`) by staff for a time; only on a first page. */
  is_held: z.boolean().optional(),
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
  subsite_name: z.string(),
  user_id: z.number().int(),
  /** The address without the site: `/u/1-name/2-title`. */
  path: z.string(),
  /** The way onto the main page is open (staff's: `/content/unforce` closes it; `is_hidden_from_main` negated). */
  forced_to_mainpage: z.boolean(),
  is_enabled_best_comments: z.boolean(),
  /** The thanks (donation) block under the entry. */
  is_show_thanks: z.boolean(),
  /** The image the card shows instead of the entry's cover block; null when none. */
  custom_cover: image.nullable(),
  /** The secret link shows the draft to whoever has it; the links are told to its editors only (null to others). */
  external_access: z.boolean(),
  access_link: z.string().nullable(),
  external_access_link: z.string().nullable(),
  /** Regions (ISO 3166-1 alpha-2) where it is withheld; readers there get the legal wording instead of the text. */
  withheld: z.array(z.string()),
  /** It is withheld for this reader's region: the page shows the legal wording, not the blocks (they come empty). */
  is_withheld_here: z.boolean(),
  /** Held at the top of the main feed until `holdonmain_until`. */
  is_holdonmain: z.boolean(),
  holdonmain_until: z.string().nullable(),
  /** Held at the top of the flash block (the right column's «Популярное») until `holdonflash_until`. */
  is_holdonflash: z.boolean(),
  holdonflash_until: z.string().nullable(),
  is_special: z.boolean(),
  is_filled_by_editors: z.boolean(),
  /** The site's ad units may show on its page. */
  is_enabled_ad: z.boolean(),
  is_disabled_apps: z.boolean(),
  /** A special project's class names for its page (letters, digits, `-`, `_`, spaces). */
  custom_style: z.string(),
  /** Its media blocks (images, videos, audio, files) in order, as the apps list attachments. */
  attaches: z.array(z.object({ type: z.string(), data: z.record(z.string(), z.unknown()) })),
  /** The reader may edit (author or staff). */
  can_edit: z.boolean(),
});
export type Entry = z.output<typeof entry>;

/** Answer of `POST /v3.0/writing/save`, `GET /v3.0/writing/get/{id}` and `GET /v3.0/entry/{id}`. */
export const entryData = z.object({ entry });
export type EntryData = z.output<typeof entryData>;

/** A subsite the signed-in user may publish into (the writing form's select). */
export type WritingTarget = SubsiteRef;
