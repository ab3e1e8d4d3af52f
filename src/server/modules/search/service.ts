import {
  SEARCH_PAGE_SIZE,
  SEARCH_PERIOD_DAYS,
  type SearchComment,
  type SearchEntity,
  type SearchEntry,
  type SearchEvent,
  type SearchOrder,
  type SearchPage,
  type SearchParams,
  type SearchSubsite,
  type SearchVacancy,
} from '../../../shared/search.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { queryWords } from '../../db/text-search.ts';
import { EncodedAnswer, SharedAnswer } from '../../lib/answers.ts';
import { perAppCache } from '../../lib/cache.ts';
import { escapeHtml } from '../../../shared/html.ts';
import { entryUrl, presentCard } from '../entries/service.ts';
import { searchHashtags } from '../hashtags/service.ts';
import { highlightSnippet, highlightWhole, queryTerms } from './highlight.ts';
import * as q from './queries.ts';
import { presentAuthor } from '../users/index.ts';
import { privateSubsiteIds } from '../subsites/service.ts';
import { upcomingCards } from '../events/service.ts';
import { publishedCards } from '../vacancies/service.ts';

const DAY_MS = 86_400_000;

/** A name with the query's words marked wherever they occur (any case), escaped. */
export function markName(name: string, words: string[]): string {
  const parts = words.filter(Boolean).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!parts.length) return escapeHtml(name);
  const re = new RegExp(parts.join('|'), 'giu');
  let out = '';
  let at = 0;
  for (const m of name.matchAll(re)) {
    if (!m[0]) continue;
    out += `${escapeHtml(name.slice(at, m.index))}<mark>${escapeHtml(m[0])}</mark>`;
    at = m.index + m[0].length;
  }
  return out + escapeHtml(name.slice(at));
}

interface Request extends SearchParams {
  entity: SearchEntity;
  order: SearchOrder;
  page: number;
}

/** How long a computed page may be served again (the header box sends the same words often). */
export const ANONYMOUS_CACHE_MS = 5000;

/** A page as anyone sees it, with its answer (the JSON envelope) encoded once for every reader who has no marks on it. */
interface SharedPage {
  page: SearchPage;
  answer: EncodedAnswer;
}

// Dropped by this node's writes, so a reader finds what they have just written. An expired page is served once
// more while its successor is computed, so the readers asking at that moment do not all wait for the database
// (a page is never older than twice ANONYMOUS_CACHE_MS).
const sharedCache = perAppCache<SharedPage>(
  'search.pages',
  ANONYMOUS_CACHE_MS,
  { entries: 2000, bytes: 16 * 1024 * 1024, sizeOf: (v) => 2 * (v as SharedPage).answer.body.length },
  { dropOnWrite: true, staleMs: ANONYMOUS_CACHE_MS },
);

/**
 * The cache key: what the answer depends on, the query as the words it is searched by (hashtags take the text as
 * it is), so «Рынок  акций!» and «рынок акций» share one page.
 */
function cacheKey(r: Request): string {
  const query = r.entity === 'hashtags' ? r.query : queryWords(r.query).join(' ');
  return JSON.stringify([r.entity, r.order, r.page, r.period ?? 'all', r.subsite_id ?? null, query]);
}

async function sharedPage(ctx: Ctx, r: Request): Promise<SharedPage> {
  const compute = async () => {
    const page = await readSearch(ctx, r);
    return { page, answer: new SharedAnswer(page) };
  };
  return ctx.config.sharedCaches ? sharedCache(ctx).get(cacheKey(r), compute) : compute();
}

/**
 * One page of search results (`page` from 1). A query with no letters or digits finds nothing.
 * The page is the same for every reader but for their own votes, bookmarks and subscriptions: it is computed as
 * anyone sees it (in production once per ANONYMOUS_CACHE_MS for everyone) and a signed-in reader's marks are laid
 * over it by primary-key probes, so a signed-in search costs about what an anonymous one does.
 */
export async function search(ctx: Ctx, viewerId: number | null, r: Request): Promise<SearchPage> {
  const { page } = await sharedPage(ctx, r);
  return viewerId === null ? page : ((await withReaderMarks(ctx, viewerId, r.entity, page)) ?? page);
}

/**
 * `search` as the route's answer: the shared page's encoded envelope when the reader has no marks on it (most
 * readers, most pages), so a page served again costs no serialization; else the page with the reader's marks.
 */
export async function searchAnswer(ctx: Ctx, viewerId: number | null, r: Request): Promise<EncodedAnswer | SearchPage> {
  const shared = await sharedPage(ctx, r);
  if (viewerId === null) return shared.answer;
  return (await withReaderMarks(ctx, viewerId, r.entity, shared.page)) ?? shared.answer;
}

/** The page with the reader's own marks laid over it, or null when they have none on it. */
async function withReaderMarks(
  ctx: Ctx,
  viewerId: number,
  entity: SearchEntity,
  page: SearchPage,
): Promise<SearchPage | null> {
  const ids = page.items.map((item) => (item as { id: number }).id);
  if (entity === 'entries' || entity === 'comments') {
    const marks = new Map(
      (await q.marksOf(ctx.read, viewerId, entity === 'entries' ? 'content' : 'comment', ids))
        .filter((m) => m.my_vote || m.is_favorited)
        .map((m) => [m.id, m]),
    );
    if (!marks.size) return null;
    const items = (page.items as (SearchEntry | SearchComment)[]).map((item) => {
      const m = marks.get(item.id);
      if (!m) return item;
      const likes = { ...item.likes, is_liked: m.my_vote };
      return entity === 'entries' ? { ...item, likes, is_favorited: m.is_favorited } : { ...item, likes };
    });
    return { ...page, items: items };
  }
  if (entity === 'users' || entity === 'subsites') {
    const subscribed = await q.subscribedAmong(ctx.read, viewerId, ids);
    if (!subscribed.size) return null;
    const items = (page.items as SearchSubsite[]).map((item) => ({ ...item, is_subscribed: subscribed.has(item.id) }));
    return { ...page, items: items };
  }
  return null;
}

async function readSearch(ctx: Ctx, r: Request): Promise<SearchPage> {
  if (r.entity === 'hashtags') return searchHashtags(ctx, { query: r.query, order: r.order, page: r.page });
  const words = queryWords(r.query);
  if (!words.length) return { items: [], is_finished: true };
  const period = r.period ?? 'all';
  const since = period === 'all' ? null : new Date(ctx.now().getTime() - SEARCH_PERIOD_DAYS[period] * DAY_MS);
  const base = {
    order: r.order,
    since,
    offset: (r.page - 1) * SEARCH_PAGE_SIZE,
    // One row more than a page tells whether the list goes on.
    limit: SEARCH_PAGE_SIZE + 1,
  };
  // A page is the same for every reader: a private community's entries and comments are found by nobody.
  const closed = await privateSubsiteIds(ctx);
  let items: SearchPage['items'];
  if (r.entity === 'entries') {
    // The candidates tell whether the list goes on: cards and highlights are made for the page's rows alone.
    const s = { ...base, limit: SEARCH_PAGE_SIZE, words, subsiteId: r.subsite_id ?? null, closed };
    const found = await q.searchEntries(ctx.read, s, ctx.now());
    return { items: found.rows.map((row) => presentEntry(row, ctx.config.secret)), is_finished: !found.more };
  }
  if (r.entity === 'comments') {
    const s = { ...base, words, subsiteId: r.subsite_id ?? null, closed };
    items = (await q.searchComments(ctx.read, s)).map((row) => presentComment(row, ctx.config.secret));
  } else if (r.entity === 'vacancies') {
    const hits = await q.searchVacancies(ctx.read, { ...base, words, subsiteId: r.subsite_id ?? null });
    const terms = queryTerms(hits[0]?.query ?? '');
    const cards = await publishedCards(
      ctx,
      hits.map((h) => h.id),
    );
    items = cards.map((v): SearchVacancy => ({ ...v, title_html: highlightWhole(v.title, terms) }));
  } else if (r.entity === 'events') {
    const hits = await q.searchEvents(ctx.read, { ...base, words, subsiteId: r.subsite_id ?? null }, ctx.now());
    const terms = queryTerms(hits[0]?.query ?? '');
    const cards = await upcomingCards(
      ctx,
      hits.map((h) => h.id),
    );
    items = cards.map((e): SearchEvent => ({ ...e, title_html: highlightWhole(e.title, terms) }));
  } else {
    const kind = r.entity;
    // One transaction on the read handle: the threshold holds for its own statement.
    const found = await ctx.read.transaction(async (tx) => {
      await q.useNameSimilarity(tx);
      return q.searchSubsites(tx, { ...base, kind, text: words.join(' ') });
    });
    items = found.map((row) => presentSubsite(row, words));
  }
  return {
    items: items.slice(0, SEARCH_PAGE_SIZE),
    is_finished: items.length <= SEARCH_PAGE_SIZE,
  };
}

function presentEntry(row: q.SearchEntryRow, secret: string): SearchEntry {
  const terms = queryTerms(row.query);
  return {
    ...presentCard(row, secret),
    title_html: highlightWhole(row.title, terms),
    snippet_html: highlightSnippet(row.body, terms),
  };
}

function presentComment(row: q.SearchCommentRow, secret: string): SearchComment {
  const url = entryUrl({
    id: row.entry_id,
    slug: row.entry_slug,
    subsite_id: row.subsite_id,
    subsite_type: row.subsite_type,
    subsite_slug: row.subsite_slug,
  });
  return {
    id: row.id,
    entry_id: row.entry_id,
    reply_to: row.reply_to,
    date: row.created_at.toISOString(),
    author: presentAuthor(row, secret),
    likes: { count: row.likes_count, summ: row.likes_summ, is_liked: 0 },
    url: `${url}?comment=${row.id}`,
    entry: { id: row.entry_id, title: row.entry_title, url },
    text_html: highlightSnippet(row.text, queryTerms(row.query)),
  };
}

function presentSubsite(row: q.SearchSubsiteRow, words: string[]): SearchSubsite {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    url: subsiteUrl(row),
    description: row.description,
    avatar_url: row.avatar_url,
    avatar_color: row.avatar_color,
    subscribers_count: row.subscribers_count,
    is_subscribed: false,
    name_html: markName(row.name, words),
  };
}
