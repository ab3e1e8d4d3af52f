import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, IdRow, rows } from '../../db/rows.ts';

/**
 * Hotness (docs/modules/feed.md, Ranking): a Reddit-style score that never decays in place.
 *
 *   points  = likes_summ + COMMENT_WEIGHT × comments_count
 *   hotness = sign(points) × log10(1 + |points|) + (published_at − HOTNESS_EPOCH) / HOTNESS_DECAY_SECONDS
 *
 * Ten times the points buys HOTNESS_DECAY_SECONDS of freshness. Because age enters as the publication
 * time rather than "now − published", a score only changes when its entry's counters do: the feed is
 * an index scan over a stored column, and cursors stay valid while the reader scrolls.
 */
export const COMMENT_WEIGHT = 0.25;
export const HOTNESS_DECAY_SECONDS = 12 * 3600;
export const HOTNESS_EPOCH = '2025-01-01T00:00:00Z';

/** The formula over an `entries e` row; the only place it is written down in code. */
export const hotnessOf = sql`(
  sign(e.likes_summ + ${COMMENT_WEIGHT}::float8 * e.comments_count)
    * log(1 + abs(e.likes_summ + ${COMMENT_WEIGHT}::float8 * e.comments_count))
  + extract(epoch from (e.published_at - ${HOTNESS_EPOCH}::timestamptz))::float8 / ${HOTNESS_DECAY_SECONDS}
)::float8`;

const publishedSince = (since: Date | null) =>
  since ? sql`and e.published_at >= ${since.toISOString()}::timestamptz` : sql``;

/** The last id of the next batch of published entries after `after` (of `since` and later), or null when done. */
export async function hotnessBatchEnd(
  db: Db,
  after: number,
  since: Date | null,
  batch: number,
): Promise<number | null> {
  const range = await firstRow(
    db,
    z.object({ last: col.int.nullable() }),
    sql`
    select max(id) as last from (
      select e.id from entries e
       where e.is_published and not e.removed and e.id > ${after} ${publishedSince(since)}
       order by e.id limit ${batch}
    ) b`,
  );
  return range?.last ?? null;
}

/** Rewrites the score of published entries with ids in (after, last] whose score moved; how many did. */
export async function refreshHotnessBetween(db: Db, after: number, last: number, since: Date | null): Promise<number> {
  const updated = await rows(
    db,
    IdRow,
    sql`
    update entries e set hotness = ${hotnessOf}
     where e.id > ${after} and e.id <= ${last} and e.is_published and not e.removed
       ${publishedSince(since)}
       and e.hotness is distinct from ${hotnessOf}
    returning e.id`,
  );
  return updated.length;
}

export async function refreshHotnessOf(db: Db, entryId: number) {
  await db.execute(
    sql`update entries e set hotness = ${hotnessOf} where e.id = ${entryId} and e.published_at is not null`,
  );
}
