import { messages } from '../../../shared/catalogue.ts';
import fs from 'node:fs';
import * as contracts from '../../../shared/api/feed.ts';
import * as widgetContracts from '../../../shared/api/blog-widget.ts';
import { sendWidgetPage } from '../../lib/widget-page.ts';
import { READS, route } from '../../http/route.ts';
import { assertCanReadMyFeed } from './policy.ts';
import { sendRss, sendXml } from '../../lib/rss.ts';
import { hashtagRss, rss, sitemap, subsiteRss } from './rss.ts';
import * as feed from './service.ts';
import { blogWidgetMore, blogWidgetPage } from './widget.ts';

/** The blog widget's button, read once (a browser file beside this one, linted as such). */
const widgetScript = fs.readFileSync(new URL('./blog-widget.js', import.meta.url), 'utf8');

/** The entry a feed is loaded under (`content_id`) joins the ids left out, once. */
const withContent = (ids: number[] | undefined, contentId: number | undefined) =>
  contentId === undefined || ids?.includes(contentId) ? ids : [...(ids ?? []), contentId];

export const feedRoutes = [
  route.implement(contracts.feed, {
    rateLimit: READS,
    handler: ({ ctx, user, query, req }) => {
      if (query.my) assertCanReadMyFeed(user);
      const request = {
        scope: query.my ? 'my' : query.all ? 'all' : 'main',
        subsiteId: query.subsite_id,
        hashtag: query.hashtag,
        sorting: query.sorting,
        // The schema takes the cursor's two fields together or neither.
        after:
          query.last_id !== undefined && query.last_sorting_value !== undefined
            ? { id: query.last_id, value: query.last_sorting_value }
            : null,
        excludeIds: withContent(query.exclude_ids, query.content_id ?? query.contentId),
        count: query.count,
      } as const;
      return feed.feedAnswer(ctx, user, request, req.viaToken);
    },
  }),

  /** The sidebar's /new badge: entries since the `last-recent-seen` time (unix seconds). */
  route.implement(contracts.recentCount, {
    rateLimit: READS,
    handler: ({ ctx, user, query }) => feed.recentCount(ctx, user, new Date(query.since * 1000)),
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
  // The blog widget other sites frame (feed/widget.ts): the address alone says what to show, no cookie is read or set.
  route.implement(widgetContracts.page, {
    rateLimit: READS,
    handler: async ({ ctx, params, reply }) => {
      const { status, html, scripted } = await blogWidgetPage(ctx, params.id);
      return sendWidgetPage(reply.code(status), html, scripted);
    },
  }),
  route.implement(widgetContracts.more, {
    rateLimit: READS,
    handler: ({ ctx, params }) => blogWidgetMore(ctx, params.id, params.last_id),
  }),
  route.implement(widgetContracts.script, {
    // A reader's browser keeps it an hour: the reads' limit is far from being reached.
    rateLimit: READS,
    handler: ({ reply }) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(widgetScript),
  }),
  route.implement(contracts.sitemap, {
    rateLimit: READS,
    handler: async ({ ctx, reply }) => sendXml(reply, 'application/xml', await sitemap(ctx)),
  }),
];
