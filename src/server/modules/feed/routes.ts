import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { FEED_MAX_EXCLUDE, FEED_MAX_PAGE_SIZE, FEED_SORTINGS } from '../../../shared/feed.ts';
import {
  decimalField,
  flagField,
  idField,
  idListField,
  intField,
  leadingIdField,
  plainBody,
  withoutControlChars,
} from '../../../shared/validation.ts';
import { normalizeHashtag } from '../../../shared/hashtags.ts';
import { READS, route } from '../../http/route.ts';
import { assertCanReadMyFeed } from './policy.ts';
import { hashtagRss, rss, sitemap, subsiteRss, type Feed } from './rss.ts';
import * as feed from './service.ts';

const flag = flagField(messages.feedFlagInvalid).optional();

const feedQuery = plainBody({
  sorting: z.enum(FEED_SORTINGS, { error: messages.feedSortingInvalid }).optional(),
  subsite_id: idField(messages.subsiteNotFound).optional(),
  hashtag: withoutControlChars(z.string({ error: messages.hashtagInvalid }).max(51, messages.hashtagInvalid))
    .transform(
      (s, c) => normalizeHashtag(s) ?? (c.addIssue({ code: 'custom', message: messages.hashtagInvalid }), z.NEVER),
    )
    .optional(),
  all: flag,
  my: flag,
  last_id: idField(messages.feedCursorInvalid).optional(),
  last_sorting_value: decimalField(messages.feedCursorInvalid).optional(),
  exclude_ids: idListField(
    messages.feedExcludeInvalid,
    FEED_MAX_EXCLUDE,
    messages.feedExcludeTooMany(FEED_MAX_EXCLUDE),
  ).optional(),
  count: intField(messages.feedCountInvalid(FEED_MAX_PAGE_SIZE), 1, FEED_MAX_PAGE_SIZE).optional(),
}).superRefine((q, issue) => {
  if ((q.last_id === undefined) !== (q.last_sorting_value === undefined)) {
    issue.addIssue({ code: 'custom', path: ['last_sorting_value'], message: messages.feedCursorPair });
  } else if (
    q.last_sorting_value !== undefined &&
    q.sorting !== 'hotness' &&
    q.sorting !== undefined &&
    !Number.isSafeInteger(q.last_sorting_value)
  ) {
    // Dates travel as integer microseconds, tops as integer vote sums.
    issue.addIssue({ code: 'custom', path: ['last_sorting_value'], message: messages.feedCursorInvalid });
  }
});

const entryParams = z.object({ id: idField(messages.feedEntryIdInvalid) });

export const feedRoutes = [
  route.get('/feed', {
    access: 'anyone',
    rateLimit: READS,
    query: feedQuery,
    handler: ({ ctx, user, query }) => {
      if (query.my) assertCanReadMyFeed(user);
      return feed.feedAnswer(ctx, user, {
        scope: query.my ? 'my' : query.all ? 'all' : 'main',
        subsiteId: query.subsite_id,
        hashtag: query.hashtag,
        sorting: query.sorting,
        after: query.last_id !== undefined ? { id: query.last_id, value: query.last_sorting_value! } : null,
        excludeIds: query.exclude_ids,
        count: query.count,
      });
    },
  }),

  /** The sidebar's /new badge: entries since the `last-recent-seen` time (unix seconds). */
  route.get('/feed/recent_count', {
    access: 'anyone',
    rateLimit: READS,
    query: plainBody({ since: intField(messages.feedSinceInvalid, 0, 4_102_444_800) }),
    handler: ({ ctx, user, query }) => feed.recentCount(ctx, user?.id ?? null, new Date(query.since * 1000)),
  }),

  // The entry stub (spec/content.md §4): hide an entry from the reader's feeds, and undo it. Hiding writes, so a
  // banned reader may not.
  route.post('/content/hide/:id', {
    access: 'active',
    rateLimit: [120, 60],
    params: entryParams,
    message: messages.entryHidden,
    handler: ({ ctx, user, params }) => feed.hide(ctx, user.id, params.id),
  }),

  route.post('/content/unhide/:id', {
    access: 'active',
    rateLimit: [120, 60],
    params: entryParams,
    message: messages.entryUnhidden,
    handler: ({ ctx, user, params }) => feed.unhide(ctx, user.id, params.id),
  }),
];

const subsiteParams = z.object({ id: idField(messages.subsiteNotFound) });
/** `{id}-{slug}` of a blog's address: the id part follows the id rule, the slug is not checked here. */
const userParams = z.object({
  user: leadingIdField(messages.subsiteNotFound),
});
const slugParams = z.object({ slug: withoutControlChars(z.string()).min(1).max(200) });

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
  route.get('/rss', {
    access: 'anyone',
    rateLimit: READS,
    raw: true,
    handler: async ({ ctx, req, reply }) => sendRss(req, reply, await rss(ctx, null)),
  }),
  route.get('/rss/:id', {
    access: 'anyone',
    rateLimit: READS,
    raw: true,
    params: subsiteParams,
    handler: async ({ ctx, params, req, reply }) => sendRss(req, reply, await subsiteRss(ctx, { id: params.id })),
  }),
  route.get('/s/:slug/rss', {
    access: 'anyone',
    rateLimit: READS,
    raw: true,
    params: slugParams,
    handler: async ({ ctx, params, req, reply }) => sendRss(req, reply, await subsiteRss(ctx, { slug: params.slug })),
  }),
  route.get('/u/:user/rss', {
    access: 'anyone',
    rateLimit: READS,
    raw: true,
    params: userParams,
    handler: async ({ ctx, params, req, reply }) => sendRss(req, reply, await subsiteRss(ctx, { userId: params.user })),
  }),
  route.get('/tag/:name/rss', {
    access: 'anyone',
    rateLimit: READS,
    raw: true,
    params: z.object({ name: withoutControlChars(z.string()).min(1).max(200) }),
    handler: async ({ ctx, params, req, reply }) => sendRss(req, reply, await hashtagRss(ctx, params.name)),
  }),
  route.get('/sitemap.xml', {
    access: 'anyone',
    rateLimit: READS,
    raw: true,
    handler: async ({ ctx, reply }) => sendXml(reply, 'application/xml', await sitemap(ctx)),
  }),
];
