import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/index.ts';
import { col, firstRow, rows } from '../../../db/rows.ts';
import { FILE_TYPE, MEDIA_TYPES } from '../../../../shared/media.ts';
import type { MessengerSettings } from '../../../../shared/messenger.ts';
import { settings } from '../../users/index.ts';

/** The people a chat reaches and the rules between them: subscriptions, blocklists, settings, pictures. */

// ——— People and rules ———

const PersonRow = z.object({
  id: col.int,
  name: col.text,
  slug: col.text,
  avatar_url: col.text.nullable(),
  avatar_color: col.text,
  banned_until: col.date.nullable(),
  email: col.text,
});
/** `settings`: what the person stored of the messenger's settings (policy.settingsOf adds the defaults). */
export type PersonRow = z.output<typeof PersonRow> & { settings: Partial<MessengerSettings> };

export async function people(db: Db, ids: number[]): Promise<PersonRow[]> {
  if (!ids.length) return [];
  const [found, stored] = await Promise.all([
    rows(
      db,
      PersonRow,
      sql`select u.id, s.name, s.slug, s.avatar_url, s.avatar_color, u.banned_until, u.email
            from users u join subsites s on s.id = u.id
           where u.id in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})`,
    ),
    settings.messenger.readMany(db, ids),
  ]);
  return found.map((p) => ({ ...p, settings: stored.get(p.id) ?? {} }));
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

const MediaRow = z.object({
  uuid: col.text,
  type: z.enum([...MEDIA_TYPES, FILE_TYPE]),
  mime: col.text,
  width: col.int,
  height: col.int,
  size: col.int,
  color: col.text,
  duration: col.int,
  external_service: z.array(z.unknown()),
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
