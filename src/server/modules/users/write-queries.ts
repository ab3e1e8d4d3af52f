import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows, ts } from '../../db/rows.ts';
import { subsiteRoles, subsites, users } from '../../db/schema.ts';

/**
 * Every change to `users`, `subsites` and `subsite_roles` that other modules make (issue 26: one owner per table):
 * sign-in and account settings, bans, Plus, a blog's card and team, the counters kept on a subsite.
 */

// ---- users ----

/** The one place a password hash is stored: a recovery (auth) and a change in settings (accounts). */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setEmail(db: Db, userId: number, email: string) {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}

/** An account being deleted: an address that cannot receive mail and a password no hash matches, no staff role. */
export async function closeCredentials(db: Db, userId: number) {
  await db
    .update(users)
    .set({ email: `deleted-${userId}@deleted.invalid`, passwordHash: '!deleted', role: 'user' })
    .where(eq(users.id, userId));
}

/** A site role given or taken back in /admin (moderation's `setSiteRole`, in its transaction). */
export async function setSiteRole(db: Db, userId: number, role: 'user' | 'moderator' | 'admin' | 'superuser') {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/**
 * Locks every superuser's row until the transaction ends and answers how many there are: two superusers taking each
 * other's rights at once wait for one another, so the last one always stays.
 */
export async function lockSuperusers(db: Db): Promise<number> {
  const found = await rows(
    db,
    z.object({ id: col.int }),
    sql`select id from users where role = 'superuser' for update`,
  );
  return found.length;
}

/** A write of the user went through: what nodes keep of them for long is no longer theirs (`users.writeSeq`). */
export async function bumpWriteSeq(db: Db, userId: number) {
  await db.execute(sql`update users set write_seq = write_seq + 1 where id = ${userId}`);
}

export async function setBannedUntil(db: Db, userId: number, until: Date | null) {
  await db.execute(sql`update users set banned_until = ${until ? ts(until) : null} where id = ${userId}`);
}

/** Site-wide bans that ended leave `banned_until` in the past; it is cleared so the column says 'not banned'. */
export async function clearPastBans(db: Db, now: Date) {
  await db.execute(sql`update users set banned_until = null where banned_until <= ${ts(now)}`);
}

// ---- Plus (payments grants and takes it back) ----

const PlusRow = z.object({ is_paid: col.bool, paid_until: col.date.nullable() });

/**
 * Extends Plus by `days` from the later of now and the current end, in one statement (concurrent grants add up).
 * Answers the new end.
 */
export async function extendPlus(db: Db, userId: number, days: number, now: Date): Promise<Date | null> {
  const r = await firstRow(
    db,
    PlusRow,
    sql`
    update users set is_paid = true,
           paid_until = greatest(coalesce(paid_until, ${ts(now)}), ${ts(now)}) + make_interval(days => ${days})
     where id = ${userId}
    returning is_paid, paid_until`,
  );
  return r?.paid_until ?? null;
}

/** Takes `days` back (a refund); Plus ends when nothing is left. */
export async function shortenPlus(db: Db, userId: number, days: number, now: Date): Promise<void> {
  await db.execute(sql`
    update users set paid_until = paid_until - make_interval(days => ${days})
     where id = ${userId} and paid_until is not null`);
  await endPlusIfOver(db, userId, now);
}

/** Plus ends now for this person when the paid period is over (the last recurring try failed, a refund). */
export async function endPlusIfOver(db: Db, userId: number, now: Date): Promise<void> {
  await db.execute(sql`
    update users set is_paid = false where id = ${userId} and (paid_until is null or paid_until <= ${ts(now)})`);
}

/** Plus ends for everyone whose paid period is over and who has no active subscription; answers who lost it. */
export async function expirePlus(db: Db, now: Date): Promise<number[]> {
  const out = await rows(
    db,
    z.object({ id: col.int }),
    sql`update users u set is_paid = false
         where is_paid and paid_until is not null and paid_until <= ${ts(now)}
           and not exists (select 1 from payment_subscriptions s where s.user_id = u.id and s.status = 'active')
        returning id`,
  );
  return out.map((r) => r.id);
}

// ---- subsites: the card, the team, the counters ----

export type SubsiteChange = Partial<
  Pick<
    typeof subsites.$inferInsert,
    'name' | 'slug' | 'description' | 'avatarUrl' | 'coverUrl' | 'posting' | 'isModerated' | 'isPrivate' | 'plusJoin'
  >
>;

export async function updateSubsite(db: Db, id: number, values: SubsiteChange) {
  if (Object.keys(values).length) await db.update(subsites).set(values).where(eq(subsites.id, id));
}

export async function insertCommunity(db: Db, c: { name: string; slug: string; description: string; ownerId: number }) {
  const [row] = await db
    .insert(subsites)
    .values({ type: 'community', name: c.name, slug: c.slug, description: c.description })
    .returning({ id: subsites.id });
  await db.insert(subsiteRoles).values({ subsiteId: row.id, userId: c.ownerId, role: 'owner' });
  return row.id;
}

export async function setMember(
  db: Db,
  subsiteId: number,
  userId: number,
  role: 'admin' | 'moderator' | 'editor' | 'author',
) {
  await db
    .insert(subsiteRoles)
    .values({ subsiteId, userId, role })
    .onConflictDoUpdate({ target: [subsiteRoles.subsiteId, subsiteRoles.userId], set: { role } });
}

export async function removeMember(db: Db, subsiteId: number, userId: number) {
  await db.delete(subsiteRoles).where(and(eq(subsiteRoles.subsiteId, subsiteId), eq(subsiteRoles.userId, userId)));
}

/** Adds `delta` (one subscription more or fewer) to the subsite's subscriber count; answers the new count. */
export async function addSubscribers(db: Db, subsiteId: number, delta: number): Promise<number> {
  const [row] = await db
    .update(subsites)
    .set({ subscribersCount: sql`greatest(0, ${subsites.subscribersCount} + ${delta})` })
    .where(eq(subsites.id, subsiteId))
    .returning({ count: subsites.subscribersCount });
  return row.count;
}

/** An author's rating (on their blog subsite) is the sum of the votes on their entries and comments. */
export async function recountRatings(db: Db, authorIds: number[]): Promise<void> {
  if (!authorIds.length) return;
  await db.execute(sql`
    update subsites s set rating = r.rating
      from (select a.id,
                   (coalesce((select sum(e.likes_summ) from entries e where e.author_id = a.id), 0)
                  + coalesce((select sum(c.likes_summ) from comments c where c.author_id = a.id), 0))::int as rating
              from unnest(${sql.param(authorIds)}::int[]) as a(id)) r
     where s.id = r.id and s.rating <> r.rating`);
}
