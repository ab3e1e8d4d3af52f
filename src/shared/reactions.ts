/** Wire types of votes, bookmarks, views and sharing (spec/content.md §3, §7). */
import { z } from 'zod';
import { messages } from './catalogue.ts';
import { idField as sharedIdField } from './validation.ts';
import type { bookmarkedComment, bookmarkedComments, bookmarkedEntries } from './api/bookmarks.ts';

/** What can be voted on and bookmarked: an entry ('content') or a comment. */
export type ReactionTarget = 'content' | 'comment';

/** `POST /v3.0/like` answers the target's votes after the change. */
export type { VoteData } from './api/votes.ts';

export type { HitData } from './api/hits.ts';

/** A bookmarked comment as the bookmarks page lists it. */
export type BookmarkedComment = z.output<typeof bookmarkedComment>;

/** A cursor page of bookmarks, newest bookmark first; pass `last_id` and `last_sorting_value` back for the next. */
export type BookmarksPage<T> = Omit<z.output<typeof bookmarkedEntries>, 'items'> & { items: T[] };

export type BookmarkedEntries = z.output<typeof bookmarkedEntries>;
export type BookmarkedComments = z.output<typeof bookmarkedComments>;

/** How many bookmarks one page of `/bookmarks` shows. */
export const BOOKMARKS_PAGE_SIZE = 20;

// ---------------------------------------------------------------- input fields (server and client share them)

/**
 * A form sends "12", JSON sends 12; both mean 12. Anything else (booleans, "1.5", "", " 1" with spaces) stays as is
 * and fails: no trimming, as the shared id rule.
 */
const intLike = (v: unknown) => (typeof v === 'string' && /^-?\d{1,12}$/.test(v) ? Number(v) : v);
const fieldError = (message: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? messages.fieldRequired : message;

/** A positive 32-bit id of an entry or a comment: the shared id rule (decimal digits only); a missing one is asked for. */
export const idField = z
  .unknown()
  .refine((v): boolean => v !== undefined, { message: messages.fieldRequired, abort: true })
  .pipe(sharedIdField(messages.reactionIdInvalid));

/** One of a few integers, e.g. a vote sign or a bookmark state. */
export const intChoice = <const T extends readonly number[]>(allowed: T, message: string) =>
  z.preprocess(
    intLike,
    z.number({ error: fieldError(message) }).refine((n) => allowed.includes(n), message),
  ) as unknown as z.ZodType<T[number]>;

export const targetField = z.enum(['content', 'comment'], { error: fieldError(messages.reactionTypeInvalid) });
