import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, IdRow, intArray, rows, ts } from '../../db/rows.ts';

/** The reads (and review holds) behind the guards: bans, locks, closed editing, holds, pins, the blocklist. */

/** A person as moderation sees them: role, ban, blog name and address. */
export const PersonRow = z.object({
  id: col.int,
  name: col.text,
  slug: col.text,
  email: col.text,
  role: z.enum(['user', 'moderator', 'admin', 'superuser']),
  avatar_url: col.text.nullable(),
  avatar_color: col.text,
  banned_until: col.date.nullable(),
  created_at: col.date,
  rating: col.int,
});

export type PersonRow = z.output<typeof PersonRow>;

export const personCols = sql`u.id, s.name, s.slug, u.email, u.role, s.avatar_url, s.avatar_color, u.banned_until,
  u.created_at, s.rating`;

export async function findPerson(db: Db, id: number): Promise<PersonRow | undefined> {
  return firstRow(
    db,
    PersonRow,
    sql`select ${personCols} from users u join subsites s on s.id = u.id where u.id = ${id}`,
  );
}

export const BanRow = z.object({
  id: col.int,
  user_id: col.int,
  user_name: col.text,
  user_slug: col.text,
  subsite_id: col.int.nullable(),
  subsite_name: col.text.nullable(),
  subsite_slug: col.text.nullable(),
  subsite_type: col.text.nullable(),
  by_id: col.int,
  by_name: col.text.nullable(),
  reason: col.text,
  days: col.int.nullable(),
  until: col.date.nullable(),
  remove_all_data: col.bool,
  removed_entry_ids: z.array(z.number().int()),
  removed_comment_ids: z.array(z.number().int()),
  restorable_until: col.date.nullable(),
  created_at: col.date,
  ended_at: col.date.nullable(),
  lifted_by: col.int.nullable(),
  lifted_by_name: col.text.nullable(),
});

export type BanRow = z.output<typeof BanRow>;

export const banSelect = sql`select b.id, b.user_id, us.name as user_name, us.slug as user_slug,
    b.subsite_id, ss.name as subsite_name, ss.slug as subsite_slug, ss.type as subsite_type,
    b.by_id, bs.name as by_name, b.reason, b.days, b.until, b.remove_all_data,
    b.removed_entry_ids, b.removed_comment_ids, b.restorable_until, b.created_at, b.ended_at,
    b.lifted_by, ls.name as lifted_by_name
  from bans b
  join subsites us on us.id = b.user_id
  left join subsites ss on ss.id = b.subsite_id
  left join subsites bs on bs.id = b.by_id
  left join subsites ls on ls.id = b.lifted_by`;

/** A ban holds while it has not ended and its date has not passed (the expiry job closes it later). */
export const holds = (now: Date) => sql`b.ended_at is null and (b.until is null or b.until > ${ts(now)})`;

export const scope = (subsiteId: number | null) =>
  subsiteId === null ? sql`b.subsite_id is null` : sql`b.subsite_id = ${subsiteId}`;

export async function activeBan(
  db: Db,
  userId: number,
  subsiteId: number | null,
  now: Date,
): Promise<BanRow | undefined> {
  return firstRow(
    db,
    BanRow,
    sql`${banSelect} where b.user_id = ${userId} and ${scope(subsiteId)} and ${holds(now)} order by b.id desc limit 1`,
  );
}

/** Of these people, those a ban holds for now: site-wide, or in `subsiteId` when given. */
export async function bannedAmong(db: Db, userIds: number[], subsiteId: number | null, now: Date) {
  const inSubsite = subsiteId === null ? sql`` : sql`or b.subsite_id = ${subsiteId}`;
  return rows(
    db,
    IdRow,
    sql`select distinct b.user_id as id from bans b
         where b.user_id = any(${intArray(userIds)}::int[]) and (b.subsite_id is null ${inSubsite}) and ${holds(now)}`,
  );
}

/** What moderation, complaints and the statistics ask of an entry before acting on it. */
const EntryFacts = z.object({
  id: col.int,
  author_id: col.int,
  subsite_id: col.int,
  title: col.text,
  published_at: col.date.nullable(),
  is_published: col.bool,
  removed: col.bool,
  is_nsfw: col.bool,
  is_hidden_from_main: col.bool,
  locked: col.bool,
});

export type EntryFacts = z.output<typeof EntryFacts>;

export async function entryFacts(db: Db, id: number): Promise<EntryFacts | undefined> {
  return firstRow(
    db,
    EntryFacts,
    sql`select e.id, e.author_id, e.subsite_id, e.title, e.published_at, e.is_published, e.removed, e.is_nsfw,
          e.is_hidden_from_main,
          exists (select 1 from entry_locks l where l.entry_id = e.id) as locked
        from entries e where e.id = ${id}`,
  );
}

export async function findLock(db: Db, entryId: number) {
  return firstRow(
    db,
    z.object({ entry_id: col.int, by_id: col.int, reason: col.text }),
    sql`select entry_id, by_id, reason from entry_locks where entry_id = ${entryId}`,
  );
}

/** The entry pinned to a feed (0: the main feed), if any. */
export async function feedPin(db: Db, feedId: number): Promise<number | null> {
  const row = await firstRow(
    db,
    z.object({ entry_id: col.int }),
    sql`select entry_id from feed_pins where feed_id = ${feedId}`,
  );
  return row?.entry_id ?? null;
}

export async function editingClosedBy(db: Db, entryId: number): Promise<number | null> {
  const row = await firstRow(
    db,
    z.object({ by_id: col.int }),
    sql`select by_id from entry_editing_closed where entry_id = ${entryId}`,
  );
  return row?.by_id ?? null;
}

export async function holdEntry(db: Db, entryId: number, subsiteId: number, reason: string, now: Date) {
  await db.execute(
    sql`insert into entry_reviews (entry_id, subsite_id, reason, created_at)
        values (${entryId}, ${subsiteId}, ${reason}, ${ts(now)})
        on conflict (entry_id) do update set subsite_id = excluded.subsite_id, reason = excluded.reason`,
  );
}

export async function forgetRejection(db: Db, entryId: number) {
  await db.execute(sql`delete from entry_rejections where entry_id = ${entryId}`);
}

export async function takeReview(db: Db, entryId: number) {
  return firstRow(
    db,
    z.object({ entry_id: col.int, subsite_id: col.int, reason: col.text }),
    sql`delete from entry_reviews where entry_id = ${entryId} returning entry_id, subsite_id, reason`,
  );
}

/** Who of `ids` has blocklisted `userId`. */
export async function blockedBy(db: Db, userId: number, ids: number[]) {
  if (!ids.length) return [];
  return rows(
    db,
    z.object({ id: col.int, name: col.text }),
    sql`select m.user_id as id, s.name from subsite_mutes m join subsites s on s.id = m.user_id
         where m.subsite_id = ${userId} and m.user_id = any(${intArray(ids)}::int[])`,
  );
}

/** A rejected entry keeps the reason for its author (one row an entry: a later rejection replaces it). */
export async function rejectEntry(db: Db, entryId: number, subsiteId: number, reason: string, now: Date) {
  await db.execute(
    sql`insert into entry_rejections (entry_id, subsite_id, reason, created_at)
        values (${entryId}, ${subsiteId}, ${reason}, ${ts(now)})
        on conflict (entry_id) do update
          set subsite_id = excluded.subsite_id, reason = excluded.reason, created_at = excluded.created_at`,
  );
}
