import { messages } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/hashtags.ts';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../context.ts';
import { READS, route } from '../../http/route.ts';
import * as subsites from '../subsites/service.ts';
import * as hashtags from './service.ts';

/** The subsite's tags, or the site's most used without a subsite. */
async function listOf(ctx: Ctx, input: { subsite_id?: number; count?: number }) {
  if (input.subsite_id === undefined) return hashtags.popularHashtags(ctx, input.count);
  const subsite = await subsites.byId(ctx, input.subsite_id);
  if (!subsite) throw notFound(messages.subsiteNotFound);
  return hashtags.subsiteHashtags(ctx, subsite, input.count);
}

/** Hashtags (spec/content.md §7): the lists, the editor's suggestions and the reader's mutes. */
export const hashtagsRoutes = [
  // The subsite hashtag list (§3); `POST` as the spec's per-page call, `GET` for links and caches.
  route.implement(contracts.listPost, {
    rateLimit: READS,
    handler: ({ ctx, body }) => listOf(ctx, body),
  }),
  route.implement(contracts.list, {
    rateLimit: READS,
    handler: ({ ctx, query }) => listOf(ctx, query),
  }),

  route.implement(contracts.muted, {
    rateLimit: READS,
    handler: async ({ ctx, user }) => ({ hashtags: await hashtags.mutedHashtags(ctx, user.id) }),
  }),

  // §8: 'Cannot add/remove hashtag to/from blocklist' is what the client shows when these fail.
  route.implement(contracts.mute, {
    rateLimit: [60, 60],
    message: messages.hashtagMuted,
    handler: ({ ctx, user, body }) => hashtags.mute(ctx, user.id, body.hashtags),
  }),

  route.implement(contracts.unmute, {
    rateLimit: [60, 60],
    message: messages.hashtagUnmuted,
    handler: ({ ctx, user, body }) => hashtags.unmute(ctx, user.id, body.hashtags),
  }),

  route.implement(contracts.suggest, {
    rateLimit: [300, 60],
    handler: ({ ctx, query }) => hashtags.suggest(ctx, query.query),
  }),
];
