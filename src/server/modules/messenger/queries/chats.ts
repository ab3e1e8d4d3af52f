import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/index.ts';
import { col, firstRow, IdRow, rows } from '../../../db/rows.ts';
import type { ChatRole, ChatType } from '../../../../shared/messenger.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Chats, their members and the chat list. */

// ——— Chats and members ———

const ChatRow = z.object({
  id: col.int,
  type: z.enum(['direct', 'group', 'channel']),
  title: col.text,
  picture: col.text.nullable(),
  owner_id: col.int.nullable(),
  subsite_id: col.int.nullable(),
  last_message_id: col.int.nullable(),
  active_at: col.date,
});
export type ChatRow = z.output<typeof ChatRow>;

export function findChat(db: Db, id: number) {
  return firstRow(
    db,
    ChatRow,
    sql`select id, type, title, picture, owner_id, subsite_id, last_message_id, active_at from chats where id = ${id}`,
  );
}

export function findDirectChat(db: Db, key: string) {
  return firstRow(
    db,
    ChatRow,
    sql`select id, type, title, picture, owner_id, subsite_id, last_message_id, active_at
          from chats where direct_key = ${key}`,
  );
}

export function findChannelChat(db: Db, subsiteId: number) {
  return firstRow(
    db,
    ChatRow,
    sql`select id, type, title, picture, owner_id, subsite_id, last_message_id, active_at
          from chats where subsite_id = ${subsiteId}`,
  );
}

export async function insertChat(
  db: Db,
  c: { type: ChatType; title: string; picture: string | null; ownerId: number; directKey?: string; subsiteId?: number },
  now: Date,
): Promise<number | undefined> {
  const [row] = await rows(
    db,
    IdRow,
    sql`insert into chats (type, title, picture, owner_id, direct_key, subsite_id, created_at, active_at)
        values (${c.type}, ${c.title}, ${c.picture}, ${c.ownerId}, ${c.directKey ?? null}, ${c.subsiteId ?? null},
                ${ts(now)}, ${ts(now)})
        on conflict do nothing
        returning id`,
  );
  return row?.id;
}

export async function updateChat(db: Db, id: number, patch: { title?: string; picture?: string | null }) {
  const sets: SQL[] = [];
  if (patch.title !== undefined) sets.push(sql`title = ${patch.title}`);
  if (patch.picture !== undefined) sets.push(sql`picture = ${patch.picture}`);
  if (!sets.length) return;
  await db.execute(sql`update chats set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export async function setOwner(db: Db, chatId: number, userId: number) {
  await db.execute(sql`update chats set owner_id = ${userId} where id = ${chatId}`);
}

const MemberRow = z.object({
  chat_id: col.int,
  user_id: col.int,
  role: z.enum(['owner', 'admin', 'member', 'reader']),
  last_read_id: col.int,
  muted: col.bool,
  left_at: col.date.nullable(),
  notified_id: col.int,
});
export type MemberRow = z.output<typeof MemberRow>;

export function findMember(db: Db, chatId: number, userId: number) {
  return firstRow(
    db,
    MemberRow,
    sql`select chat_id, user_id, role, last_read_id, muted, left_at, notified_id
          from chat_members where chat_id = ${chatId} and user_id = ${userId}`,
  );
}

/** Adds people (or brings back those who left), keeping an existing role unless `role` is stronger. */
export async function upsertMembers(db: Db, chatId: number, userIds: number[], role: ChatRole, now: Date) {
  if (!userIds.length) return;
  await db.execute(sql`
    insert into chat_members (chat_id, user_id, role, joined_at)
    select ${chatId}::int, x.u, ${role}::text, ${ts(now)} from unnest(${sql.raw(`array[${userIds.map(Number).join(',')}]`)}::int[]) as x(u)
    on conflict (chat_id, user_id) do update set left_at = null, role = excluded.role, joined_at = excluded.joined_at
    where chat_members.left_at is not null`);
}

/** A channel reader's row (their read mark and mute), made on first need. */
export async function ensureReader(db: Db, chatId: number, userId: number, now: Date) {
  await db.execute(sql`
    insert into chat_members (chat_id, user_id, role, joined_at) values (${chatId}, ${userId}, 'reader', ${ts(now)})
    on conflict (chat_id, user_id) do nothing`);
}

export async function markLeft(db: Db, chatId: number, userId: number, now: Date) {
  await db.execute(
    sql`update chat_members set left_at = ${ts(now)} where chat_id = ${chatId} and user_id = ${userId} and left_at is null`,
  );
}

export async function setRole(db: Db, chatId: number, userId: number, role: ChatRole) {
  await db.execute(sql`update chat_members set role = ${role} where chat_id = ${chatId} and user_id = ${userId}`);
}

export async function setMuted(db: Db, chatId: number, userId: number, muted: boolean) {
  await db.execute(sql`update chat_members set muted = ${muted} where chat_id = ${chatId} and user_id = ${userId}`);
}

/** Moves the read mark forward only; the new mark. */
export async function markRead(db: Db, chatId: number, userId: number, messageId: number) {
  await db.execute(sql`
    update chat_members set last_read_id = greatest(last_read_id, ${messageId})
     where chat_id = ${chatId} and user_id = ${userId}`);
}

/** The oldest remaining admin, else the oldest member: the next owner when the owner leaves. */
export async function nextOwner(db: Db, chatId: number): Promise<number | undefined> {
  const row = await firstRow(
    db,
    z.object({ user_id: col.int }),
    sql`select user_id from chat_members where chat_id = ${chatId} and left_at is null and role in ('admin', 'member')
         order by role = 'admin' desc, joined_at, user_id limit 1`,
  );
  return row?.user_id;
}

const Count = z.object({ n: col.int });

/**
 * Everyone a chat's news goes to: its present members, and for a channel also the subsite's subscribers and
 * managers. Those who left are out.
 */
export async function recipientIds(db: Db, chat: ChatRow): Promise<number[]> {
  const result = await rows(
    db,
    z.object({ id: col.int }),
    chat.type === 'channel' && chat.subsite_id
      ? sql`
        select user_id as id from subscriptions where subsite_id = ${chat.subsite_id}
        union select user_id from subsite_roles where subsite_id = ${chat.subsite_id} and role in ('owner', 'admin')
        except select user_id from chat_members where chat_id = ${chat.id} and left_at is not null`
      : sql`select user_id as id from chat_members where chat_id = ${chat.id} and left_at is null`,
  );
  return result.map((r) => r.id);
}

export async function isSubscribed(db: Db, userId: number, subsiteId: number) {
  return Boolean(
    await firstRow(
      db,
      z.object({ x: col.int }),
      sql`select 1 as x from subscriptions where user_id = ${userId} and subsite_id = ${subsiteId}`,
    ),
  );
}

const SubsiteRow = z.object({ id: col.int, type: col.text, name: col.text });
export function findSubsite(db: Db, id: number) {
  return firstRow(db, SubsiteRow, sql`select id, type, name from subsites where id = ${id}`);
}

// ——— The chat list ———

const ListRow = ChatRow.extend({
  role: z.enum(['owner', 'admin', 'member', 'reader']).nullable(),
  last_read_id: col.int,
  muted: col.bool,
  unread: col.int,
  members_count: col.int,
  peer_id: col.int.nullable(),
  read_by_others_id: col.int,
  subsite_name: col.text.nullable(),
  subsite_avatar: col.text.nullable(),
  subsite_color: col.text.nullable(),
  active_us: col.text,
});
export type ListRow = z.output<typeof ListRow>;

/** The chats a person is in: their member rows, and the channels of subsites they subscribe to. */
const myChatIds = (userId: number) => sql`
  select chat_id from chat_members where user_id = ${userId} and left_at is null
  union
  select c.id from chats c join subscriptions s on s.subsite_id = c.subsite_id and s.user_id = ${userId}
   where c.type = 'channel'
     and not exists (select 1 from chat_members l where l.chat_id = c.id and l.user_id = ${userId}
                       and l.left_at is not null)`;

function listSelect(userId: number) {
  return sql`
    select c.id, c.type, c.title, c.picture, c.owner_id, c.subsite_id, c.last_message_id, c.active_at,
           (extract(epoch from c.active_at) * 1000000)::bigint::text as active_us,
           m.role, coalesce(m.last_read_id, 0) as last_read_id, coalesce(m.muted, false) as muted,
           (select count(*) from chat_messages x
             where x.chat_id = c.id and x.id > coalesce(m.last_read_id, 0) and not x.removed
               and x.author_id is distinct from ${userId}) as unread,
           case when c.type = 'channel' then coalesce(ss.subscribers_count, 0)
                else (select count(*) from chat_members k where k.chat_id = c.id and k.left_at is null) end
             as members_count,
           (select k.user_id from chat_members k where k.chat_id = c.id and c.type = 'direct'
               and k.user_id <> ${userId} limit 1) as peer_id,
           coalesce((select max(k.last_read_id) from chat_members k
                      where k.chat_id = c.id and k.user_id <> ${userId} and k.left_at is null), 0) as read_by_others_id,
           ss.name as subsite_name, ss.avatar_url as subsite_avatar, ss.avatar_color as subsite_color
      from chats c
      left join chat_members m on m.chat_id = c.id and m.user_id = ${userId}
      left join subsites ss on ss.id = c.subsite_id`;
}

export function chatsOf(
  db: Db,
  userId: number,
  opts: { before?: { us: string; id: number }; limit: number; search?: string; ids?: number[] },
) {
  const where: SQL[] = [sql`c.id in (${myChatIds(userId)})`];
  if (opts.before)
    where.push(sql`(c.active_at, c.id) < (to_timestamp(${opts.before.us}::numeric / 1000000), ${opts.before.id})`);
  if (opts.ids)
    where.push(
      sql`c.id in (${sql.join(
        opts.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(sql`(c.title ilike ${like} or ss.name ilike ${like} or exists (
      select 1 from chat_members k join subsites p on p.id = k.user_id
       where k.chat_id = c.id and k.user_id <> ${userId} and k.left_at is null and p.name ilike ${like}))`);
  }
  return rows(
    db,
    ListRow,
    sql`${listSelect(userId)} where ${sql.join(where, sql` and `)}
        order by c.active_at desc, c.id desc limit ${opts.limit}`,
  );
}

/** Unread messages over the person's chats that are not muted: the header's badge. */
export async function unreadTotal(db: Db, userId: number): Promise<number> {
  const row = await firstRow(
    db,
    Count,
    sql`select count(*) as n
          from chat_messages x
          join (${myChatIds(userId)}) mine on mine.chat_id = x.chat_id
          left join chat_members m on m.chat_id = x.chat_id and m.user_id = ${userId}
         where x.id > coalesce(m.last_read_id, 0) and not x.removed and not coalesce(m.muted, false)
           and x.author_id is distinct from ${userId}`,
  );
  return row?.n ?? 0;
}

/** The reader's muted chats: their messages do not count in the header's total (the client skips them too). */
export async function mutedChatIds(db: Db, userId: number): Promise<number[]> {
  const result = await rows(
    db,
    z.object({ id: col.int }),
    sql`select chat_id as id from chat_members where user_id = ${userId} and muted and left_at is null`,
  );
  return result.map((r) => r.id);
}

const MemberListRow = z.object({
  user_id: col.int,
  role: z.enum(['owner', 'admin', 'member', 'reader']),
  name: col.text,
  slug: col.text,
  avatar_url: col.text.nullable(),
  avatar_color: col.text,
});
export function membersOf(db: Db, chatId: number, limit = 200) {
  return rows(
    db,
    MemberListRow,
    sql`select m.user_id, m.role, s.name, s.slug, s.avatar_url, s.avatar_color
          from chat_members m join subsites s on s.id = m.user_id
         where m.chat_id = ${chatId} and m.left_at is null and m.role <> 'reader'
         order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.joined_at, m.user_id
         limit ${limit}`,
  );
}
