import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, IdRow, rows } from '../../db/rows.ts';
import type { ChatRole, ChatType } from '../../../shared/messenger.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const jsonb = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

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

export async function activeMembersCount(db: Db, chatId: number): Promise<number> {
  const row = await firstRow(
    db,
    Count,
    sql`select count(*) as n from chat_members where chat_id = ${chatId} and left_at is null`,
  );
  return row?.n ?? 0;
}

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

export async function managesSubsite(db: Db, userId: number, subsiteId: number) {
  return Boolean(
    await firstRow(
      db,
      z.object({ x: col.int }),
      sql`select 1 as x from subsite_roles where user_id = ${userId} and subsite_id = ${subsiteId}
            and role in ('owner', 'admin')`,
    ),
  );
}

const SubsiteRow = z.object({ id: col.int, type: col.text, name: col.text });
export function findSubsite(db: Db, id: number) {
  return firstRow(db, SubsiteRow, sql`select id, type, name from subsites where id = ${id}`);
}

// ——— People and rules ———

const PersonRow = z.object({
  id: col.int,
  name: col.text,
  slug: col.text,
  avatar_url: col.text.nullable(),
  avatar_color: col.text,
  banned_until: col.date.nullable(),
  settings: z.record(z.string(), z.unknown()).nullable(),
  email: col.text,
});
export type PersonRow = z.output<typeof PersonRow>;

export function people(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return rows(
    db,
    PersonRow,
    sql`select u.id, s.name, s.slug, s.avatar_url, s.avatar_color, u.banned_until, u.settings, u.email
          from users u join subsites s on s.id = u.id
         where u.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}

const ContactRow = z.object({
  id: col.int,
  name: col.text,
  slug: col.text,
  avatar_url: col.text.nullable(),
  avatar_color: col.text,
});

/**
 * People the reader may add to a group: those of their direct chats and the people whose blogs they subscribe to
 * (`subscribedIds`: subsite ids; a person's blog has the person's id), by name, alphabetically.
 */
export function contacts(db: Db, userId: number, subscribedIds: number[], search: string, limit: number) {
  const subscribed = subscribedIds.length
    ? sql`or u.id in (${sql.join(
        subscribedIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return rows(
    db,
    ContactRow,
    sql`select s.id, s.name, s.slug, s.avatar_url, s.avatar_color
          from users u join subsites s on s.id = u.id
         where u.id <> ${userId}
           and (u.id in (select k.user_id from chat_members m
                           join chats c on c.id = m.chat_id and c.type = 'direct'
                           join chat_members k on k.chat_id = c.id and k.user_id <> ${userId}
                          where m.user_id = ${userId}) ${subscribed})
           and s.name ilike ${like}
         order by lower(s.name), s.id
         limit ${limit}`,
  );
}

/** Whether either of the two ignores the other (a muted blog id is "ignore this author"). */
export async function ignoresEither(db: Db, a: number, b: number) {
  return Boolean(
    await firstRow(
      db,
      z.object({ x: col.int }),
      sql`select 1 as x from subsite_mutes
           where (user_id = ${a} and subsite_id = ${b}) or (user_id = ${b} and subsite_id = ${a}) limit 1`,
    ),
  );
}

export async function hasWritten(db: Db, chatId: number, userId: number) {
  return Boolean(
    await firstRow(
      db,
      z.object({ x: col.int }),
      sql`select 1 as x from chat_messages where chat_id = ${chatId} and author_id = ${userId} limit 1`,
    ),
  );
}

export async function saveSettings(db: Db, userId: number, value: unknown) {
  await db.execute(
    sql`update users set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{messenger}', ${jsonb(value)})
         where id = ${userId}`,
  );
}

const MediaRow = z.object({
  uuid: col.text,
  type: col.text,
  mime: col.text,
  width: col.int,
  height: col.int,
  size: col.int,
  color: col.text,
  duration: col.int,
  external_service: col.json,
});
export type MediaRow = z.output<typeof MediaRow>;

export function mediaByUuids(db: Db, uuids: string[]) {
  if (!uuids.length) return Promise.resolve([]);
  return rows(
    db,
    MediaRow,
    sql`select uuid, type, mime, width, height, size::float8 as size, color, duration, external_service from media
         where uuid in (${sql.join(
           uuids.map((u) => sql`${u}`),
           sql`, `,
         )})`,
  );
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

// ——— Messages ———

const MessageRow = z.object({
  id: col.int,
  chat_id: col.int,
  author_id: col.int.nullable(),
  text: col.text,
  attachments: col.json,
  preview: col.json,
  reply_to: col.int.nullable(),
  client_id: col.text.nullable(),
  created_at: col.date,
  edited_at: col.date.nullable(),
  removed: col.bool,
  author_name: col.text.nullable(),
  author_slug: col.text.nullable(),
  author_avatar: col.text.nullable(),
  author_color: col.text.nullable(),
  reply_author_name: col.text.nullable(),
  reply_text: col.text.nullable(),
  reply_removed: col.bool.nullable(),
});
export type MessageRow = z.output<typeof MessageRow>;

const messageSelect = sql`
  select x.id, x.chat_id, x.author_id, x.text, x.attachments, x.preview, x.reply_to, x.client_id, x.created_at,
         x.edited_at, x.removed, a.name as author_name, a.slug as author_slug, a.avatar_url as author_avatar,
         a.avatar_color as author_color, ra.name as reply_author_name, r.text as reply_text, r.removed as reply_removed
    from chat_messages x
    left join subsites a on a.id = x.author_id
    left join chat_messages r on r.id = x.reply_to
    left join subsites ra on ra.id = r.author_id`;

export function findMessage(db: Db, id: number) {
  return firstRow(db, MessageRow, sql`${messageSelect} where x.id = ${id}`);
}

export function messagesByIds(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return rows(
    db,
    MessageRow,
    sql`${messageSelect} where x.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** Newest first, strictly older than `beforeId`. */
export function messagesBefore(db: Db, chatId: number, beforeId: number | null, limit: number) {
  return rows(
    db,
    MessageRow,
    sql`${messageSelect} where x.chat_id = ${chatId} ${beforeId ? sql`and x.id < ${beforeId}` : sql``}
        order by x.id desc limit ${limit}`,
  );
}

/** Around a message (staff reading a complaint): `n` before and after it. */
export function messagesAround(db: Db, chatId: number, id: number, n: number) {
  return rows(
    db,
    MessageRow,
    sql`(${messageSelect} where x.chat_id = ${chatId} and x.id < ${id} order by x.id desc limit ${n})
        union all
        (${messageSelect} where x.chat_id = ${chatId} and x.id >= ${id} order by x.id limit ${n + 1})`,
  );
}

export function findByClientId(db: Db, chatId: number, authorId: number, clientId: string) {
  return firstRow(
    db,
    IdRow,
    sql`select id from chat_messages where chat_id = ${chatId} and author_id = ${authorId} and client_id = ${clientId}`,
  );
}

/** The new message's id, or undefined when this `client_id` was already stored (a retried send). */
export async function insertMessage(
  db: Db,
  m: {
    chatId: number;
    authorId: number;
    text: string;
    attachments: unknown[];
    replyTo: number | null;
    clientId: string | null;
  },
  now: Date,
): Promise<number | undefined> {
  const [row] = await rows(
    db,
    IdRow,
    sql`insert into chat_messages (chat_id, author_id, text, attachments, reply_to, client_id, created_at)
        values (${m.chatId}, ${m.authorId}, ${m.text}, ${jsonb(m.attachments)}, ${m.replyTo}, ${m.clientId}, ${ts(now)})
        on conflict (chat_id, author_id, client_id) where client_id is not null do nothing
        returning id`,
  );
  if (!row) return undefined;
  await db.execute(sql`update chats set last_message_id = ${row.id}, active_at = ${ts(now)} where id = ${m.chatId}`);
  await db.execute(sql`update chat_members set last_read_id = greatest(last_read_id, ${row.id})
                        where chat_id = ${m.chatId} and user_id = ${m.authorId}`);
  return row.id;
}

export async function editMessage(db: Db, id: number, text: string, now: Date) {
  await db.execute(
    sql`update chat_messages set text = ${text}, preview = null, edited_at = ${ts(now)} where id = ${id}`,
  );
}

export async function setPreview(db: Db, id: number, preview: unknown) {
  await db.execute(sql`update chat_messages set preview = ${jsonb(preview)} where id = ${id} and not removed`);
}

export async function removeMessage(db: Db, id: number, now: Date) {
  await db.execute(sql`
    update chat_messages set removed = true, text = '', attachments = '[]'::jsonb, preview = null, edited_at = ${ts(now)}
     where id = ${id}`);
  await db.execute(sql`delete from chat_reactions where message_id = ${id}`);
}

const ReactionRow = z.object({ message_id: col.int, reaction: col.text, n: col.int, mine: col.bool });
export type ReactionRowOut = z.output<typeof ReactionRow>;
export function reactionsOf(db: Db, ids: number[], viewerId: number) {
  if (!ids.length) return Promise.resolve([]);
  return rows(
    db,
    ReactionRow,
    sql`select message_id, reaction, count(*) as n, bool_or(user_id = ${viewerId}) as mine
          from chat_reactions where message_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
         group by message_id, reaction order by min(created_at)`,
  );
}

export async function setReaction(db: Db, messageId: number, userId: number, reaction: string | null, now: Date) {
  if (reaction === null) {
    await db.execute(sql`delete from chat_reactions where message_id = ${messageId} and user_id = ${userId}`);
    return;
  }
  await db.execute(sql`
    insert into chat_reactions (message_id, user_id, reaction, created_at) values (${messageId}, ${userId}, ${reaction}, ${ts(now)})
    on conflict (message_id, user_id) do update set reaction = excluded.reaction`);
}

// ——— Unread reminders ———

/** Members who have not read up to `messageId`, are not muted, and were not told about it (or a later one). */
export function unreadRecipients(db: Db, chatId: number, messageId: number, authorId: number) {
  return rows(
    db,
    z.object({ user_id: col.int }),
    sql`select user_id from chat_members
         where chat_id = ${chatId} and left_at is null and not muted and user_id <> ${authorId}
           and last_read_id < ${messageId} and notified_id < ${messageId}`,
  );
}

export async function markNotified(db: Db, chatId: number, userId: number, messageId: number) {
  await db.execute(sql`update chat_members set notified_id = greatest(notified_id, ${messageId})
                        where chat_id = ${chatId} and user_id = ${userId}`);
}

// ——— Complaints ———

export async function insertComplaint(db: Db, messageId: number, reporterId: number, reason: string, now: Date) {
  await db.execute(sql`
    insert into chat_complaints (message_id, reporter_id, reason, created_at) values (${messageId}, ${reporterId}, ${reason}, ${ts(now)})
    on conflict (message_id, reporter_id) do update set reason = excluded.reason, resolved_at = null`);
}

const ComplaintRow = z.object({
  id: col.int,
  message_id: col.int,
  reporter_id: col.int,
  reason: col.text,
  created_at: col.date,
  resolved_at: col.date.nullable(),
});
export function openComplaints(db: Db, limit: number) {
  return rows(
    db,
    ComplaintRow,
    sql`select id, message_id, reporter_id, reason, created_at, resolved_at from chat_complaints
         where resolved_at is null order by created_at desc, id desc limit ${limit}`,
  );
}

export function findComplaint(db: Db, id: number) {
  return firstRow(
    db,
    ComplaintRow,
    sql`select id, message_id, reporter_id, reason, created_at, resolved_at from chat_complaints where id = ${id}`,
  );
}

export async function resolveComplaint(db: Db, id: number, byId: number, now: Date) {
  await db.execute(sql`update chat_complaints set resolved_at = ${ts(now)}, resolved_by = ${byId} where id = ${id}`);
}
