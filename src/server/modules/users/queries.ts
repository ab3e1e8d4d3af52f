import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow } from '../../db/rows.ts';
import { subscriptions, subsiteRoles, subsites, users, mutes, userSettings } from '../../db/schema.ts';

export interface NewUser {
  name: string;
  slug: string;
  email: string;
  passwordHash: string;
  role: 'user' | 'moderator' | 'admin' | 'superuser';
  description?: string;
  avatarColor?: string;
  createdAt?: Date;
}

/**
 * A user is born with a personal blog: the subsite row first, so the user takes its id. Three writes: callers run it
 * in a transaction (`createUser` in service.ts).
 */
export async function insertUser(db: Db, u: NewUser): Promise<number> {
  const [blog] = await db
    .insert(subsites)
    .values({
      type: 'user',
      slug: u.slug,
      name: u.name,
      description: u.description ?? '',
      avatarColor: u.avatarColor ?? '#6b7cff',
      ...(u.createdAt ? { createdAt: u.createdAt } : {}),
    })
    .returning({ id: subsites.id });
  await db.insert(users).values({
    id: blog.id,
    email: u.email,
    passwordHash: u.passwordHash,
    role: u.role,
    ...(u.createdAt ? { createdAt: u.createdAt } : {}),
  });
  await db.insert(subsiteRoles).values({ subsiteId: blog.id, userId: blog.id, role: 'owner' });
  return blog.id;
}

export async function setRole(db: Db, userId: number, role: NewUser['role']) {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** The lists the current user object carries: subsites with the user's role in each, subscriptions, mutes. */
export async function userRelations(db: Db, userId: number) {
  const [managed, subscribed, muted, tuned] = await Promise.all([
    db
      .select({
        id: subsites.id,
        name: subsites.name,
        type: subsites.type,
        slug: subsites.slug,
        role: subsiteRoles.role,
      })
      .from(subsiteRoles)
      .innerJoin(subsites, eq(subsites.id, subsiteRoles.subsiteId))
      .where(eq(subsiteRoles.userId, userId)),
    db.select({ id: subscriptions.subsiteId }).from(subscriptions).where(eq(subscriptions.userId, userId)),
    db.select({ id: mutes.subsiteId }).from(mutes).where(eq(mutes.userId, userId)),
    // Set by `POST /subsites/tune` (discovery): the tuning popup is not offered again.
    db
      .select({ tuned: sql<boolean>`coalesce((${userSettings.value} ->> 'subsites_tuned')::boolean, false)` })
      .from(userSettings)
      .where(and(eq(userSettings.userId, userId), eq(userSettings.module, 'discovery'))),
  ]);
  return {
    managed,
    subscribedIds: subscribed.map((r) => r.id),
    ignoredIds: muted.map((r) => r.id),
    isTuned: tuned[0]?.tuned === true,
  };
}

// ---- user_settings: each module's row, changed only through these (typed by users/settings.ts) ----

/** One module's stored preferences of a person; `{}` when it kept none. */
export async function settingsRow(db: Db, userId: number, module: string): Promise<Record<string, unknown>> {
  const row = await firstRow(
    db,
    // A value that is not an object keeps nothing: the module's defaults apply (users/settings.ts).
    z.object({ value: z.record(z.string(), z.unknown()).catch({}) }),
    sql`select value from user_settings where user_id = ${userId} and module = ${module}`,
  );
  return row?.value ?? {};
}

/** The same for many people at once (notification recipients, chat members). */
export async function settingsRows(
  db: Db,
  userIds: number[],
  module: string,
): Promise<Map<number, Record<string, unknown>>> {
  if (!userIds.length) return new Map();
  const found = await db
    .select({ userId: userSettings.userId, value: userSettings.value })
    .from(userSettings)
    .where(and(inArray(userSettings.userId, userIds), eq(userSettings.module, module)));
  return new Map(found.map((r) => [r.userId, r.value]));
}

/**
 * Merges top-level keys into a module's row, creating it; `nested` merges `patch` into each named key's own object
 * instead (one notification type's channels, or every type's). Keys in `remove` are dropped first.
 */
export async function mergeSettings(
  db: Db,
  userId: number,
  module: string,
  change: { patch?: Record<string, unknown>; nested?: string[]; remove?: string[] },
) {
  const patch = JSON.stringify(change.patch ?? {});
  const kept = change.remove?.length
    ? sql`(user_settings.value - ${sql`array[${sql.join(
        change.remove.map((k) => sql`${k}::text`),
        sql`, `,
      )}]`})`
    : sql`user_settings.value`;
  const merged = change.nested?.length
    ? sql`${kept} || (select jsonb_object_agg(k, coalesce(user_settings.value -> k, '{}'::jsonb) || ${patch}::jsonb)
        from unnest(array[${sql.join(
          change.nested.map((k) => sql`${k}::text`),
          sql`, `,
        )}]) as k)`
    : sql`${kept} || ${patch}::jsonb`;
  const fresh = change.nested?.length
    ? sql`(select jsonb_object_agg(k, ${patch}::jsonb) from unnest(array[${sql.join(
        change.nested.map((k) => sql`${k}::text`),
        sql`, `,
      )}]) as k)`
    : sql`${patch}::jsonb`;
  await db.execute(sql`
    insert into user_settings (user_id, module, value) values (${userId}, ${module}, ${fresh})
    on conflict (user_id, module) do update set value = ${merged}`);
}

/** The site-wide ban holding this person now, if any: until when and why. */
export async function activeSiteBan(db: Db, userId: number, now: Date) {
  return firstRow(
    db,
    z.object({ until: col.date.nullable(), reason: col.text }),
    sql`select until, reason from bans where user_id = ${userId} and subsite_id is null and ended_at is null
          and (until is null or until > ${now.toISOString()}::timestamptz) order by id desc limit 1`,
  );
}

/** An account's id by its address, any case. */
export async function userIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await firstRow(
    db,
    z.object({ id: col.int }),
    sql`select id from users where lower(email) = lower(${email})`,
  );
  return row?.id;
}
