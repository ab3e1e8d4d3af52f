import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, IdRow, rows, ts } from '../../db/rows.ts';
import { subsiteRoles, subsites } from '../../db/schema.ts';
import { queries as r } from '../restrictions/index.ts';

const { banSelect, BanRow, holds, personCols, PersonRow } = r;
export const {
  activeBan,
  bannedAmong,
  blockedBy,
  editingClosedBy,
  entryFacts,
  feedPin,
  findLock,
  findPerson,
  forgetRejection,
  holdEntry,
  takeReview,
} = r;
export type BanRow = z.output<typeof BanRow>;
export type PersonRow = z.output<typeof PersonRow>;
export type { EntryFacts } from '../restrictions/index.ts';

export * from './audit-queries.ts';

const ids = (list: number[]) => sql`${JSON.stringify(list)}::jsonb`;

/** Staff search: by number, by the start of the address, or by a part of the name. */
export async function searchPeople(db: Db, query: string, limit: number): Promise<PersonRow[]> {
  const asId = /^\d{1,9}$/.test(query) ? Number(query) : 0;
  const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows(
    db,
    PersonRow,
    sql`select ${personCols} from users u join subsites s on s.id = u.id
         where u.id = ${asId} or lower(u.email) like lower(${like}) or s.name ilike ${like}
         order by (u.id = ${asId}) desc, u.id desc limit ${limit}`,
  );
}

const subsiteType = z.enum(subsites.type.enumValues);
const SubsiteRole = z.enum(subsiteRoles.role.enumValues);

const SubsiteRow = z.object({ id: col.int, name: col.text, slug: col.text, type: subsiteType });
export type SubsiteRow = z.output<typeof SubsiteRow>;

export async function findSubsite(db: Db, id: number): Promise<SubsiteRow | undefined> {
  return firstRow(db, SubsiteRow, sql`select id, name, slug, type from subsites where id = ${id}`);
}

/** The person's role in a subsite (owner, admin, moderator, editor, author), or none. */
export async function subsiteRole(
  db: Db,
  subsiteId: number,
  userId: number,
): Promise<z.output<typeof SubsiteRole> | null> {
  const row = await firstRow(
    db,
    z.object({ role: SubsiteRole }),
    sql`select role from subsite_roles where subsite_id = ${subsiteId} and user_id = ${userId}`,
  );
  return row?.role ?? null;
}

export async function subsiteRolesOf(db: Db, userId: number) {
  return rows(
    db,
    z.object({ subsite_id: col.int, name: col.text, slug: col.text, type: subsiteType, role: SubsiteRole }),
    sql`select r.subsite_id, s.name, s.slug, s.type, r.role from subsite_roles r join subsites s on s.id = r.subsite_id
         where r.user_id = ${userId} order by r.subsite_id`,
  );
}

// ---- bans ----

export async function findBan(db: Db, id: number): Promise<BanRow | undefined> {
  return firstRow(db, BanRow, sql`${banSelect} where b.id = ${id}`);
}

export async function bansOf(db: Db, userId: number, limit: number): Promise<BanRow[]> {
  return rows(db, BanRow, sql`${banSelect} where b.user_id = ${userId} order by b.id desc limit ${limit}`);
}

/** The bans holding now, newest first, in pages by id. */
export async function activeBans(db: Db, now: Date, lastId: number | null, limit: number): Promise<BanRow[]> {
  return rows(
    db,
    BanRow,
    sql`${banSelect} where ${holds(now)} ${lastId ? sql`and b.id < ${lastId}` : sql``} order by b.id desc limit ${limit}`,
  );
}

export interface NewBan {
  userId: number;
  subsiteId: number | null;
  byId: number;
  reason: string;
  days: number | null;
  until: Date | null;
  removeAllData: boolean;
  removedEntryIds: number[];
  removedCommentIds: number[];
  restorableUntil: Date | null;
  now: Date;
}

export async function insertBan(db: Db, b: NewBan): Promise<number> {
  const [row] = await rows(
    db,
    IdRow,
    sql`insert into bans (user_id, subsite_id, by_id, reason, days, until, remove_all_data, removed_entry_ids,
          removed_comment_ids, restorable_until, created_at)
        values (${b.userId}, ${b.subsiteId}, ${b.byId}, ${b.reason}, ${b.days}, ${b.until ? ts(b.until) : null},
          ${b.removeAllData}, ${ids(b.removedEntryIds)}, ${ids(b.removedCommentIds)},
          ${b.restorableUntil ? ts(b.restorableUntil) : null}, ${ts(b.now)})
        returning id`,
  );
  return row.id;
}

/** Ends a ban (lifted by a person, or replaced by a new one); answers whether it was still open. */
export async function endBan(db: Db, id: number, liftedBy: number | null, now: Date): Promise<boolean> {
  const r = await rows(
    db,
    IdRow,
    sql`update bans set ended_at = ${ts(now)}, lifted_by = ${liftedBy} where id = ${id} and ended_at is null returning id`,
  );
  return r.length > 0;
}

/** The ids 'remove all data' took, given back once (an unban restores them, so a second unban finds none). */
export async function takeRestorable(db: Db, id: number) {
  await db.execute(sql`update bans set removed_entry_ids = '[]', removed_comment_ids = '[]' where id = ${id}`);
}

/** The expiry job: bans whose date passed are closed at that date; answers them for the audit log. */
export async function expireBans(db: Db, now: Date) {
  return rows(
    db,
    z.object({ id: col.int, user_id: col.int, subsite_id: col.int.nullable() }),
    sql`update bans set ended_at = until where ended_at is null and until is not null and until <= ${ts(now)}
        returning id, user_id, subsite_id`,
  );
}

/** After the keeping period what 'remove all data' took stays removed for good: the lists are dropped. */
export async function dropOldRestorable(db: Db, now: Date) {
  await db.execute(
    sql`update bans set removed_entry_ids = '[]', removed_comment_ids = '[]'
         where restorable_until <= ${ts(now)} and (removed_entry_ids <> '[]' or removed_comment_ids <> '[]')`,
  );
}

// ---- entry actions ----

export async function lockEntry(
  db: Db,
  entryId: number,
  byId: number,
  reason: string,
  reasonId: number | null,
  now: Date,
) {
  await db.execute(
    sql`insert into entry_locks (entry_id, by_id, reason, reason_id, created_at)
        values (${entryId}, ${byId}, ${reason}, ${reasonId}, ${ts(now)})
        on conflict (entry_id) do update set by_id = excluded.by_id, reason = excluded.reason,
          reason_id = excluded.reason_id, created_at = excluded.created_at`,
  );
}

export async function unlockEntry(db: Db, entryId: number): Promise<boolean> {
  return (
    (
      await rows(
        db,
        z.object({ entry_id: col.int }),
        sql`delete from entry_locks where entry_id = ${entryId} returning entry_id`,
      )
    ).length > 0
  );
}

// ---- comment pins ----

const CommentFacts = z.object({
  id: col.int,
  entry_id: col.int,
  reply_to: col.int.nullable(),
  removed: col.bool,
  author_id: col.int,
  subsite_id: col.int,
  entry_removed: col.bool,
  pinned: col.bool,
});
export type CommentFacts = z.output<typeof CommentFacts>;

export async function commentFacts(db: Db, id: number): Promise<CommentFacts | undefined> {
  return firstRow(
    db,
    CommentFacts,
    sql`select c.id, c.entry_id, c.reply_to, c.removed, c.author_id, e.subsite_id, e.removed as entry_removed,
          exists (select 1 from comment_pins p where p.comment_id = c.id) as pinned
        from comments c join entries e on e.id = c.entry_id where c.id = ${id}`,
  );
}

/** Pins a comment, replacing the entry's previous pin; answers the comment it replaced, if any. */
export async function pinComment(db: Db, entryId: number, commentId: number, byId: number, now: Date) {
  const old = await firstRow(
    db,
    z.object({ comment_id: col.int }),
    sql`delete from comment_pins where entry_id = ${entryId} returning comment_id`,
  );
  await db.execute(
    sql`insert into comment_pins (entry_id, comment_id, by_id, created_at) values (${entryId}, ${commentId}, ${byId}, ${ts(now)})`,
  );
  return old?.comment_id ?? null;
}

export async function unpinComment(db: Db, commentId: number): Promise<boolean> {
  const r = await rows(
    db,
    IdRow,
    sql`delete from comment_pins where comment_id = ${commentId} returning comment_id as id`,
  );
  return r.length > 0;
}

// ---- feed pins ----

/** Pins an entry to a feed, replacing the one pinned there; the replaced entry's id. */
export async function pinToFeed(db: Db, feedId: number, entryId: number, byId: number, now: Date) {
  const before = await feedPin(db, feedId);
  await db.execute(
    sql`insert into feed_pins (feed_id, entry_id, by_id, created_at) values (${feedId}, ${entryId}, ${byId}, ${ts(now)})
        on conflict (feed_id) do update set entry_id = excluded.entry_id, by_id = excluded.by_id,
          created_at = excluded.created_at`,
  );
  return before === entryId ? null : before;
}

export async function unpinFromFeed(db: Db, feedId: number, entryId: number): Promise<boolean> {
  const done = await rows(
    db,
    z.object({ feed_id: col.int }),
    sql`delete from feed_pins where feed_id = ${feedId} and entry_id = ${entryId} returning feed_id`,
  );
  return done.length > 0;
}

// ---- closed editing ----

export async function closeEditing(db: Db, entryId: number, byId: number, now: Date) {
  await db.execute(
    sql`insert into entry_editing_closed (entry_id, by_id, created_at) values (${entryId}, ${byId}, ${ts(now)})
        on conflict (entry_id) do update set by_id = excluded.by_id, created_at = excluded.created_at`,
  );
}

export async function openEditing(db: Db, entryId: number): Promise<boolean> {
  const done = await rows(
    db,
    z.object({ entry_id: col.int }),
    sql`delete from entry_editing_closed where entry_id = ${entryId} returning entry_id`,
  );
  return done.length > 0;
}

// ---- entries held for review ----

const ReviewRow = z.object({
  entry_id: col.int,
  title: col.text,
  subsite_slug: col.text,
  subsite_type: z.enum(['user', 'community', 'company']),
  author_id: col.int,
  author_name: col.text,
  author_slug: col.text,
  subsite_id: col.int,
  subsite_name: col.text,
  reason: col.text,
  created_at: col.date,
});
export type ReviewRow = z.output<typeof ReviewRow>;

/** A queue, oldest first: every entry waiting for `reason`, or only those of one subsite. */
export async function reviews(
  db: Db,
  f: { reason: string; subsiteId: number | null; limit: number },
): Promise<ReviewRow[]> {
  const inSubsite = f.subsiteId === null ? sql`` : sql`and r.subsite_id = ${f.subsiteId}`;
  return rows(
    db,
    ReviewRow,
    sql`select r.entry_id, e.title, e.author_id, a.name as author_name, a.slug as author_slug, r.subsite_id,
          s.name as subsite_name, s.slug as subsite_slug, s.type as subsite_type, r.reason, r.created_at
        from entry_reviews r join entries e on e.id = r.entry_id
        join subsites a on a.id = e.author_id join subsites s on s.id = r.subsite_id
       where r.reason = ${f.reason} and not e.removed ${inSubsite}
       order by r.created_at, r.entry_id limit ${f.limit}`,
  );
}

/** The waiting entry with what a decision needs: its queue, community, author and title. */
export async function findReview(db: Db, entryId: number) {
  return firstRow(
    db,
    z.object({
      entry_id: col.int,
      subsite_id: col.int,
      reason: col.text,
      author_id: col.int,
      title: col.text,
      subsite_name: col.text,
      removed: col.bool,
    }),
    sql`select r.entry_id, r.subsite_id, r.reason, e.author_id, e.title, s.name as subsite_name, e.removed
          from entry_reviews r join entries e on e.id = r.entry_id join subsites s on s.id = r.subsite_id
         where r.entry_id = ${entryId}`,
  );
}

// ---- the blocklist (muted blogs of people: "ignore this author") ----

/** The people a reader has blocklisted: muted subsites that are somebody's blog. */
export async function blocklist(db: Db, userId: number) {
  return rows(
    db,
    z.object({ id: col.int, name: col.text, slug: col.text, avatar_url: col.text.nullable(), avatar_color: col.text }),
    sql`select s.id, s.name, s.slug, s.avatar_url, s.avatar_color from subsite_mutes m
          join subsites s on s.id = m.subsite_id and s.type = 'user'
         where m.user_id = ${userId} order by m.created_at desc limit 500`,
  );
}
