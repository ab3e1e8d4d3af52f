import { z } from 'zod';
import { BLOCK_TYPES, type Block } from '../blocks.ts';

/**
 * The answer shapes many routes share (spec/content.md §3): entry cards and whole entries, the authors and subsites
 * they name, subsite cards and hashtags. They describe src/shared/entries.ts, api.ts and hashtags.ts's types.
 */

const int = z.number().int();

/** A stored block (src/shared/blocks.ts `Block`): checked when saved, so an answer's check looks at its kind only. */
export const storedBlock = z.custom<Block>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    (BLOCK_TYPES as readonly unknown[]).includes((v as { type?: unknown }).type) &&
    typeof (v as { data?: unknown }).data === 'object',
);

export const subsiteType = z.enum(['user', 'community', 'company']);

export const authorRef = z.object({
  id: int,
  name: z.string(),
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  /** The author has Plus: the badge by the name. */
  is_plus: z.boolean().optional(),
});

export const subsiteRef = z.object({
  id: int,
  type: subsiteType,
  name: z.string(),
  url: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
});

/** `is_liked`: the reader's own vote, −1, 0 or 1. */
export const likes = z.object({ count: int, summ: int, is_liked: int });

/** An entry as a feed shows it: the intro and the cover block, not the whole body. */
export const entryCard = z.object({
  id: int,
  url: z.string(),
  title: z.string(),
  /** The first text block as plain text. */
  intro: z.string(),
  /** The cover block, rendered above the intro; null when none. */
  cover: z.object({ type: z.string(), data: z.record(z.string(), z.unknown()) }).nullable(),
  date: z.string(),
  author: authorRef,
  subsite: subsiteRef,
  likes,
  counters: z.object({ comments: int, favorites: int, hits: int }),
  is_favorited: z.boolean(),
  is_nsfw: z.boolean(),
  is_enabled_comments: z.boolean(),
  is_enabled_likes: z.boolean(),
  /** Pinned to the top of this feed by staff; only on the pinned card. */
  is_pinned: z.boolean().optional(),
});

/** The whole entry (src/shared/entries.ts `Entry`). */
export const entry = entryCard.extend({
  type: z.literal('entry'),
  blocks: z.array(storedBlock),
  modification_date: z.string(),
  is_published: z.boolean(),
  removed: z.boolean(),
  is_approved_for_public_rss: z.boolean(),
  is_hidden_from_main: z.boolean(),
  is_hidden_for_plus: z.boolean(),
  locked_by_admin: z.boolean(),
  is_closed_editing: z.boolean(),
  /** The feeds it is pinned to: its subsite's id, 0 for the main feed. */
  pinned_feeds: z.array(int),
  /** Waiting in its community's approval queue or held for staff; told to its author and staff only. */
  awaiting_review: z.enum(['approval', 'spam']).nullable(),
  rejection: z.object({ reason: z.string(), date: z.string(), subsite: z.string() }).nullable(),
  subsite_id: int,
  user_id: int,
  /** The reader may edit (author or staff). */
  can_edit: z.boolean(),
});

/** A subsite card (src/shared/api.ts `SubsiteCard`). */
export const subsiteCard = z.object({
  id: int,
  type: subsiteType,
  name: z.string(),
  url: z.string(),
  description: z.string(),
  avatar_url: z.string().nullable(),
  avatar_color: z.string(),
  subscribers_count: int,
  is_subscribed: z.boolean(),
});

/** One tag as lists and suggestions show it; `count`: its published entries. */
export const hashtagItem = z.object({ name: z.string(), url: z.string(), count: int });
