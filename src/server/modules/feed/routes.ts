import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../../shared/catalogue.ts';
import * as contracts from '../../../shared/api/feed.ts';
import { READS, route } from '../../http/route.ts';
import { assertCanReadMyFeed } from './policy.ts';
import { hashtagRss, rss, sitemap, subsiteRss, type Feed } from './rss.ts';
import * as feed from './service.ts';

export const feedRoutes = [
  route.implement(contracts.feed, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) => {
      if (query.my) assertCanReadMyFeed(user);
      return feed.feedAnswer(ctx, user, {
        scope: query.my ? 'my' : query.all ? 'all' : 'main',
        subsiteId: query.subsite_id,
        hashtag: query.hashtag,
        sorting: query.sorting,
        // The schema takes the cursor's two fields together or neither.
        after:
          query.last_id !== undefined && query.last_sorting_value !== undefined
            ? { id: query.last_id, value: query.last_sorting_value }
            : null,
        excludeIds: query.exclude_ids,
        count: query.count,
      });
    },
  }),

  /** The sidebar's /new badge: entries since the `last-recent-seen` time (unix seconds). */
  route.implement(contracts.recentCount, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) => feed.recentCount(ctx, user?.id ?? null, new Date(query.since * 1000)),
  }),

  // The entry stub (spec/content.md §4): hide an entry from the reader's feeds, and undo it. Hiding writes, so a
  // banned reader may not.
  route.implement(contracts.hide, {
    rateLimit: [120, 60],
    message: messages.entryHidden,
    handler: ({ ctx, user, params }) => feed.hide(ctx, user.id, params.id),
  }),

  route.implement(contracts.unhide, {
    rateLimit: [120, 60],
    message: messages.entryUnhidden,
    handler: ({ ctx, user, params }) => feed.unhide(ctx, user.id, params.id),
  }),
];

function sendXml(reply: FastifyReply, type: string, body: string) {
  return reply
    .header('content-type', `${type}; charset=utf-8`)
    .header('cache-control', 'public, max-age=300')
    .send(body);
}

/** Whether the reader already has this feed: `If-None-Match` decides when sent, else `If-Modified-Since` (RFC 9110 §13.2.2). */
function notModified(req: FastifyRequest, feed: Pick<Feed, 'etag' | 'lastModified'>): boolean {
  const match = req.headers['if-none-match'];
  if (match !== undefined)
    return match.split(',').some((tag) => ['*', feed.etag].includes(tag.trim().replace(/^W\//, '')));
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return (
    feed.lastModified !== null && !Number.isNaN(since) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= since
  );
}

/** A feed with its validators; a reader that has it gets an empty 304 instead of the whole XML again. */
function sendRss(req: FastifyRequest, reply: FastifyReply, feed: Feed) {
  reply.header('etag', feed.etag);
  if (feed.lastModified) reply.header('last-modified', feed.lastModified.toUTCString());
  if (notModified(req, feed)) return reply.code(304).header('cache-control', 'public, max-age=300').send();
  return sendXml(reply, 'application/rss+xml', feed.xml);
}

/**
 * Feeds for machines at the site root (registered without the /v3.0 prefix):
 * `/rss`, `/rss/{subsite_id}`, `/s/{slug}/rss`, `/u/{id}-{slug}/rss` and `/sitemap.xml`.
 */
export const feedRootRoutes = [
  route.implement(contracts.rss, {
    rateLimit: READS,
    handler: async ({ ctx, req, reply }) => sendRss(req, reply, await rss(ctx, null)),
  }),
  route.implement(contracts.subsiteRss, {
    rateLimit: READS,
    handler: async ({ ctx, params, req, reply }) => sendRss(req, reply, await subsiteRss(ctx, { id: params.id })),
  }),
  route.implement(contracts.communityRss, {
    rateLimit: READS,
    handler: async ({ ctx, params, req, reply }) => sendRss(req, reply, await subsiteRss(ctx, { slug: params.slug })),
  }),
  route.implement(contracts.userRss, {
    rateLimit: READS,
    handler: async ({ ctx, params, req, reply }) => sendRss(req, reply, await subsiteRss(ctx, { userId: params.user })),
  }),
  route.implement(contracts.hashtagRss, {
    rateLimit: READS,
    handler: async ({ ctx, params, req, reply }) => sendRss(req, reply, await hashtagRss(ctx, params.name)),
  }),
  route.implement(contracts.sitemap, {
    rateLimit: READS,
    handler: async ({ ctx, reply }) => sendXml(reply, 'application/xml', await sitemap(ctx)),
  }),
];
