import { z } from 'zod';
import { messages } from '../catalogue.ts';
import { HASHTAG_MAX_LENGTH, HASHTAGS_PER_REQUEST, normalizeHashtag } from '../hashtags.ts';
import { idField, intField, listField, plainBody, withoutControlChars } from '../validation.ts';
import { hashtagItem } from './cards.ts';
import { contract, type ContractOutput } from './contract.ts';

/** Hashtags (spec/content.md §7): the lists, the editor's suggestions and the reader's mutes. */

/** One tag as sent (`#` optional, any case), stored normalized; anything else is refused by name. */
const tagField = withoutControlChars(
  z.string({ error: messages.hashtagInvalid }).max(HASHTAG_MAX_LENGTH + 1, messages.hashtagInvalid),
).transform((s, c) => {
  const tag = normalizeHashtag(s);
  if (!tag) {
    c.addIssue({ code: 'custom', message: messages.hashtagInvalid });
    return z.NEVER;
  }
  return tag;
});

/** `hashtags[]=a&hashtags[]=b` (or one string): 1 to HASHTAGS_PER_REQUEST tags, each once. */
const hashtagsBody = plainBody({
  hashtags: listField(
    z
      .array(tagField, { error: messages.hashtagsRequired })
      .min(1, messages.hashtagsRequired)
      .max(HASHTAGS_PER_REQUEST, messages.hashtagsTooMany(HASHTAGS_PER_REQUEST))
      .transform((list) => [...new Set(list)]),
  ),
});

const listInput = plainBody({
  subsite_id: idField(messages.subsiteNotFound).optional(),
  count: intField(messages.badRequest, 1, 100).optional(),
});
const items = z.object({ items: z.array(hashtagItem) });

/** The subsite's hashtags (§3), the most used first, or the site's without `subsite_id`. */
const listBase = {
  path: '/hashtags',
  access: 'anyone',
  response: items,
  errors: ['subsite_not_found'],
} as const;
/** `POST` as the spec's per-page call. */
export const listPost = contract({ ...listBase, method: 'POST', body: listInput });
/** `GET` for links and caches. */
export const list = contract({ ...listBase, method: 'GET', query: listInput });
export type HashtagListData = ContractOutput<typeof list>;

/** The reader's muted tags. */
export const muted = contract({
  method: 'GET',
  path: '/hashtags/muted',
  access: 'user',
  response: z.object({ hashtags: z.array(z.string()) }),
});

const muteData = z.object({ hashtags: z.array(z.string()), is_muted: z.boolean() });

/** Entries with any of the tags leave every feed of the reader's except the tag's own page. */
export const mute = contract({
  method: 'POST',
  path: '/hashtags/mute',
  access: 'active',
  body: hashtagsBody,
  response: muteData,
  errors: ['hashtag_mutes_too_many'],
});
export type HashtagMuteData = ContractOutput<typeof mute>;

export const unmute = contract({
  method: 'POST',
  path: '/hashtags/unmute',
  access: 'active',
  body: hashtagsBody,
  response: muteData,
});

/** The editor's suggestions for a `#tag` being typed: tags starting with it, the most used first. */
export const suggest = contract({
  method: 'GET',
  path: '/search-hashtag',
  access: 'anyone',
  query: plainBody({
    query: withoutControlChars(z.string({ error: messages.wrongType }).max(200, messages.tooLong(200))),
  }),
  response: items,
});
