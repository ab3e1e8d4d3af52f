import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, IdRow, intArray, preparedRowsOf, rows } from '../../db/rows.ts';
import { entryHides } from '../../db/schema.ts';
import { readerMarks } from '../../db/reader-marks.ts';
import type { FeedSorting } from '../../../shared/feed.ts';
import { cardSelect, EntryCardRow } from '../entries/index.ts';

/**
 * The main feed leaves out entries voted down to this summ or lower; they stay in /all and their subsite.
 */
export const MAIN_FEED_MIN_SUMM = -5;

const DAY_MS = 86400_000;
export const TOP_PERIOD_DAYS: Record<Exclude<FeedSorting, 'hotness' | 'date' | 'all'>, number> = {
  day: 1,
  week: 7,
  month: 30,
  year: 365,
};

/** Which entries a feed holds, before the reader's own filters. */
export type FeedSource =
  | { kind: 'main' | 'all' }
  | { kind: 'my'; userId: number }
  | { kind: 'subsite'; subsiteId: number; isUser: boolean }
  /** Entries whose text carries the hashtag (normalized, src/shared/hashtags.ts). */
  | { kind: 'tag'; tag: string };

export interface FeedQuery {
  source: FeedSource;
  sorting: FeedSorting;
  viewerId: number | null;
  now: Date;
  /** Keyset cursor: the last card's id and its sorting value. */
  after: { id: number; value: number } | null;
  excludeIds: number[];
  /** Private communities this reader may not read (subsites `closedTo`): their entries are left out. */
  closed: number[];
  limit: number;
}

/**
 * Leaves out the entries of the private communities in `closed`; nothing when there are none (the usual case), so
 * the prepared statements keep their plans.
 */
export const closedFilter = (closed: readonly number[]): SQL =>
  closed.length ? sql`and e.subsite_id <> all(${intArray(closed)}::int[])` : sql``;

/** A feed position: the entry, its sorting value, and the reader's own vote and bookmark on it. */
const FeedRow = z.object({ id: col.int, sort_value: col.float, my_vote: col.int, is_favorited: col.bool });
export type FeedRow = z.output<typeof FeedRow>;

/**
 * Per sorting: the ORDER BY column (an indexed one, so a page is an index range scan), the value the
 * cursor carries and the keyset condition. Dates travel as integer microseconds since the epoch, so a
 * cursor is exact however precise the stored timestamp is.
 */
function ordering(sorting: FeedSorting, after: FeedQuery['after']) {
  if (sorting === 'hotness') {
    return {
      column: sql`e.hotness`,
      value: sql`e.hotness`,
      after: after && sql`(e.hotness, e.id) < (${after.value}::float8, ${after.id})`,
    };
  }
  if (sorting === 'date') {
    return {
      column: sql`e.published_at`,
      value: sql`(extract(epoch from e.published_at) * 1000000)::float8`,
      after:
        after &&
        sql`(e.published_at, e.id) < (timestamptz 'epoch' + ${after.value}::bigint * interval '1 microsecond', ${after.id})`,
    };
  }
  return {
    column: sql`e.likes_summ`,
    value: sql`e.likes_summ::float8`,
    after: after && sql`(e.likes_summ, e.id) < (${after.value}::int, ${after.id})`,
  };
}

function sourceFilter(source: FeedSource): SQL {
  switch (source.kind) {
    // A literal, not a parameter: with an unknown bound PostgreSQL would never settle on a generic plan (prepared.ts).
    case 'main':
      return sql`and not e.is_hidden_from_main and e.likes_summ > ${sql.raw(String(MAIN_FEED_MIN_SUMM))}`;
    case 'all':
      return sql`and not e.is_hidden_from_main`;
    // A subscription to a person's blog follows what they write anywhere.
    case 'my':
      return sql`and (e.subsite_id in (select x.subsite_id from subscriptions x where x.user_id = ${source.userId})
                           or e.author_id in (select x.subsite_id from subscriptions x where x.user_id = ${source.userId}))`;
    case 'subsite':
      return source.isUser ? sql`and e.author_id = ${source.subsiteId}` : sql`and e.subsite_id = ${source.subsiteId}`;
    case 'tag':
      return sql`and exists (select 1 from entry_hashtags t where t.entry_id = e.id and t.tag = ${source.tag})`;
  }
}

/**
 * The reader's own filters: entries hidden for Plus readers, hidden entries, muted subsites and ignored authors (a muted blog id), muted hashtags.
 * On a subsite's own page its mute is lifted, and on a tag's page the tags' mutes: the reader went there on purpose.
 */
function readerFilter(viewerId: number | null, source: FeedSource): SQL {
  if (!viewerId) return sql``;
  const open = source.kind === 'subsite' ? sql`and m.subsite_id <> ${source.subsiteId}` : sql``;
  const tags =
    source.kind === 'tag'
      ? sql``
      : sql`
    and not exists (select 1 from entry_hashtags t join hashtag_mutes hm on hm.tag = t.tag
                     where t.entry_id = e.id and hm.user_id = ${viewerId})`;
  // Entries staff marked `is_hidden_for_plus` (partner material) stay out of a Plus reader's feeds.
  return sql`
    and not (e.is_hidden_for_plus and exists (select 1 from users pu where pu.id = ${viewerId} and pu.is_paid))
    and not exists (select 1 from entry_hides h where h.user_id = ${viewerId} and h.entry_id = e.id)
    and not exists (select 1 from subsite_mutes m where m.user_id = ${viewerId} and m.subsite_id in (e.subsite_id, e.author_id) ${open})${tags}`;
}

function periodFilter(sorting: FeedSorting, now: Date): SQL {
  if (sorting === 'hotness' || sorting === 'date' || sorting === 'all') return sql``;
  const since = new Date(now.getTime() - TOP_PERIOD_DAYS[sorting] * DAY_MS);
  return sql`and e.published_at >= ${since.toISOString()}::timestamptz`;
}

/**
 * One page of a feed as positions (limit rows; ask for one more to learn whether the feed goes on): ids and the
 * reader's marks, read by index in the same statement; the cards themselves come from `cardsByIds`.
 */
export async function feedPage(db: Db, f: FeedQuery): Promise<FeedRow[]> {
  const o = ordering(f.sorting, f.after);
  const exclude = f.excludeIds.length ? sql`and e.id <> all(${intArray(f.excludeIds)}::int[])` : sql``;
  const { myVote, favorited } = readerMarks(f.viewerId, 'content', sql.raw('e.id'));
  return preparedRowsOf(
    db,
    FeedRow,
    sql`select e.id, ${o.value} as sort_value, ${myVote}::int as my_vote, ${favorited} as is_favorited
      from entries e
     where e.is_published and not e.removed
       ${sourceFilter(f.source)}
       ${periodFilter(f.sorting, f.now)}
       ${o.after ? sql`and ${o.after}` : sql``}
       ${exclude}
       ${closedFilter(f.closed)}
       ${readerFilter(f.viewerId, f.source)}
     order by ${o.column} desc, e.id desc
     limit ${sql.raw(String(Math.trunc(f.limit)))}`,
  );
}

/** A position of a shared ordering with what the reader's filters look at (`readerSees` in service.ts). */
const WindowRow = z.object({
  id: col.int,
  sort_value: col.float,
  subsite_id: col.int,
  author_id: col.int,
  is_hidden_for_plus: col.bool,
  tags: z.array(col.text),
});
export type WindowRow = z.output<typeof WindowRow>;

/**
 * The first `limit` positions of the main feed, of `/all`, or of every entry (what `/my` picks from), before any
 * reader's filters: what signed-in readers' first pages are picked from in memory.
 */
export async function feedWindow(
  db: Db,
  kind: 'main' | 'all' | 'my',
  sorting: 'hotness' | 'date',
  limit: number,
): Promise<WindowRow[]> {
  const o = ordering(sorting, null);
  return preparedRowsOf(
    db,
    WindowRow,
    sql`select e.id, ${o.value} as sort_value, e.subsite_id, e.author_id, e.is_hidden_for_plus,
           array(select t.tag from entry_hashtags t where t.entry_id = e.id) as tags
      from entries e
     where e.is_published and not e.removed ${kind === 'my' ? sql`` : sourceFilter({ kind })}
     order by ${o.column} desc, e.id desc
     limit ${sql.raw(String(Math.trunc(limit)))}`,
  );
}

const ids = z.array(col.int);
/** The reader's votes (ids and signs) and bookmarks among some entries. */
const MarksRow = z.object({ voted: ids, signs: ids, favorited: ids });
export type ReaderMarks = z.output<typeof MarksRow>;

const marksColumns = (userId: number, entryIds: number[]) => {
  const among = sql`any(${intArray(entryIds)}::int[])`;
  return sql`
    array(select l.target_id from likes l where l.target_type = 'content' and l.target_id = ${among} and l.user_id = ${userId} order by l.target_id) as voted,
    array(select l.sign from likes l where l.target_type = 'content' and l.target_id = ${among} and l.user_id = ${userId} order by l.target_id) as signs,
    array(select f.target_id from favorites f where f.user_id = ${userId} and f.target_type = 'content' and f.target_id = ${among}) as favorited`;
};

/** The reader's marks among these entries, by primary key. */
export async function readerMarksAmong(db: Db, userId: number, entryIds: number[]): Promise<ReaderMarks> {
  const [row] = await preparedRowsOf(db, MarksRow, sql`select ${marksColumns(userId, entryIds)}`);
  return row;
}

/** What the reader's feeds leave out or keep (`readerFilter` above, as data), and their marks among some entries. */
const ReaderStateRow = MarksRow.extend({
  subscriptions: ids,
  roles: ids,
  muted: ids,
  muted_tags: z.array(col.text),
  hidden: ids,
});
export type ReaderStateRow = z.output<typeof ReaderStateRow>;

/**
 * The reader's subscriptions, roles, mutes, hashtag mutes and hidden entries, and their marks among `entryIds`: one
 * statement.
 */
export async function readerState(db: Db, userId: number, entryIds: number[]): Promise<ReaderStateRow> {
  const [row] = await preparedRowsOf(
    db,
    ReaderStateRow,
    sql`select
      array(select x.subsite_id from subscriptions x where x.user_id = ${userId}) as subscriptions,
      array(select r.subsite_id from subsite_roles r where r.user_id = ${userId}) as roles,
      array(select m.subsite_id from subsite_mutes m where m.user_id = ${userId}) as muted,
      array(select hm.tag from hashtag_mutes hm where hm.user_id = ${userId}) as muted_tags,
      array(select h.entry_id from entry_hides h where h.user_id = ${userId}) as hidden,
      ${marksColumns(userId, entryIds)}`,
  );
  return row;
}

/** The cards of these entries as anyone sees them (no reader marks), in no particular order. */
export async function cardsByIds(db: Db, ids: number[]): Promise<EntryCardRow[]> {
  if (!ids.length) return [];
  return preparedRowsOf(
    db,
    EntryCardRow,
    sql`${cardSelect(null)} where e.id = any(${intArray(ids)}::int[]) and e.is_published and not e.removed`,
  );
}

const CountRow = z.object({ n: col.int });

/** Entries of the main feed published after `since`, capped: what the /new badge shows. */
export async function recentCount(
  db: Db,
  viewerId: number | null,
  closed: number[],
  since: Date,
  cap: number,
): Promise<number> {
  const source: FeedSource = { kind: 'main' };
  const [row] = await preparedRowsOf(
    db,
    CountRow,
    sql`
    select count(*)::int as n from (
      select 1 from entries e
       where e.is_published and not e.removed and e.published_at > ${since.toISOString()}::timestamptz
         ${sourceFilter(source)} ${closedFilter(closed)} ${readerFilter(viewerId, source)}
       limit ${sql.raw(String(Math.trunc(cap)))}) x`,
  );
  return row?.n ?? 0;
}

export async function entryExists(db: Db, id: number, published: boolean): Promise<boolean> {
  return (
    (await firstRow(
      db,
      IdRow,
      sql`select id from entries where id = ${id} ${published ? sql`and is_published and not removed` : sql``}`,
    )) !== undefined
  );
}

export async function hide(db: Db, userId: number, entryId: number) {
  await db.insert(entryHides).values({ userId, entryId }).onConflictDoNothing();
}

export async function unhide(db: Db, userId: number, entryId: number) {
  await db.execute(sql`delete from entry_hides where user_id = ${userId} and entry_id = ${entryId}`);
}

/**
 * The blog widget's page (feed/widget.ts): a blog's published entries outside private communities, by id newest
 * first, below `beforeId` when given; `limit` rows (ask one more to learn whether the blog goes on).
 */
export async function widgetEntries(
  db: Db,
  source: Extract<FeedSource, { kind: 'subsite' }>,
  beforeId: number | null,
  limit: number,
): Promise<EntryCardRow[]> {
  const before = beforeId === null ? sql`` : sql`and e.id < ${beforeId}`;
  return rows(
    db,
    EntryCardRow,
    sql`${cardSelect(null)}
     where e.is_published and not e.removed and not s.is_private ${sourceFilter(source)} ${before}
     order by e.id desc
     limit ${limit}`,
  );
}

/** Newest entries approved for public RSS: of the main feed, or of one subsite; never a private community's. */
export async function rssEntries(db: Db, source: FeedSource, limit: number): Promise<EntryCardRow[]> {
  return rows(
    db,
    EntryCardRow,
    sql`${cardSelect(null)}
     where e.is_published and not e.removed and e.is_approved_for_public_rss and not s.is_private ${sourceFilter(source)}
     order by e.published_at desc, e.id desc
     limit ${limit}`,
  );
}

const ModifiedRow = z.object({ modified: col.date.nullable() });

/** When the given entries last changed (an edit or their publication): a feed's Last-Modified; null for none. */
export async function entriesModified(db: Db, ids: number[]): Promise<Date | null> {
  if (!ids.length) return null;
  const row = await firstRow(
    db,
    ModifiedRow,
    sql`
    select max(greatest(e.updated_at, e.published_at)) as modified
      from entries e
     where e.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`,
  );
  return row?.modified ?? null;
}

const SitemapRow = z.object({
  kind: z.enum(['entry', 'subsite']),
  id: col.int,
  slug: col.text,
  subsite_id: col.int,
  subsite_type: col.text,
  subsite_slug: col.text,
  modified: col.date,
});
export type SitemapRow = z.output<typeof SitemapRow>;

/**
 * Subsites (communities first, then blogs with entries) and the newest entries, up to `limit` rows in all; a private
 * community's entries are not listed (its page is: a stub).
 */
export async function sitemapRows(db: Db, subsiteLimit: number, limit: number): Promise<SitemapRow[]> {
  const subsites = await rows(
    db,
    SitemapRow,
    sql`
    select 'subsite' as kind, s.id, s.slug, s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug, s.created_at as modified
      from subsites s
     where s.type <> 'user' or exists (select 1 from entries e join subsites es on es.id = e.subsite_id
                                        where e.author_id = s.id and e.is_published and not e.removed and not es.is_private)
     order by s.type = 'user', s.subscribers_count desc, s.id
     limit ${subsiteLimit}`,
  );
  const entries = await rows(
    db,
    SitemapRow,
    sql`
    select 'entry' as kind, e.id, e.slug, s.id as subsite_id, s.type as subsite_type, s.slug as subsite_slug, e.updated_at as modified
      from entries e join subsites s on s.id = e.subsite_id
     where e.is_published and not e.removed and not s.is_private
     order by e.published_at desc, e.id desc
     limit ${limit - subsites.length}`,
  );
  return [...subsites, ...entries];
}
