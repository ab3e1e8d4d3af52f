import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { authorRef, entryCard, subsiteRef } from '../entries.ts';
import { idField, plainBody, withoutControlChars } from '../validation.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Reposts (issue 32): an entry reposted into one's blog or a community one manages, with an optional comment. */

// In shared/feed.ts, which the feed's code already carries: a value imported from here would bring zod with it.
export { REPOSTS_PAGE } from '../feed.ts';

/** Characters of a repost's comment. */
export const REPOST_COMMENT_MAX = 1000;

const commentField = withoutControlChars(z.string({ error: messages.repostCommentInvalid }))
  .max(REPOST_COMMENT_MAX, messages.repostCommentTooLong(REPOST_COMMENT_MAX))
  .transform((s) => s.trim())
  .optional();

/** A repost as a feed shows it: who reposted where and when, the comment, then the original's card. */
export const repostCard = z.object({
  id: z.number().int(),
  date: z.string(),
  comment: z.string(),
  by: authorRef,
  subsite: subsiteRef,
  entry: entryCard,
});
export type RepostCard = z.output<typeof repostCard>;

/** `count`: the original's repost count after the change. */
const countAnswer = z.object({ id: z.number().int(), entry_id: z.number().int(), count: z.number().int() });

export const create = contract({
  method: 'POST',
  path: '/repost/create',
  access: 'active',
  body: plainBody({
    entry_id: idField(messages.repostEntryInvalid),
    subsite_id: idField(messages.repostSubsiteInvalid),
    comment: commentField,
  }),
  response: countAnswer,
  errors: [
    'repost_entry_invalid',
    'repost_subsite_invalid',
    'repost_comment_invalid',
    'repost_comment_too_long',
    'entry_not_found',
    'repost_private',
    'repost_twice',
    'repost_target_forbidden',
  ],
});
export type RepostData = ContractOutput<typeof create>;

/** Undo: the reposter, the target's managers or staff. */
export const remove = contract({
  method: 'POST',
  path: '/repost/remove',
  access: 'active',
  body: plainBody({ id: idField(messages.repostIdInvalid) }),
  response: countAnswer,
  errors: ['repost_id_invalid', 'repost_not_found', 'repost_remove_forbidden'],
});

/** Where the reader may repost the entry (their blog, communities they manage), and where it already is. */
export const targets = contract({
  method: 'GET',
  path: '/repost/targets/:id',
  access: 'user',
  params: z.object({ id: idField(messages.repostEntryInvalid) }),
  response: z.object({
    count: z.number().int(),
    items: z.array(subsiteRef.extend({ repost_id: z.number().int().nullable() })),
  }),
  errors: ['repost_entry_invalid', 'entry_not_found'],
});
export type RepostTargets = ContractOutput<typeof targets>;

const feedQuery = { before: idField(messages.repostIdInvalid).optional() };

/** Reposts into one subsite, newest first (its page's feed); `before`: the last repost's id for the next page. */
export const into = contract({
  method: 'GET',
  path: '/reposts/subsite/:id',
  access: 'anyone',
  params: z.object({ id: idField(messages.repostSubsiteInvalid) }),
  query: plainBody(feedQuery),
  response: z.object({ items: z.array(repostCard) }),
  errors: ['repost_subsite_invalid', 'repost_id_invalid'],
});

/** Reposts into the subsites the reader follows, newest first (their feed). */
export const mine = contract({
  method: 'GET',
  path: '/reposts/my',
  access: 'user',
  query: plainBody(feedQuery),
  response: z.object({ items: z.array(repostCard) }),
  errors: ['repost_id_invalid'],
});

const named = { id: z.number().int(), name: z.string(), url: z.string() };

/** Who reposted an entry (its page's list): the count, and the newest reposts with who made them and where. */
export const who = contract({
  method: 'GET',
  path: '/reposts/entry/:id',
  access: 'anyone',
  params: z.object({ id: idField(messages.entryIdInvalid) }),
  response: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        date: z.string(),
        by: z.object(named),
        subsite: z.object({ ...named, type: z.enum(['user', 'community', 'company']) }),
      }),
    ),
  }),
  errors: ['entry_id_invalid', 'entry_not_found'],
});
export type WhoReposted = ContractOutput<typeof who>;
