import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { readerMarks } from '../../db/reader-marks.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import { image as coverImage, storedBlocks, type Block } from '../../../shared/blocks.ts';
import { entries, subscriptions, subsiteRoles, subsites } from '../../db/schema.ts';

const subsiteType = z.enum(subsites.type.enumValues);

/** A feed card row: the entry, its author and subsite, and the reader's own vote and bookmark. */
export const EntryCardRow = z.object({
  id: col.int,
  title: col.text,
  slug: col.text,
  blocks: storedBlocks,
  published_at: col.date,
  is_nsfw: col.bool,
  is_enabled_comments: col.bool,
  is_enabled_likes: col.bool,
  is_advertisement: col.bool,
  is_still_updating: col.bool,
  is_editorial: col.bool,
  is_special: col.bool,
  is_filled_by_editors: col.bool,
  is_clean_cover: col.bool,
  custom_cover: coverImage.nullable(),
  likes_count: col.int,
  likes_summ: col.int,
  comments_count: col.int,
  favorites_count: col.int,
  hits_count: col.int,
  reposts_count: col.int,
  hotness: col.float,
  my_vote: col.int,
  is_favorited: col.bool,
  author_id: col.int,
  author_name: col.text,
  author_slug: col.text,
  author_avatar: col.text.nullable(),
  author_color: col.text,
  author_plus: col.bool,
  subsite_id: col.int,
  subsite_type: subsiteType,
  subsite_name: col.text,
  subsite_slug: col.text,
  subsite_avatar: col.text.nullable(),
  subsite_color: col.text,
  /** The subsite is a private community: its members alone read the entry (subsites `readsSubsite`). */
  subsite_private: col.bool,
  /** Listens of the entry's audio blocks by hash (the media module's `audio_listens`). */
  audio_listens: z.record(z.string(), col.int).nullable(),
});
export type EntryCardRow = z.output<typeof EntryCardRow>;

/**
 * `select … from entries e join …` for cards; callers add `where`, `order by` and `limit`.
 * The reader's vote and bookmark are point lookups on primary keys, so a page of 20 costs 40 index probes.
 */
export function cardSelect(viewerId: number | null, extraColumns: SQL = sql``): SQL {
  const { myVote, favorited } = readerMarks(viewerId, 'content', sql.raw('e.id'));
  return sql`
    select e.id, e.title, e.slug, e.blocks, e.published_at, e.is_nsfw, e.is_enabled_comments, e.is_enabled_likes,
           e.is_advertisement, e.is_still_updating, e.is_editorial, e.is_special, e.is_filled_by_editors, e.is_clean_cover, e.custom_cover,
           e.likes_count, e.likes_summ, e.comments_count, e.favorites_count, e.hits_count, e.reposts_count, e.hotness,
           ${myVote}::int as my_vote, ${favorited} as is_favorited,
           a.id as author_id, a.name as author_name, a.slug as author_slug, a.avatar_url as author_avatar, a.avatar_color as author_color,
           exists (select 1 from users au where au.id = e.author_id and au.is_paid) as author_plus,
           s.id as subsite_id, s.type as subsite_type, s.name as subsite_name, s.slug as subsite_slug, s.avatar_url as subsite_avatar, s.avatar_color as subsite_color, s.is_private as subsite_private,
           (select jsonb_object_agg(l.hash, l.listens) from audio_listens l where l.entry_id = e.id) as audio_listens
           ${extraColumns}
      from entries e
      join subsites a on a.id = e.author_id
      join subsites s on s.id = e.subsite_id`;
}

/** Whether an entry waits for review, and a community's rejection of it (told to its author): columns of a draft. */
const Awaiting = z.enum(['approval', 'spam']).nullable();
const Rejection = z
  .object({ reason: z.string(), date: col.date, subsite: z.string() })
  .nullable()
  .transform((r) => (r ? { reason: r.reason, date: r.date.toISOString(), subsite: r.subsite } : null));
const reviewColumns = sql`(select r.reason from entry_reviews r where r.entry_id = e.id) as awaiting_review,
  (select json_build_object('reason', x.reason, 'date', x.created_at, 'subsite', xs.name)
     from entry_rejections x join subsites xs on xs.id = x.subsite_id where x.entry_id = e.id) as rejection`;

const DraftRow = z.object({
  id: col.int,
  title: col.text,
  blocks: storedBlocks,
  updated_at: col.date,
  subsite_id: col.int,
  subsite_type: subsiteType,
  subsite_name: col.text,
  subsite_slug: col.text,
  awaiting_review: Awaiting,
  rejection: Rejection,
});
export type DraftRow = z.output<typeof DraftRow>;

/**
 * A page of the author's unpublished, not removed entries, newest change first, after the draft `lastId` (another
 * author's id finds no position, so an empty page); one row more than asked tells whether the list goes on.
 */
export async function draftsOf(db: Db, authorId: number, lastId: number | null, limit: number): Promise<DraftRow[]> {
  const after =
    lastId === null
      ? sql``
      : sql`and (e.updated_at, e.id) < (select c.updated_at, c.id from entries c where c.id = ${lastId} and c.author_id = ${authorId})`;
  return rows(
    db,
    DraftRow,
    sql`
    select e.id, e.title, e.blocks, e.updated_at, s.id as subsite_id, s.type as subsite_type, s.name as subsite_name, s.slug as subsite_slug,
           ${reviewColumns}
      from entries e
      join subsites s on s.id = e.subsite_id
     where e.author_id = ${authorId} and not e.is_published and not e.removed ${after}
     order by e.updated_at desc, e.id desc
     limit ${limit + 1}`,
  );
}

/** A whole entry: the card columns plus its state, for the entry page, the API and the editor. */
export const EntryRow = EntryCardRow.extend({
  published_at: col.date.nullable(),
  created_at: col.date,
  updated_at: col.date,
  is_published: col.bool,
  removed: col.bool,
  is_approved_for_public_rss: col.bool,
  is_hidden_from_main: col.bool,
  is_hidden_for_plus: col.bool,
  locked_by_admin: col.bool,
  is_enabled_best_comments: col.bool,
  is_show_thanks: col.bool,
  external_access: col.bool,
  access_token: col.text,
  withheld: z.array(z.string()),
  hold_on_main_until: col.date.nullable(),
  hold_on_flash_until: col.date.nullable(),
  is_special: col.bool,
  is_filled_by_editors: col.bool,
  is_enabled_ad: col.bool,
  is_disabled_apps: col.bool,
  custom_style: col.text,
  closed_editing_by: col.int.nullable(),
  pinned_feeds: z.array(col.int),
  awaiting_review: Awaiting,
  rejection: Rejection,
});
export type EntryRow = z.output<typeof EntryRow>;

const entryColumns = sql`, e.created_at, e.updated_at, e.is_published, e.removed, e.is_approved_for_public_rss, e.is_hidden_from_main, e.is_hidden_for_plus,
  e.is_enabled_best_comments, e.is_show_thanks, e.external_access, e.access_token, e.withheld, e.hold_on_main_until,
  e.hold_on_flash_until, e.is_special, e.is_filled_by_editors, e.is_enabled_ad, e.is_disabled_apps, e.custom_style,
  exists (select 1 from entry_locks l where l.entry_id = e.id) as locked_by_admin,
  (select c.by_id from entry_editing_closed c where c.entry_id = e.id) as closed_editing_by,
  array(select p.feed_id from feed_pins p where p.entry_id = e.id order by p.feed_id) as pinned_feeds,
  ${reviewColumns}`;

export async function entryById(db: Db, id: number, viewerId: number | null): Promise<EntryRow | undefined> {
  return firstRow(db, EntryRow, sql`${cardSelect(viewerId, entryColumns)} where e.id = ${id}`);
}

/** The stored state the save rules look at. */
export async function entryState(db: Db, id: number) {
  const [row] = await db
    .select({
      id: entries.id,
      authorId: entries.authorId,
      subsiteId: entries.subsiteId,
      isPublished: entries.isPublished,
      removed: entries.removed,
      isHiddenFromMain: entries.isHiddenFromMain,
      isShowThanks: entries.isShowThanks,
    })
    .from(entries)
    .where(eq(entries.id, id))
    .limit(1);
  return row;
}
export type EntryState = NonNullable<Awaited<ReturnType<typeof entryState>>>;

/** Whether the user is subscribed to the subsite (a member, for the posting rule 'members'). */
const isMember = (userId: number) =>
  sql<boolean>`exists(select 1 from ${subscriptions} m where m.subsite_id = ${subsites.id} and m.user_id = ${userId})`.mapWith(
    Boolean,
  );

/** A subsite with the user's role in it, if any, and whether they are its member. */
export async function subsiteWithRole(db: Db, subsiteId: number, userId: number) {
  const [row] = await db
    .select({ subsite: subsites, role: subsiteRoles.role, member: isMember(userId) })
    .from(subsites)
    .leftJoin(subsiteRoles, and(eq(subsiteRoles.subsiteId, subsites.id), eq(subsiteRoles.userId, userId)))
    .where(eq(subsites.id, subsiteId))
    .limit(1);
  return row;
}
export type SubsiteWithRole = NonNullable<Awaited<ReturnType<typeof subsiteWithRole>>>;

/**
 * Candidates for the writing form's subsite list: the user's blog, subsites where they hold a role, communities open
 * to everyone or, for their members, to members (every community for staff); policy.ts decides, this only keeps the
 * list short.
 */
export async function postingCandidates(
  db: Db,
  userId: number,
  staff: boolean,
  limit: number,
): Promise<SubsiteWithRole[]> {
  return db
    .select({ subsite: subsites, role: subsiteRoles.role, member: isMember(userId) })
    .from(subsites)
    .leftJoin(subsiteRoles, and(eq(subsiteRoles.subsiteId, subsites.id), eq(subsiteRoles.userId, userId)))
    .where(
      sql`${subsites.id} = ${userId} or (${subsites.type} <> 'user' and (${subsiteRoles.role} is not null or ${staff}
        or (${subsites.type} = 'community' and ((${subsites.posting} = 'everyone' and not ${subsites.isPrivate})
          or (${subsites.posting} <> 'authors' and ${isMember(userId)})))))`,
    )
    .orderBy(
      sql`${subsites.id} = ${userId} desc`,
      sql`${subsiteRoles.role} is null`,
      sql`${subsites.subscribersCount} desc`,
      subsites.id,
    )
    .limit(limit);
}

export interface EntryValues {
  subsiteId: number;
  title: string;
  slug: string;
  blocks: Block[];
  isPublished: boolean;
  isEnabledComments?: boolean;
  isEnabledLikes?: boolean;
  isNsfw?: boolean;
  isHiddenFromMain?: boolean;
  /** The entry model's other fields (fields.ts decides who may set which); absent ones keep their value. */
  fields?: EntryFieldValues;
}

/** Columns of the entry model's fields a save may set. */
export type EntryFieldValues = Partial<
  Pick<
    typeof entries.$inferInsert,
    | 'isAdvertisement'
    | 'isStillUpdating'
    | 'isEnabledBestComments'
    | 'isShowThanks'
    | 'isCleanCover'
    | 'customCover'
    | 'externalAccess'
    | 'withheld'
    | 'holdOnMainUntil'
    | 'holdOnFlashUntil'
    | 'isEditorial'
    | 'isSpecial'
    | 'isFilledByEditors'
    | 'isEnabledAd'
    | 'isDisabledApps'
    | 'customStyle'
  >
>;

/** A new secret link for the entry (the old one stops working). */
export async function renewAccessToken(db: Db, id: number) {
  await db
    .update(entries)
    .set({ accessToken: sql`md5(random()::text || clock_timestamp()::text)` })
    .where(eq(entries.id, id));
}

/** Where staff hold an entry for a time: the main feed (`is_holdonmain`) or the flash block (`is_holdonflash`). */
export type HoldPlace = 'main' | 'flash';
const holdColumn = { main: entries.holdOnMainUntil, flash: entries.holdOnFlashUntil } as const;

/** Entries held at the top of that place now, the latest hold first. */
export async function heldOn(db: Db, place: HoldPlace, now: Date, limit: number): Promise<number[]> {
  const until = holdColumn[place];
  const held = await db
    .select({ id: entries.id })
    .from(entries)
    .where(sql`${until} > ${now.toISOString()}::timestamptz and ${entries.isPublished} and not ${entries.removed}`)
    .orderBy(sql`${until} desc`, sql`${entries.id} desc`)
    .limit(limit);
  return held.map((r) => r.id);
}

/** Those of these entries staff keep out of the apps (`is_disabled_apps`). */
export async function disabledInApps(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: entries.id })
    .from(entries)
    .where(sql`${entries.id} = any(${`{${ids.join(',')}}`}::int[]) and ${entries.isDisabledApps}`);
  return new Set(rows.map((r) => r.id));
}

export async function insertEntry(db: Db, authorId: number, v: EntryValues, now: Date): Promise<number> {
  const [row] = await db
    .insert(entries)
    .values({
      ...rest(v),
      authorId,
      createdAt: now,
      updatedAt: now,
      publishedAt: v.isPublished ? now : null,
    })
    .returning({ id: entries.id });
  return row.id;
}

const rest = ({ fields, ...v }: EntryValues) => ({ ...v, ...fields });

/** Publishing stamps `published_at` only the first time, so unpublishing and publishing again keeps the date. */
export async function updateEntry(db: Db, id: number, v: EntryValues, now: Date) {
  await db
    .update(entries)
    .set({
      ...rest(v),
      updatedAt: now,
      ...(v.isPublished ? { publishedAt: sql`coalesce(${entries.publishedAt}, ${now})` } : {}),
    })
    .where(eq(entries.id, id));
}

/** Moderation's flags (unpublish, unforce, 18+): only the given ones change; answers whether the entry exists. */
export async function setModerationFlags(
  db: Db,
  id: number,
  flags: { isPublished?: boolean; isNsfw?: boolean; isHiddenFromMain?: boolean },
): Promise<boolean> {
  const changed = await db.update(entries).set(flags).where(eq(entries.id, id)).returning({ id: entries.id });
  return changed.length > 0;
}

/** Moderation's approval: publishes an entry held for review (first publication date kept if it had one). */
export async function publishNow(db: Db, id: number, now: Date) {
  const [row] = await db
    .update(entries)
    .set({ isPublished: true, publishedAt: sql`coalesce(${entries.publishedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(entries.id, id), eq(entries.removed, false)))
    .returning({ id: entries.id, subsiteId: entries.subsiteId, authorId: entries.authorId, title: entries.title });
  return row;
}
