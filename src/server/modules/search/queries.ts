import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { shownCommentText } from '../../db/comment-text.ts';
import type { Db } from '../../db/index.ts';
import { readerMarks } from '../../db/reader-marks.ts';
import { col, intArray, preparedRowsOf, rows } from '../../db/rows.ts';
import { once, tsquery } from '../../db/text-search.ts';
import type { SearchOrder } from '../../../shared/search.ts';
import { cardSelect, EntryCardRow } from '../entries/index.ts';

/**
 * Search SQL. Entries are matched in `entry_search`, comments by their stored `search_vector` (a generated column,
 * migration 0011_search_custom.sql), both in the `russian` configuration (entry title weight A, text B) with a GIN
 * index; names of people and subsites are matched by trigrams (pg_trgm, GIN on `lower(name)`). A page is chosen
 * first (ids and the sorting value only), then the cards and the highlighted fragments are made for those ids alone.
 */

export interface TextSearch {
  /** Lowercase words of letters and digits only (never raw input). */
  words: string[];
  order: SearchOrder;
  since: Date | null;
  subsiteId: number | null;
  /** The private communities: their entries and comments are never found (a page is the same for everyone). */
  closed?: number[];
  offset: number;
  limit: number;
}

const notClosed = (s: TextSearch, subsiteId: SQL) =>
  s.closed?.length ? sql`and ${subsiteId} <> all(${intArray(s.closed)}::int[])` : sql``;

/** `query`: the tsquery as text, whose stems the server marks in the title and the text (search/highlight.ts). */
const SearchEntryRow = EntryCardRow.extend({ body: col.text, query: col.text, found: col.int });
export type SearchEntryRow = z.output<typeof SearchEntryRow>;

/**
 * Relevance and popularity rank a bounded candidate set, the newest CANDIDATES matches (entries: by publication
 * time, then id; comments: by id): pages past it are empty (is_finished), 100 = 5 pages of 20. Date order takes
 * the newest offset + limit.
 */
export const CANDIDATES = 100;

/** Weeks since 2000-01-01 UTC: the word of `entry_search.week` (migration 0025_entry_search_windows). */
export const weekOf = (at: Date) => Math.floor((at.getTime() - Date.UTC(2000, 0, 1)) / (7 * 86_400_000));

/**
 * The windows a search looks in, each this many weeks back (and next week, for a node whose clock runs ahead),
 * then all weeks: each wider one only while the last held fewer matches than wanted.
 */
export const WINDOW_WEEKS = [2, 8, 26];

/**
 * Relevance ranks by the title alone (`title_vector`, kept in the heap row): each of the query's words found in
 * the title counts (an OR query: ts_rank of the AND would count nothing unless all are there), then the newest
 * first. Popularity by the entry's votes, read for the candidates only (primary-key probes).
 */
function candidateValue(s: TextSearch): SQL {
  if (s.order === 'popular') return sql`(select x.likes_summ from entries x where x.id = e.id)::float8`;
  if (s.order === 'relevant') return sql`ts_rank(e.title_vector, ${once(tsquery(s.words, '|'))})::float8`;
  return sql`0::float8`;
}

/**
 * The newest `take` matches, from as few weeks as hold them, as the CTEs (`windows`) and the query over them
 * (`answer`; id, published_at, title_vector) of one statement: the matches of the last
 * WINDOW_WEEKS[0] weeks, then, only while the windows so far held fewer than `take`, of the next wider window, then
 * of all weeks; the answer is the first window holding `take` (or the last). The GIN index on (vector, week)
 * intersects an OR of week words with the query inside the index, so only that window's matches are fetched from
 * the heap (a page each). A window holding `take` matches holds the newest `take` of all (whatever lies outside it
 * was published earlier), so the answer does not depend on the windows. `+ interval` hides
 * `entry_search_published`'s order from the planner, whose walk of the newest rows would read each walked row's
 * vector from TOAST to test it. `prepared` (two words or more): planning cost as much as a narrow window's execution.
 */
function newestMatches(s: TextSearch, take: number, now: Date): { windows: SQL; answer: SQL; prepared: boolean } {
  const thisWeek = weekOf(now);
  const sinceWeek = s.since ? weekOf(s.since) : null;
  // One word (often a prefix still being typed, «акц») may match a large share of all entries, and a prefix's
  // matches are gathered from the whole index whatever the window: walking `entry_search_published` from the newest
  // finds them sooner (at 1M, «акц» by date: 25 ms in windows, 4 ms walking). A window reaching back to the
  // period's first week is no narrower than all weeks with the period's filter.
  const several = s.words.length > 1;
  const widths = several ? WINDOW_WEEKS.filter((w) => sinceWeek === null || thisWeek - w >= sinceWeek) : [];
  const limit = sql.raw(String(Math.trunc(take)));
  // A custom plan (one word) must see the tsquery itself: its frequency chooses the plan, and a stop word («про»)
  // gives an empty query that matches nothing; hidden in a subquery it chose the walk, through all 1M rows.
  const q = several ? once(tsquery(s.words)) : tsquery(s.words);
  const count = (i: number) => sql.raw(`(select count(*) from w${i})`);
  const windows = [...widths, null].map((width, i) => {
    const weeks = width === null ? null : Array.from({ length: width + 1 }, (_, k) => thisWeek + 1 - k);
    // Run only while every narrower window held fewer than `take` (a window not run holds nothing).
    const wider = widths.slice(0, i).map((_, j) => sql`${count(j)} < ${limit} and `);
    return sql`${sql.raw(`w${i}`)} as materialized (
      select e.id, e.published_at, e.title_vector from entry_search e
       where ${sql.join(wider)} e.vector @@ ${q}
         ${weeks === null ? sql`` : sql`and e.week @@ ${once(sql`to_tsquery('simple', ${weeks.join(' | ')})`)}`}
         ${s.since ? sql`and e.published_at >= ${s.since.toISOString()}::timestamptz` : sql``}
         ${s.subsiteId ? sql`and ${s.subsiteId}::int in (e.subsite_id, e.author_id)` : sql``}
         ${notClosed(s, sql`e.subsite_id`)}
       order by ${several ? sql`e.published_at + interval '0 s'` : sql`e.published_at`} desc, e.id desc
       limit ${limit})`;
  });
  const last = widths.length;
  const answer = sql.join(
    [
      ...widths.map((_, i) => sql`select * from ${sql.raw(`w${i}`)} where ${count(i)} >= ${limit}`),
      sql`select * from ${sql.raw(`w${last}`)}`,
    ],
    sql` union all `,
  );
  // One word is planned for its own frequency each time (walk or bitmap), which a generic plan would not do.
  return { windows: sql.join(windows, sql`, `), answer, prepared: several };
}

/**
 * How much of a text is read for its highlight: a match past it shows the text's beginning, as when the match is in
 * the title alone.
 */
const HIGHLIGHT_CHARS = 20_000;
const textToHighlight = (expr: SQL) => sql`left(${expr}, ${sql.raw(String(HIGHLIGHT_CHARS))})`;

/**
 * One page of entries in one statement: the candidates (newestMatches), ordered by their value (relevance,
 * popularity; ties newest first) or newest first (date), then the cards, with the text and the query to highlight
 * them by, for the page's rows alone. `more`: the list goes on after the page (more candidates than it reaches).
 */
export async function searchEntries(
  db: Db,
  s: TextSearch,
  now: Date,
): Promise<{ rows: SearchEntryRow[]; more: boolean }> {
  const take = s.order === 'date' ? s.offset + s.limit + 1 : CANDIDATES;
  const { windows, answer, prepared } = newestMatches(s, take, now);
  const order = (t: string) =>
    sql.raw(`${s.order === 'date' ? '' : `${t}.v desc, `}${t}.published_at desc, ${t}.id desc`);
  const found = await (prepared ? preparedRowsOf : rows)(
    db,
    SearchEntryRow,
    sql`
    with ${windows},
    found as (select e.id, e.published_at, ${candidateValue(s)} as v from (${answer}) e),
    page as (select * from found f order by ${order('f')} offset ${s.offset} limit ${s.limit})
    ${cardSelect(
      null,
      sql`, ${textToHighlight(sql`t.body`)} as body, ${once(tsquery(s.words))}::text as query,
            (select count(*) from found) as found`,
    )}
      join page p on p.id = e.id
      join entry_search t on t.id = e.id
     order by ${order('p')}`,
  );
  return { rows: found, more: (found[0]?.found ?? 0) > s.offset + s.limit };
}

const SearchCommentRow = z.object({
  id: col.int,
  entry_id: col.int,
  reply_to: col.int.nullable(),
  created_at: col.date,
  likes_count: col.int,
  likes_summ: col.int,
  author_id: col.int,
  author_type: z.enum(['user', 'community', 'company']),
  author_name: col.text,
  author_slug: col.text,
  author_avatar: col.text.nullable(),
  author_color: col.text,
  author_plus: col.bool,
  entry_title: col.text,
  entry_slug: col.text,
  subsite_id: col.int,
  subsite_type: z.enum(['user', 'community', 'company']),
  subsite_slug: col.text,
  text: col.text,
  query: col.text,
});
export type SearchCommentRow = z.output<typeof SearchCommentRow>;

function commentOrder(order: SearchOrder, q: SQL): SQL {
  if (order === 'popular') return sql`c.likes_summ::float8`;
  return sql`ts_rank(c.search_vector, ${q})::float8`;
}

/** Comments as entries: date order by creation with the page limit, the other orders over CANDIDATES. */
function commentHits(s: TextSearch, q: SQL): SQL {
  const filters = sql`not c.removed and c.search_vector @@ ${q} and e.is_published and not e.removed
         ${s.since ? sql`and c.created_at >= ${s.since.toISOString()}::timestamptz` : sql``}
         ${s.subsiteId ? sql`and ${s.subsiteId}::int in (e.subsite_id, e.author_id)` : sql``}
         ${notClosed(s, sql`e.subsite_id`)}`;
  if (s.order === 'date')
    return sql`
      select c.id, (extract(epoch from c.created_at))::float8 as v
        from comments c join entries e on e.id = c.entry_id
       where ${filters}
       order by c.created_at desc, c.id desc
       limit ${s.limit} offset ${s.offset}`;
  return sql`
      select c.id, ${commentOrder(s.order, q)} as v
        from (select c.id, c.search_vector, c.likes_summ from comments c join entries e on e.id = c.entry_id
               where ${filters} order by c.id desc limit ${CANDIDATES}) c
       order by v desc, c.id desc
       limit ${s.limit} offset ${s.offset}`;
}

export async function searchComments(db: Db, s: TextSearch): Promise<SearchCommentRow[]> {
  const q = tsquery(s.words);
  return rows(
    db,
    SearchCommentRow,
    sql`
    with hits as materialized (${commentHits(s, q)})
    select c.id, c.entry_id, c.reply_to, c.created_at, c.likes_count, c.likes_summ,
           a.id as author_id, a.type as author_type, a.name as author_name, a.slug as author_slug,
           a.avatar_url as author_avatar, a.avatar_color as author_color,
           exists (select 1 from users au where au.id = a.id and au.is_paid) as author_plus,
           e.title as entry_title, e.slug as entry_slug, s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug,
           ${textToHighlight(shownCommentText())} as text, ${once(q)}::text as query
      from hits h
      join comments c on c.id = h.id
      join entries e on e.id = c.entry_id
      join subsites a on a.id = coalesce(c.as_subsite_id, c.author_id)
      join subsites s on s.id = e.subsite_id
     order by h.v desc, h.id desc`,
  );
}

const VacancyHit = z.object({ id: col.int, query: col.text });
export type VacancyHit = z.output<typeof VacancyHit>;

/**
 * Published vacancies with every word (title A, company and description B: `vacancies.search_vector`, a GIN index
 * on the published ones). Relevance ranks them, then the newest; vacancies have no score, so `popular` is the date
 * order. An unpublished or expired vacancy leaves its published state and with it the results.
 */
export async function searchVacancies(db: Db, s: TextSearch): Promise<VacancyHit[]> {
  const q = once(tsquery(s.words));
  const order =
    s.order === 'relevant'
      ? sql`ts_rank(v.search_vector, ${q}) desc, v.published_at desc, v.id desc`
      : sql`v.published_at desc, v.id desc`;
  return rows(
    db,
    VacancyHit,
    sql`
    select v.id, ${q}::text as query
      from vacancies v
     where v.state = 'published' and v.search_vector @@ ${q}
       ${s.since ? sql`and v.published_at >= ${s.since.toISOString()}::timestamptz` : sql``}
       ${s.subsiteId ? sql`and v.subsite_id = ${s.subsiteId}` : sql``}
     order by ${order}
     limit ${s.limit} offset ${s.offset}`,
  );
}

const EventHit = z.object({ id: col.int, query: col.text });
export type EventHit = z.output<typeof EventHit>;

/**
 * Published events not over at `now` with every word (title A, description and address B: `events.search_vector`,
 * a GIN index on the published ones). Relevance ranks them, then the soonest; `date` and `popular` are the soonest
 * first, as the list of /events. An event that ended leaves the results at once (the `past` state follows hourly).
 */
export async function searchEvents(db: Db, s: TextSearch, now: Date): Promise<EventHit[]> {
  const q = once(tsquery(s.words));
  const order =
    s.order === 'relevant' ? sql`ts_rank(e.search_vector, ${q}) desc, e.starts_at, e.id` : sql`e.starts_at, e.id`;
  return rows(
    db,
    EventHit,
    sql`
    select e.id, ${q}::text as query
      from events e
     where e.state = 'published' and e.ends_at > ${now.toISOString()}::timestamptz and e.search_vector @@ ${q}
       ${s.since ? sql`and e.published_at >= ${s.since.toISOString()}::timestamptz` : sql``}
       ${s.subsiteId ? sql`and e.subsite_id = ${s.subsiteId}` : sql``}
     order by ${order}
     limit ${s.limit} offset ${s.offset}`,
  );
}

const SearchSubsiteRow = z.object({
  id: col.int,
  type: z.enum(['user', 'community', 'company']),
  slug: col.text,
  name: col.text,
  description: col.text,
  avatar_url: col.text.nullable(),
  avatar_color: col.text,
  subscribers_count: col.int,
});
export type SearchSubsiteRow = z.output<typeof SearchSubsiteRow>;

export interface NameSearch {
  /** Lowercased, spaces collapsed. */
  text: string;
  kind: 'users' | 'subsites';
  order: SearchOrder;
  since: Date | null;
  offset: number;
  limit: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * People's blogs or communities and companies whose name contains the text or is close to it by trigrams
 * (`<%`: word similarity at NAME_SIMILARITY, set by useNameSimilarity in the same transaction), so «ивнов» finds
 * «Иван Иванов». Relevance: the exact name,
 * then names starting with the text, then the closer ones, then the bigger ones.
 */
/** pg_trgm's word-similarity threshold for `<%` (its default 0.6 misses «ивнов» for «Иванов»: 0.44). */
export const NAME_SIMILARITY = 0.4;

/** Sets the `<%` threshold for the rest of the transaction `db` runs in. */
export async function useNameSimilarity(db: Db) {
  await db.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY)}, true)`);
}

export async function searchSubsites(db: Db, s: NameSearch): Promise<SearchSubsiteRow[]> {
  const types = s.kind === 'users' ? sql`s.type = 'user'` : sql`s.type in ('community', 'company')`;
  const size = s.kind === 'users' ? sql`s.rating` : sql`s.subscribers_count`;
  const contains = `%${likeEscape(s.text)}%`;
  const starts = `${likeEscape(s.text)}%`;
  const order =
    s.order === 'date'
      ? sql`s.created_at desc, s.id desc`
      : s.order === 'popular'
        ? sql`${size} desc, s.id desc`
        : sql`(lower(s.name) = ${s.text}) desc, (lower(s.name) like ${starts}) desc,
              word_similarity(${s.text}, lower(s.name)) desc, ${size} desc, s.id desc`;
  return rows(
    db,
    SearchSubsiteRow,
    sql`
    select s.id, s.type, s.slug, s.name, s.description, s.avatar_url, s.avatar_color, s.subscribers_count
      from subsites s
     where ${types}
       and (lower(s.name) like ${contains} or ${s.text} <% lower(s.name))
       ${s.since ? sql`and s.created_at >= ${s.since.toISOString()}::timestamptz` : sql``}
     order by ${order}
     limit ${s.limit} offset ${s.offset}`,
  );
}

// ── The reader's marks, laid over a page computed for everyone ──────────────────────────────────────────────

const MarkRow = z.object({ id: col.int, my_vote: col.int, is_favorited: col.bool });
export type MarkRow = z.output<typeof MarkRow>;

/** The reader's vote and bookmark on each of these entries or comments: primary-key probes, one statement. */
export async function marksOf(
  db: Db,
  viewerId: number,
  type: 'content' | 'comment',
  ids: number[],
): Promise<MarkRow[]> {
  if (!ids.length) return [];
  const { myVote, favorited } = readerMarks(viewerId, type, sql.raw('t.id'));
  // Prepared: run by every signed-in search, with the ids as one array parameter.
  return preparedRowsOf(
    db,
    MarkRow,
    sql`select t.id, ${myVote}::int as my_vote, ${favorited} as is_favorited from unnest(${intArray(ids)}::int[]) t(id)`,
  );
}

/** Which of these subsites the reader is subscribed to. */
export async function subscribedAmong(db: Db, viewerId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const found = await preparedRowsOf(
    db,
    z.object({ id: col.int }),
    sql`select subsite_id as id from subscriptions where user_id = ${viewerId} and subsite_id = any(${intArray(ids)}::int[])`,
  );
  return new Set(found.map((r) => r.id));
}
