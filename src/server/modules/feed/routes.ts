import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../shared/catalogue.ts';
import { FEED_MAX_EXCLUDE, FEED_MAX_PAGE_SIZE, FEED_SORTINGS } from '../../../shared/feed.ts';
import { plainBody } from '../../../shared/validation.ts';
import { notFound, parse } from '../../http/errors.ts';
import { limit } from '../../http/ratelimit.ts';
import { ok } from '../../http/session.ts';
import type { SubsiteRow } from '../subsites/index.ts';
import * as subsites from '../subsites/service.ts';
import { assertCanHide, assertCanReadMyFeed } from './policy.ts';
import { rss, sitemap } from './rss.ts';
import * as feed from './service.ts';

const MAX_ID = 2 ** 31 - 1;
const idOf = (rm: string) => z.coerce.number({ error: rm }).int(rm).positive(rm).max(MAX_ID, rm);
const flag = z.enum(['0', '1'], { error: messages.feedFlagInvalid }).optional();
/** A decimal number as text; `Number('')` would be 0 and `Number('1e400')` Infinity, so the shape is checked first. */
const decimal = (rm: string) => z.string({ error: rm }).max(40, rm).regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, rm)
  .transform(Number).pipe(z.number({ error: rm }).finite(rm));

const excludeIds = z.union([z.string(), z.array(z.string())], { error: messages.feedExcludeInvalid })
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[1-9]\d{0,9}$/, messages.feedExcludeInvalid).transform(Number).pipe(z.number().max(MAX_ID, messages.feedExcludeInvalid)))
    .max(FEED_MAX_EXCLUDE, messages.feedExcludeTooMany(FEED_MAX_EXCLUDE)));

const feedQuery = z.strictObject({
  sorting: z.enum(FEED_SORTINGS, { error: messages.feedSortingInvalid }).optional(),
  subsite_id: idOf(messages.subsiteNotFound).optional(),
  all: flag,
  my: flag,
  last_id: idOf(messages.feedCursorInvalid).optional(),
  last_sorting_value: decimal(messages.feedCursorInvalid).optional(),
  exclude_ids: excludeIds.optional(),
  count: z.coerce.number({ error: messages.feedCountInvalid(FEED_MAX_PAGE_SIZE) }).int(messages.feedCountInvalid(FEED_MAX_PAGE_SIZE))
    .min(1, messages.feedCountInvalid(FEED_MAX_PAGE_SIZE)).max(FEED_MAX_PAGE_SIZE, messages.feedCountInvalid(FEED_MAX_PAGE_SIZE)).optional(),
  mode: z.string().max(16).optional(),
}).superRefine((q, issue) => {
  if ((q.last_id === undefined) !== (q.last_sorting_value === undefined)) {
    issue.addIssue({ code: 'custom', path: ['last_sorting_value'], message: messages.feedCursorPair });
  } else if (q.last_sorting_value !== undefined && q.sorting !== 'hotness' && q.sorting !== undefined && !Number.isSafeInteger(q.last_sorting_value)) {
    // Dates travel as integer microseconds, tops as integer vote sums.
    issue.addIssue({ code: 'custom', path: ['last_sorting_value'], message: messages.feedCursorInvalid });
  }
});

const recentQuery = z.strictObject({
  since: z.coerce.number({ error: messages.feedSinceInvalid }).int(messages.feedSinceInvalid).min(0, messages.feedSinceInvalid).max(4_102_444_800, messages.feedSinceInvalid),
  mode: z.string().max(16).optional(),
});

const entryParams = z.object({ id: idOf(messages.feedEntryIdInvalid) });
const emptyBody = plainBody({});

export async function feedRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  app.get('/feed', async (req) => {
    const query = parse(feedQuery, req.query);
    if (query.my === '1') assertCanReadMyFeed(req.user);
    const page = await feed.feed(ctx, req.user?.id ?? null, {
      scope: query.my === '1' ? 'my' : query.all === '1' ? 'all' : 'main',
      subsiteId: query.subsite_id,
      sorting: query.sorting,
      after: query.last_id !== undefined ? { id: query.last_id, value: query.last_sorting_value! } : null,
      excludeIds: query.exclude_ids,
      count: query.count,
    });
    return ok(page);
  });

  /** The sidebar's /new badge: entries since the `last-recent-seen` time (unix seconds). */
  app.get('/feed/recent_count', async (req) => {
    const { since } = parse(recentQuery, req.query);
    return ok(await feed.recentCount(ctx, req.user?.id ?? null, new Date(since * 1000)));
  });

  // The entry stub (spec/content.md §4): hide an entry from the reader's feeds, and undo it.
  app.post('/content/hide/:id', { config: limit(app, 120, 60) }, async (req) => {
    const user = assertCanHide(req.user, ctx.now());
    const { id } = parse(entryParams, req.params);
    parse(emptyBody, req.body);
    return ok(await feed.hide(ctx, user.id, id), messages.entryHidden);
  });

  app.post('/content/unhide/:id', { config: limit(app, 120, 60) }, async (req) => {
    const user = assertCanHide(req.user, ctx.now());
    const { id } = parse(entryParams, req.params);
    parse(emptyBody, req.body);
    return ok(await feed.unhide(ctx, user.id, id), messages.entryUnhidden);
  });
}

const subsiteParams = z.object({ id: idOf(messages.subsiteNotFound) });
const userParam = z.object({ user: z.string().regex(/^\d{1,10}(-.*)?$/, messages.subsiteNotFound).transform((s) => Number.parseInt(s, 10)).pipe(z.number().max(MAX_ID, messages.subsiteNotFound)) }, { error: messages.subsiteNotFound });
const slugParam = z.object({ slug: z.string().min(1).max(200) });

function sendXml(reply: FastifyReply, type: string, body: string) {
  return reply.header('content-type', `${type}; charset=utf-8`).header('cache-control', 'public, max-age=300').send(body);
}

/**
 * Feeds for machines at the site root (register without the /v3.0 prefix):
 * `/rss`, `/rss/{subsite_id}`, `/s/{slug}/rss`, `/u/{id}-{slug}/rss` and `/sitemap.xml`.
 */
export async function feedRootRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const subsiteRss = async (reply: FastifyReply, subsite: SubsiteRow | undefined) => {
    if (!subsite) throw notFound(messages.subsiteNotFound);
    return sendXml(reply, 'application/rss+xml', await rss(ctx, subsite));
  };

  app.get('/rss', async (_req, reply) => sendXml(reply, 'application/rss+xml', await rss(ctx, null)));
  app.get('/rss/:id', async (req, reply) => subsiteRss(reply, await subsites.byId(ctx, parse(subsiteParams, req.params).id)));
  app.get('/s/:slug/rss', async (req, reply) => subsiteRss(reply, await subsites.communityBySlug(ctx, parse(slugParam, req.params).slug)));
  app.get('/u/:user/rss', async (req, reply) => {
    const subsite = await subsites.byId(ctx, parse(userParam, req.params).user);
    return subsiteRss(reply, subsite?.type === 'user' ? subsite : undefined);
  });
  app.get('/sitemap.xml', async (_req, reply) => sendXml(reply, 'application/xml', await sitemap(ctx)));
}
