import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/index.ts';
import { col, firstRow, IdRow, jsonArray, jsonObject, rows } from '../../../db/rows.ts';
import type { ExtractResult } from '../../../../shared/extract.ts';
import type { MediaFile, MediaImage } from '../../../../shared/media.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const jsonb = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** Messages, their reactions, unread reminders and complaints. */

// ——— Messages ———

const MessageRow = z.object({
  id: col.int,
  chat_id: col.int,
  author_id: col.int.nullable(),
  text: col.text,
  attachments: jsonArray<MediaImage | MediaFile>(),
  preview: jsonObject<ExtractResult>().nullable(),
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
    attachments: (MediaImage | MediaFile)[];
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

export async function setPreview(db: Db, id: number, preview: ExtractResult) {
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
