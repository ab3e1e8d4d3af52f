import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, IdRow, intArray, rows } from '../../db/rows.ts';
import { accountDeletions, joinRequests, mutes, subsiteRoles, subscriptions, subsites } from '../../db/schema.ts';
import { userWrites } from '../users/index.ts';

export async function findSubsite(db: Db, id: number) {
  const rows = await db.select().from(subsites).where(eq(subsites.id, id)).limit(1);
  return rows[0];
}

export type SubsiteRow = typeof subsites.$inferSelect;

export function findSubsites(db: Db, ids: number[]) {
  return db.select().from(subsites).where(inArray(subsites.id, ids));
}

export async function listCommunities(db: Db, limit: number) {
  return db
    .select()
    .from(subsites)
    .where(sql`${subsites.type} <> 'user'`)
    .orderBy(desc(subsites.subscribersCount), asc(subsites.id))
    .limit(limit);
}

/**
 * Adds the subscription and bumps the counter (two writes: the service runs them in one transaction).
 * Answers the subscribers count after, and whether this call changed anything.
 */
export async function subscribe(
  db: Db,
  userId: number,
  subsiteId: number,
): Promise<{ count: number; changed: boolean }> {
  const added = await db
    .insert(subscriptions)
    .values({ userId, subsiteId })
    .onConflictDoNothing()
    .returning({ userId: subscriptions.userId });
  return { count: await userWrites.addSubscribers(db, subsiteId, added.length), changed: added.length > 0 };
}

/** Removing the subscription removes its notification flag with it (spec/content.md §4). */
export async function unsubscribe(
  db: Db,
  userId: number,
  subsiteId: number,
): Promise<{ count: number; changed: boolean }> {
  const removed = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.subsiteId, subsiteId)))
    .returning({ userId: subscriptions.userId });
  return { count: await userWrites.addSubscribers(db, subsiteId, -removed.length), changed: removed.length > 0 };
}

export async function subscribedIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: subscriptions.subsiteId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return new Set(rows.map((r) => r.id));
}

export async function findCommunityBySlug(db: Db, slug: string) {
  const rows = await db
    .select()
    .from(subsites)
    .where(and(eq(subsites.slug, slug), sql`${subsites.type} <> 'user'`))
    .limit(1);
  return rows[0];
}

/** What one reader did with one subsite: subscribed (with or without notifications), muted. */
export async function readerRelation(db: Db, userId: number, subsiteId: number) {
  const [sub, muted] = await Promise.all([
    db
      .select({ notify: subscriptions.notify })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.subsiteId, subsiteId)))
      .limit(1),
    db
      .select({ id: mutes.subsiteId })
      .from(mutes)
      .where(and(eq(mutes.userId, userId), eq(mutes.subsiteId, subsiteId)))
      .limit(1),
  ]);
  return { isSubscribed: sub.length > 0, isNotify: sub[0]?.notify ?? false, isMuted: muted.length > 0 };
}

/** A blog whose account was deleted (the deletion job has run). */
export async function isDeletedAccount(db: Db, subsite: SubsiteRow): Promise<boolean> {
  if (subsite.type !== 'user') return false;
  const rows = await db
    .select({ at: accountDeletions.doneAt })
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, subsite.id))
    .limit(1);
  return rows[0]?.at != null;
}

/** The reader's role in running the subsite (owner, admin, moderator, editor, author), null for none. */
export async function roleIn(db: Db, userId: number, subsiteId: number): Promise<string | null> {
  const rows = await db
    .select({ role: subsiteRoles.role })
    .from(subsiteRoles)
    .where(and(eq(subsiteRoles.userId, userId), eq(subsiteRoles.subsiteId, subsiteId)))
    .limit(1);
  return rows[0]?.role ?? null;
}

export async function mute(db: Db, userId: number, subsiteId: number) {
  await db.insert(mutes).values({ userId, subsiteId }).onConflictDoNothing();
}

export async function unmute(db: Db, userId: number, subsiteId: number) {
  await db.delete(mutes).where(and(eq(mutes.userId, userId), eq(mutes.subsiteId, subsiteId)));
}

/** Turns notifications on or off on an existing subscription; false when there is none. */
export async function setNotify(db: Db, userId: number, subsiteId: number, notify: boolean): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ notify })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.subsiteId, subsiteId)))
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

const CountRow = z.object({ n: col.int });

/** Published entries of a subsite: a community's own, or everything a person wrote (their blog page shows it all). */
export async function entriesCount(db: Db, subsite: { id: number; type: string }): Promise<number> {
  const column = subsite.type === 'user' ? sql`author_id` : sql`subsite_id`;
  const row = await firstRow(
    db,
    CountRow,
    sql`select count(*)::int as n from entries where ${column} = ${subsite.id} and is_published and not removed`,
  );
  return row?.n ?? 0;
}

/**
 * A community the manager owns or administers that the member belongs to (subscribed or on its team), the oldest
 * first, or undefined (payments: a manager gifts Plus to the members of their own community).
 */
export async function managedCommunityOf(db: Db, managerId: number, memberId: number) {
  return firstRow(
    db,
    z.object({ id: col.int, name: col.text, created_at: col.date, subscribers_count: col.int }),
    sql`select s.id, s.name, s.created_at, s.subscribers_count from subsite_roles r join subsites s on s.id = r.subsite_id
         where r.user_id = ${managerId} and r.role in ('owner', 'admin') and s.type <> 'user'
           and (exists (select 1 from subscriptions m where m.subsite_id = s.id and m.user_id = ${memberId})
             or exists (select 1 from subsite_roles t where t.subsite_id = s.id and t.user_id = ${memberId}))
         order by s.created_at, s.id limit 1`,
  );
}

// ---- private communities ----

/** The ids of the private communities (few: a page's check of them is one array compare). */
export async function privateIds(db: Db): Promise<number[]> {
  return (await rows(db, IdRow, sql`select id from subsites where is_private order by id`)).map((r) => r.id);
}

/** Which of these private communities the person belongs to: subscribed or on its team. */
export async function memberOf(db: Db, userId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await rows(
    db,
    IdRow,
    sql`select x.subsite_id as id from subscriptions x where x.user_id = ${userId} and x.subsite_id = any(${intArray(ids)}::int[])
        union
        select r.subsite_id as id from subsite_roles r where r.user_id = ${userId} and r.subsite_id = any(${intArray(ids)}::int[])`,
  );
  return found.map((r) => r.id);
}

/** Adds the person's request to join (once); whether this call added it. */
export async function addJoinRequest(db: Db, userId: number, subsiteId: number): Promise<boolean> {
  const added = await db
    .insert(joinRequests)
    .values({ userId, subsiteId })
    .onConflictDoNothing()
    .returning({ userId: joinRequests.userId });
  return added.length > 0;
}

/** Takes the request away (answered, withdrawn); whether there was one. */
export async function removeJoinRequest(db: Db, userId: number, subsiteId: number): Promise<boolean> {
  const gone = await db
    .delete(joinRequests)
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.subsiteId, subsiteId)))
    .returning({ userId: joinRequests.userId });
  return gone.length > 0;
}

export async function hasJoinRequest(db: Db, userId: number, subsiteId: number): Promise<boolean> {
  const found = await db
    .select({ userId: joinRequests.userId })
    .from(joinRequests)
    .where(and(eq(joinRequests.userId, userId), eq(joinRequests.subsiteId, subsiteId)))
    .limit(1);
  return found.length > 0;
}

/** A community open to all again: its waiting requests go. */
export async function dropJoinRequests(db: Db, subsiteId: number) {
  await db.delete(joinRequests).where(eq(joinRequests.subsiteId, subsiteId));
}

/** An account closed: its requests go. */
export async function forgetJoinRequests(db: Db, userId: number) {
  await db.delete(joinRequests).where(eq(joinRequests.userId, userId));
}

const JoinRequestRow = z.object({
  id: col.int,
  name: col.text,
  slug: col.text,
  avatar_url: col.text.nullable(),
  avatar_color: col.text,
  is_plus: col.bool,
  created_at: col.date,
});
export type JoinRequestRow = z.output<typeof JoinRequestRow>;

/** The waiting requests of a community, the oldest first (at most `limit`). */
export function joinRequestsOf(db: Db, subsiteId: number, limit: number): Promise<JoinRequestRow[]> {
  return rows(
    db,
    JoinRequestRow,
    sql`select a.id, a.name, a.slug, a.avatar_url, a.avatar_color, u.is_paid as is_plus, j.created_at
          from subsite_join_requests j join subsites a on a.id = j.user_id join users u on u.id = j.user_id
         where j.subsite_id = ${subsiteId}
         order by j.created_at, j.user_id
         limit ${limit}`,
  );
}

export async function joinRequestsCount(db: Db, subsiteId: number): Promise<number> {
  const row = await firstRow(
    db,
    CountRow,
    sql`select count(*)::int as n from subsite_join_requests where subsite_id = ${subsiteId}`,
  );
  return row?.n ?? 0;
}

/** Who answers a community's requests: its creator and admins. */
export async function managerIds(db: Db, subsiteId: number): Promise<number[]> {
  const found = await db
    .select({ id: subsiteRoles.userId })
    .from(subsiteRoles)
    .where(and(eq(subsiteRoles.subsiteId, subsiteId), inArray(subsiteRoles.role, ['owner', 'admin'])))
    .orderBy(asc(subsiteRoles.userId));
  return found.map((r) => r.id);
}
