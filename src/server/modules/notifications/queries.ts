import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, IdRow, rows } from '../../db/rows.ts';
import type { NotificationData as Data } from '../../db/schema.ts';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/notifications.ts';
import { settings } from '../users/index.ts';

/** The SQL of notifications and mail subscriptions. */

const NotificationData = z.object({
  quote: z.string().optional(),
  text: z.string().optional(),
  reason: z.string().optional(),
  until: z.string().nullable().optional(),
  subsiteId: z.number().optional(),
  mail_only: z.boolean().optional(),
}) satisfies z.ZodType<Data>;

const NotificationRow = z.object({
  id: col.int,
  user_id: col.int,
  type: z.enum(NOTIFICATION_TYPES),
  actor_ids: z.array(col.int),
  actors_count: col.int,
  entry_id: col.int.nullable(),
  comment_id: col.int.nullable(),
  data: NotificationData,
  is_read: col.bool,
  updated_at: col.date,
  entry_title: col.text.nullable(),
});
export type NotificationRow = z.output<typeof NotificationRow>;

export interface NewNotification {
  userId: number;
  type: NotificationType;
  actorId: number | null;
  groupKey: string | null;
  entryId: number | null;
  commentId: number | null;
  data: Data;
  now: Date;
  /** Stored already read: a letter's record for a type the reader keeps off the site (never grouped, never shown). */
  mailOnly?: boolean;
}

/** How many actors a group keeps by name; `actors_count` keeps the total. */
export const GROUP_ACTORS_KEPT = 10;

/**
 * Adds a notification, or grows the open (unread) group with the same key: the actor moves to the front, once, and
 * the count grows only for an actor not already in the group. The id of the row and whether it was new.
 */
export async function upsertNotification(db: Db, n: NewNotification): Promise<{ id: number; created: boolean }> {
  const actors = sql`${JSON.stringify(n.actorId === null ? [] : [n.actorId])}::jsonb`;
  const [row] = await rows(
    db,
    z.object({ id: col.int, created: col.bool }),
    n.groupKey === null || n.mailOnly
      ? sql`insert into notifications (user_id, type, actor_ids, actors_count, entry_id, comment_id, data, is_read, created_at, updated_at)
          values (${n.userId}, ${n.type}, ${actors}, ${n.actorId === null ? 0 : 1}, ${n.entryId}, ${n.commentId}, ${JSON.stringify(n.mailOnly ? { ...n.data, mail_only: true } : n.data)}::jsonb,
            ${Boolean(n.mailOnly)}, ${n.now}, ${n.now})
          returning id, true as created`
      : sql`insert into notifications as n (user_id, type, group_key, actor_ids, actors_count, entry_id, comment_id, data, created_at, updated_at)
          values (${n.userId}, ${n.type}, ${n.groupKey}, ${actors}, 1, ${n.entryId}, ${n.commentId}, ${JSON.stringify(n.data)}::jsonb, ${n.now}, ${n.now})
          on conflict (user_id, group_key) where not is_read and group_key is not null do update set
            actors_count = n.actors_count + case when n.actor_ids @> excluded.actor_ids then 0 else 1 end,
            actor_ids = (
              select coalesce(jsonb_agg(v order by o), '[]'::jsonb) from (
                select v, o from jsonb_array_elements(excluded.actor_ids || n.actor_ids) with ordinality as e(v, o)
                where o = 1 or v <> excluded.actor_ids -> 0
                order by o limit ${GROUP_ACTORS_KEPT}
              ) kept),
            data = excluded.data,
            updated_at = excluded.updated_at
          returning id, (xmax = 0) as created`,
  );
  return row;
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await rows(
    db,
    z.object({ n: col.int }),
    sql`select count(*)::int as n from notifications where user_id = ${userId} and not is_read`,
  );
  return row.n;
}

const selectRow = sql`
  select n.id, n.user_id, n.type, n.actor_ids, n.actors_count, n.entry_id, n.comment_id, n.data, n.is_read, n.updated_at,
         e.title as entry_title
  from notifications n left join entries e on e.id = n.entry_id`;

/** A page, newest change first; keyset on (updated_at, id) with the date as integer microseconds. */
export async function listNotifications(
  db: Db,
  userId: number,
  cursor: { lastId: number; lastValue: number } | null,
  count: number,
) {
  const after = cursor
    ? sql`and (n.updated_at, n.id) < (to_timestamp(${cursor.lastValue}::float8 / 1e6), ${cursor.lastId})`
    : sql``;
  return rows(
    db,
    NotificationRow,
    sql`
    ${selectRow}
    where n.user_id = ${userId} and not (n.data ? 'mail_only') ${after}
    order by n.updated_at desc, n.id desc
    limit ${count + 1}`,
  );
}

export async function notificationById(db: Db, id: number): Promise<NotificationRow | undefined> {
  return firstRow(db, NotificationRow, sql`${selectRow} where n.id = ${id}`);
}

/** Marks the user's notifications read: one (`id`), those about one comment (`commentId`) or all. Rows changed. */
export async function markRead(db: Db, userId: number, what: { id?: number; commentId?: number }): Promise<number[]> {
  const only =
    what.id !== undefined
      ? sql`and id = ${what.id}`
      : what.commentId !== undefined
        ? sql`and comment_id = ${what.commentId}`
        : sql``;
  const changed = await rows(
    db,
    IdRow,
    sql`
    update notifications set is_read = true where user_id = ${userId} and not is_read ${only} returning id`,
  );
  return changed.map((r) => r.id);
}

const ActorRow = z.object({
  id: col.int,
  /** A person's blog, or a community or company a comment was written as. */
  type: z.enum(['user', 'community', 'company']),
  name: col.text,
  slug: col.text,
  avatar_color: col.text,
  avatar_url: col.text.nullable(),
});
export type ActorRow = z.output<typeof ActorRow> & { gender: string | null };

export async function actorsByIds(db: Db, ids: number[]): Promise<Map<number, ActorRow>> {
  if (!ids.length) return new Map();
  const actors = await rows(
    db,
    ActorRow,
    sql`
    select s.id, s.type, s.name, s.slug, s.avatar_color, s.avatar_url
    from subsites s
    where s.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const genders = await settings.profile.readMany(db, ids);
  return new Map(actors.map((r) => [r.id, { ...r, gender: genders.get(r.id)?.gender ?? null }]));
}

const RecipientRow = z.object({
  id: col.int,
  email: col.text,
  actor_muted: col.bool,
  actor_banned: col.bool,
});
export type RecipientRow = z.output<typeof RecipientRow>;

/** The recipient with what decides whether the actor may notify them: a mute of the actor's blog, a ban on the actor. */
export async function recipient(
  db: Db,
  userId: number,
  actorId: number | null,
  now: Date,
): Promise<RecipientRow | undefined> {
  return firstRow(
    db,
    RecipientRow,
    sql`
    select u.id, u.email,
      ${actorId === null ? sql`false` : sql`exists (select 1 from subsite_mutes m where m.user_id = u.id and m.subsite_id = ${actorId})`} as actor_muted,
      ${actorId === null ? sql`false` : sql`exists (select 1 from users a where a.id = ${actorId} and a.banned_until > ${now})`} as actor_banned
    from users u where u.id = ${userId}`,
  );
}

export async function commentInfo(db: Db, commentId: number) {
  return firstRow(
    db,
    z.object({ id: col.int, author_id: col.int, entry_id: col.int, text: col.text, removed: col.bool }),
    sql`
    select id, author_id, entry_id, text, removed from comments where id = ${commentId}`,
  );
}

export async function entryInfo(db: Db, entryId: number) {
  return firstRow(
    db,
    z.object({ id: col.int, author_id: col.int, title: col.text, is_published: col.bool, removed: col.bool }),
    sql`
    select id, author_id, title, is_published, removed from entries where id = ${entryId}`,
  );
}

/** Who runs a subsite and hears of its subscribers: the blog's owner, a community's owners. */
export async function subsiteOwners(db: Db, subsiteId: number): Promise<number[]> {
  const owners = await rows(
    db,
    z.object({ user_id: col.int }),
    sql`
    select user_id from subsite_roles where subsite_id = ${subsiteId} and role = 'owner'`,
  );
  return owners.map((r) => r.user_id);
}

/** People named by `@name` tokens: a person's blog slug or their exact name (one word), case-insensitive. */
export async function usersByMention(db: Db, tokens: string[]): Promise<number[]> {
  if (!tokens.length) return [];
  const list = sql.join(
    tokens.map((t) => sql`${t}`),
    sql`, `,
  );
  const named = await rows(
    db,
    IdRow,
    sql`
    select s.id from subsites s join users u on u.id = s.id
    where s.type = 'user' and (lower(s.slug) in (${list}) or lower(s.name) in (${list}))`,
  );
  return named.map((r) => r.id);
}

/** The person's address and name, undefined when the account is gone. */
export async function person(db: Db, userId: number): Promise<{ email: string; name: string } | undefined> {
  return firstRow(
    db,
    z.object({ email: col.text, name: col.text }),
    sql`
    select u.email, s.name from users u join subsites s on s.id = u.id where u.id = ${userId}`,
  );
}

// ——— Mail subscriptions ———

const EmailSubscriptionRow = z.object({
  email: col.text,
  user_id: col.int.nullable(),
  digest: col.bool,
  token: col.text,
  unsubscribed_at: col.date.nullable(),
  confirmed_at: col.date.nullable(),
});
export type EmailSubscriptionRow = z.output<typeof EmailSubscriptionRow>;

/** The row for an address, created with `token` when missing; `digest` switched on when asked. */
export async function ensureEmailSubscription(
  db: Db,
  email: string,
  userId: number | null,
  token: string,
  digest: boolean,
): Promise<EmailSubscriptionRow> {
  const [row] = await rows(
    db,
    EmailSubscriptionRow,
    sql`
    insert into email_subscriptions (email, user_id, digest, token) values (${email}, ${userId}, ${digest}, ${token})
    on conflict (email) do update set
      user_id = coalesce(excluded.user_id, email_subscriptions.user_id),
      digest = email_subscriptions.digest or excluded.digest,
      unsubscribed_at = case when excluded.digest then null else email_subscriptions.unsubscribed_at end
    returning email, user_id, digest, token, unsubscribed_at, confirmed_at`,
  );
  return row;
}

export async function emailSubscriptionByToken(db: Db, token: string): Promise<EmailSubscriptionRow | undefined> {
  return firstRow(
    db,
    EmailSubscriptionRow,
    sql`
    select email, user_id, digest, token, unsubscribed_at, confirmed_at from email_subscriptions where token = ${token}`,
  );
}

export async function emailSubscriptionByEmail(db: Db, email: string): Promise<EmailSubscriptionRow | undefined> {
  return firstRow(
    db,
    EmailSubscriptionRow,
    sql`
    select email, user_id, digest, token, unsubscribed_at, confirmed_at from email_subscriptions where email = ${email}`,
  );
}

export async function accountIdByEmail(db: Db, email: string): Promise<number | null> {
  const row = await firstRow(db, IdRow, sql`select id from users where lower(email) = ${email.toLowerCase()} limit 1`);
  return row ? row.id : null;
}

/** Confirmed by the owner (or by being the account's own address), or back to waiting for that (`at` null). */
export async function setEmailConfirmed(db: Db, email: string, at: Date | null) {
  await db.execute(sql`update email_subscriptions set confirmed_at = ${at} where email = ${email}`);
}

export async function unsubscribeEmail(db: Db, token: string, now: Date) {
  await db.execute(sql`update email_subscriptions set digest = false, unsubscribed_at = ${now} where token = ${token}`);
}

export async function digestRecipients(db: Db): Promise<EmailSubscriptionRow[]> {
  return rows(
    db,
    EmailSubscriptionRow,
    sql`
    select email, user_id, digest, token, unsubscribed_at, confirmed_at from email_subscriptions where digest and unsubscribed_at is null and confirmed_at is not null`,
  );
}

/** The day's best: published in the 24 hours before `until`, by votes then comments; never a private community's. */
export async function topEntries(db: Db, until: Date, count: number) {
  return rows(
    db,
    z.object({ id: col.int, title: col.text, likes_summ: col.int, comments_count: col.int }),
    sql`
    select id, title, likes_summ, comments_count from entries e
    where is_published and not removed
      and not exists (select 1 from subsites ps where ps.id = e.subsite_id and ps.is_private)
      and published_at > ${new Date(until.getTime() - 86_400_000)} and published_at <= ${until}
    order by likes_summ desc, comments_count desc, id desc
    limit ${count}`,
  );
}

/** An account was deleted: its mail subscriptions (the digest and notification letters) go. */
export async function forgetSubscriptions(db: Db, userId: number) {
  await db.execute(sql`delete from email_subscriptions where user_id = ${userId}`);
}
