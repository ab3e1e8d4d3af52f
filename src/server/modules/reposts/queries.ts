import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import { reposts } from '../../db/schema.ts';
import { cardSelect, EntryCardRow } from '../entries/index.ts';

/** What the repost rules look at of the original: published and kept, its subsite private or not, its author. */
const OriginalRow = z.object({
  id: col.int,
  author_id: col.int,
  title: col.text,
  is_private: col.bool,
  reposts_count: col.int,
});
export type OriginalRow = z.output<typeof OriginalRow>;

export const original = (db: Db, entryId: number) =>
  firstRow(
    db,
    OriginalRow,
    sql`select e.id, e.author_id, e.title, s.is_private, e.reposts_count
          from entries e join subsites s on s.id = e.subsite_id
         where e.id = ${entryId} and e.is_published and not e.removed`,
  );

/** Stores the repost; null when the entry is already reposted into this subsite. */
export async function insert(
  db: Db,
  r: { entryId: number; subsiteId: number; userId: number; comment: string; now: Date },
): Promise<number | null> {
  const [row] = await db
    .insert(reposts)
    .values({ entryId: r.entryId, subsiteId: r.subsiteId, userId: r.userId, comment: r.comment, createdAt: r.now })
    .onConflictDoNothing()
    .returning({ id: reposts.id });
  return row?.id ?? null;
}

export async function find(db: Db, id: number) {
  const [row] = await db.select().from(reposts).where(eq(reposts.id, id)).limit(1);
  return row;
}

export async function remove(db: Db, id: number) {
  await db.delete(reposts).where(eq(reposts.id, id));
}

/** The subsites the person manages (their blog, communities they own or administer) and the repost of the entry there. */
const TargetRow = z.object({
  id: col.int,
  type: z.enum(['user', 'community', 'company']),
  name: col.text,
  slug: col.text,
  avatar_url: col.text.nullable(),
  avatar_color: col.text,
  repost_id: col.int.nullable(),
});
export type TargetRow = z.output<typeof TargetRow>;

export const targets = (db: Db, userId: number, entryId: number, managerRoles: readonly string[]) =>
  rows(
    db,
    TargetRow,
    sql`select s.id, s.type, s.name, s.slug, s.avatar_url, s.avatar_color, r.id as repost_id
          from subsite_roles sr
          join subsites s on s.id = sr.subsite_id
          left join reposts r on r.subsite_id = s.id and r.entry_id = ${entryId}
         where sr.user_id = ${userId} and sr.role in (${sql.join(
           managerRoles.map((role) => sql`${role}`),
           sql`, `,
         )})
         order by s.type <> 'user', s.name, s.id
         limit 100`,
  );

/** A repost with the original's card: who reposted, into which subsite, when, and the comment. */
export const RepostCardRow = EntryCardRow.extend({
  repost_id: col.int,
  repost_comment: col.text,
  repost_date: col.date,
  by_id: col.int,
  by_name: col.text,
  by_slug: col.text,
  by_avatar: col.text.nullable(),
  by_color: col.text,
  by_plus: col.bool,
  into_id: col.int,
  into_type: z.enum(['user', 'community', 'company']),
  into_name: col.text,
  into_slug: col.text,
  into_avatar: col.text.nullable(),
  into_color: col.text,
});
export type RepostCardRow = z.output<typeof RepostCardRow>;

const repostColumns = sql`,
  r.id as repost_id, r.comment as repost_comment, r.created_at as repost_date,
  rb.id as by_id, rb.name as by_name, rb.slug as by_slug, rb.avatar_url as by_avatar, rb.avatar_color as by_color,
  exists (select 1 from users bu where bu.id = rb.id and bu.is_paid) as by_plus,
  ri.id as into_id, ri.type as into_type, ri.name as into_name, ri.slug as into_slug, ri.avatar_url as into_avatar,
  ri.avatar_color as into_color`;

/** The reader's own filters: entries they hid, and subsites or people they muted (the original's or the reposter's). */
const readerFilter = (viewerId: number | null) =>
  viewerId === null
    ? sql``
    : sql`and not exists (select 1 from entry_hides h where h.user_id = ${viewerId} and h.entry_id = e.id)
          and not exists (select 1 from subsite_mutes m where m.user_id = ${viewerId}
                           and m.subsite_id in (e.subsite_id, e.author_id, r.user_id))`;

/**
 * Reposts into these subsites, newest first, from before `before` (a repost id: the keyset), with the originals still
 * published and not in a private community (a repost made before it closed shows nothing of it), less what the reader
 * hid or muted.
 */
export const cardsInto = (
  db: Db,
  viewerId: number | null,
  subsiteIds: number[],
  before: number | null,
  limit: number,
) =>
  subsiteIds.length === 0
    ? Promise.resolve([])
    : rows(
        db,
        RepostCardRow,
        sql`${cardSelect(viewerId, repostColumns)}
          join reposts r on r.entry_id = e.id
          join subsites rb on rb.id = r.user_id
          join subsites ri on ri.id = r.subsite_id
         where r.subsite_id in (${sql.join(
           subsiteIds.map((id) => sql`${id}`),
           sql`, `,
         )}) and e.is_published and not e.removed and not s.is_private ${before === null ? sql`` : sql`and r.id < ${before}`}
           ${readerFilter(viewerId)}
         order by r.id desc
         limit ${limit}`,
      );

/** The subsites a reader follows (their subscriptions): whose reposts their feed shows. */
export const subscribedIds = async (db: Db, userId: number) =>
  (
    await rows(
      db,
      z.object({ id: col.int }),
      sql`select subsite_id as id from subscriptions where user_id = ${userId} limit 1000`,
    )
  ).map((r) => r.id);

/** Who reposted an entry and where: the newest first; the repost rows of private communities left out. */
const WhoRow = z.object({
  id: col.int,
  date: col.date,
  by_id: col.int,
  by_name: col.text,
  by_slug: col.text,
  into_id: col.int,
  into_type: z.enum(['user', 'community', 'company']),
  into_name: col.text,
  into_slug: col.text,
});
export type WhoRow = z.output<typeof WhoRow>;

export const whoReposted = (db: Db, entryId: number, limit: number) =>
  rows(
    db,
    WhoRow,
    sql`select r.id, r.created_at as date, rb.id as by_id, rb.name as by_name, rb.slug as by_slug,
               ri.id as into_id, ri.type as into_type, ri.name as into_name, ri.slug as into_slug
          from reposts r
          join subsites rb on rb.id = r.user_id
          join subsites ri on ri.id = r.subsite_id
         where r.entry_id = ${entryId} and not ri.is_private
         order by r.id desc
         limit ${limit}`,
  );
