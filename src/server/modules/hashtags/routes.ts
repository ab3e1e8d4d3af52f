import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { HASHTAG_MAX_LENGTH, HASHTAGS_PER_REQUEST, normalizeHashtag } from '../../../shared/hashtags.ts';
import { idField, intField, listField, plainBody, withoutControlChars } from '../../../shared/validation.ts';
import { notFound } from '../../lib/errors.ts';
import { READS, route } from '../../http/route.ts';
import * as subsites from '../subsites/service.ts';
import * as hashtags from './service.ts';

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

const suggestQuery = plainBody({
  query: withoutControlChars(z.string({ error: messages.wrongType }).max(200, messages.tooLong(200))),
});

const listBody = plainBody({
  subsite_id: idField(messages.subsiteNotFound).optional(),
  count: intField(messages.badRequest, 1, 100).optional(),
});

/** Hashtags (spec/content.md §7): the lists, the editor's suggestions and the reader's mutes. */
export const hashtagsRoutes = [
  // The subsite hashtag list (§3); `POST` as the spec's per-page call, `GET` for links and caches.
  ...(['post', 'get'] as const).map((method) =>
    route[method]('/hashtags', {
      access: 'anyone',
      rateLimit: READS,
      ...(method === 'post' ? { body: listBody } : { query: listBody }),
      handler: async ({ ctx, body, query }) => {
        const input = method === 'post' ? body : query;
        if (input.subsite_id === undefined) return hashtags.popularHashtags(ctx, input.count);
        const subsite = await subsites.byId(ctx, input.subsite_id);
        if (!subsite) throw notFound(messages.subsiteNotFound);
        return hashtags.subsiteHashtags(ctx, subsite, input.count);
      },
    }),
  ),

  route.get('/hashtags/muted', {
    access: 'user',
    rateLimit: READS,
    handler: async ({ ctx, user }) => ({ hashtags: await hashtags.mutedHashtags(ctx, user.id) }),
  }),

  // §8: 'Cannot add/remove hashtag to/from blocklist' is what the client shows when these fail.
  route.post('/hashtags/mute', {
    access: 'active',
    rateLimit: [60, 60],
    body: hashtagsBody,
    message: messages.hashtagMuted,
    handler: ({ ctx, user, body }) => hashtags.mute(ctx, user.id, body.hashtags),
  }),

  route.post('/hashtags/unmute', {
    access: 'active',
    rateLimit: [60, 60],
    body: hashtagsBody,
    message: messages.hashtagUnmuted,
    handler: ({ ctx, user, body }) => hashtags.unmute(ctx, user.id, body.hashtags),
  }),

  route.get('/search-hashtag', {
    access: 'anyone',
    rateLimit: [300, 60],
    query: suggestQuery,
    handler: ({ ctx, query }) => hashtags.suggest(ctx, query.query),
  }),
];
