import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { matchesQuery } from '../../db/text-search.ts';
import { col, firstRow, intArray, rows } from '../../db/rows.ts';
import { vacancies } from '../../db/schema.ts';
import { storedBlocks } from '../../../shared/blocks.ts';
import type { VacancyFilters } from '../../../shared/api/vacancies.ts';
import {
  EMPLOYMENTS,
  EXPERIENCES,
  SPECIALISATIONS,
  VACANCY_STATES,
  type VacancyState,
} from '../../../shared/vacancies.ts';

/** A vacancy with the blog it was posted from. */
export const VacancyRow = z.object({
  id: col.int,
  subsite_id: col.int,
  author_id: col.int,
  title: col.text,
  company: col.text,
  description: col.text,
  description_blocks: storedBlocks,
  salary_from: col.int.nullable(),
  salary_to: col.int.nullable(),
  town_id: col.int.nullable(),
  is_remote: col.bool,
  specialisation: z.enum(SPECIALISATIONS),
  experience: z.enum(EXPERIENCES),
  employment: z.enum(EMPLOYMENTS),
  apply_url: col.text,
  apply_contact: col.text,
  state: z.enum(VACANCY_STATES),
  reason: col.text,
  published_at: col.date.nullable(),
  expires_at: col.date.nullable(),
  created_at: col.date,
  /** The publishing time as UTC text with microseconds: the list's exact cursor. */
  sort: col.text.nullable(),
  subsite_type: z.enum(['user', 'community', 'company']),
  subsite_name: col.text,
  subsite_slug: col.text,
  subsite_avatar: col.text.nullable(),
  subsite_color: col.text,
});
export type VacancyRow = z.output<typeof VacancyRow>;

/** What a card shows: a vacancy without its description and the ways to apply, which only its own page reads. */
export const VacancyCardRow = VacancyRow.omit({
  description: true,
  description_blocks: true,
  apply_url: true,
  apply_contact: true,
  reason: true,
});
export type VacancyCardRow = z.output<typeof VacancyCardRow>;

const CARD_COLUMNS = sql`v.id, v.subsite_id, v.author_id, v.title, v.company, v.salary_from, v.salary_to, v.town_id,
         v.is_remote, v.specialisation, v.experience, v.employment, v.state,
         v.published_at, v.expires_at, v.created_at,
         to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort,
         s.type as subsite_type, s.name as subsite_name, s.slug as subsite_slug, s.avatar_url as subsite_avatar,
         s.avatar_color as subsite_color`;
const FROM = sql`from vacancies v join subsites s on s.id = v.subsite_id`;
const SELECT = sql`select ${CARD_COLUMNS}, v.description, v.description_blocks, v.apply_url, v.apply_contact, v.reason
    ${FROM}`;
const SELECT_CARD = sql`select ${CARD_COLUMNS} ${FROM}`;

export const findVacancy = (db: Db, id: number) => firstRow(db, VacancyRow, sql`${SELECT} where v.id = ${id}`);

/** The published ones among these ids (in no order). */
export const findPublished = (db: Db, ids: number[]) =>
  rows(db, VacancyCardRow, sql`${SELECT_CARD} where v.state = 'published' and v.id = any(${intArray(ids)}::int[])`);

export interface Cursor {
  lastId: number;
  lastSortingValue: string;
}

/** Published vacancies by the filters, newest first (the (state, published_at, id) index walks them). */
export function listPublished(
  db: Db,
  f: VacancyFilters,
  cursor: Cursor | null,
  limit: number,
  offset = 0,
): Promise<VacancyCardRow[]> {
  const where: SQL[] = [sql`v.state = 'published'`];
  if (f.town_id !== undefined) where.push(sql`v.town_id = ${f.town_id}`);
  if (f.remote) where.push(sql`v.is_remote`);
  if (f.specialisation) where.push(sql`v.specialisation = ${f.specialisation}`);
  if (f.experience) where.push(sql`v.experience = ${f.experience}`);
  if (f.employment) where.push(sql`v.employment = ${f.employment}`);
  if (f.subsite_id !== undefined) where.push(sql`v.subsite_id = ${f.subsite_id}`);
  // A vacancy paying up to at least the asked sum (or not saying) fits "from".
  if (f.salary_from !== undefined)
    where.push(sql`coalesce(v.salary_to, v.salary_from, ${f.salary_from}) >= ${f.salary_from}`);
  const found = matchesQuery(sql`v.search_vector`, f.q);
  if (found) where.push(found);
  if (cursor) where.push(sql`(v.published_at, v.id) < (${cursor.lastSortingValue}::timestamptz, ${cursor.lastId})`);
  return rows(
    db,
    VacancyCardRow,
    sql`${SELECT_CARD} where ${sql.join(where, sql` and `)}
     order by v.published_at desc, v.id desc limit ${limit} offset ${offset}`,
  );
}

/** The newest published vacancies with their descriptions (the RSS feed). */
export const newestPublished = (db: Db, limit: number) =>
  rows(
    db,
    VacancyRow,
    sql`${SELECT} where v.state = 'published' order by v.published_at desc, v.id desc limit ${limit}`,
  );

/** A person's own vacancies (posted by them from any blog), newest first. */
export const listByAuthor = (db: Db, authorId: number, limit = 50) =>
  rows(
    db,
    VacancyRow,
    sql`${SELECT} where v.author_id = ${authorId} order by v.created_at desc, v.id desc limit ${limit}`,
  );

/** The staff queue: waiting vacancies, oldest first. */
export const listWaiting = (db: Db, limit = 100) =>
  rows(db, VacancyRow, sql`${SELECT} where v.state = 'moderation' order by v.updated_at, v.id limit ${limit}`);

export type VacancyValues = Omit<typeof vacancies.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'authorId'>;

export async function insertVacancy(db: Db, authorId: number, values: VacancyValues): Promise<number> {
  const [row] = await db
    .insert(vacancies)
    .values({ ...values, authorId })
    .returning({ id: vacancies.id });
  return row.id;
}

/** Changes a vacancy's fields and sends it back to staff; only while it is in one of `from`. */
export async function updateVacancy(db: Db, id: number, values: VacancyValues, now: Date): Promise<boolean> {
  const changed = await db
    .update(vacancies)
    .set({ ...values, state: 'moderation', reason: '', updatedAt: now })
    .where(and(eq(vacancies.id, id), sql`${vacancies.state} in ('moderation', 'published', 'rejected')`))
    .returning({ id: vacancies.id });
  return changed.length > 0;
}

/** Moves a vacancy from one of `from` to `to`; false when it was not in them (a race or a repeat). */
export async function setState(
  db: Db,
  id: number,
  from: readonly VacancyState[],
  to: VacancyState,
  now: Date,
  extra: { reason?: string; publishedAt?: Date; expiresAt?: Date } = {},
): Promise<boolean> {
  const changed = await db
    .update(vacancies)
    .set({
      state: to,
      updatedAt: now,
      ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
      ...(extra.publishedAt ? { publishedAt: extra.publishedAt, expiryWarned: false } : {}),
      ...(extra.expiresAt ? { expiresAt: extra.expiresAt } : {}),
    })
    .where(and(eq(vacancies.id, id), sql`${vacancies.state} in ${sql.raw(`('${from.join("','")}')`)}`))
    .returning({ id: vacancies.id });
  return changed.length > 0;
}

const ExpiringRow = z.object({ id: col.int, title: col.text, expires_at: col.date, email: col.text, name: col.text });

/** Published vacancies ending before `until` whose author was not written to yet; marks them written. */
export const takeExpiring = (db: Db, until: Date, limit = 200) =>
  rows(
    db,
    ExpiringRow,
    sql`
    with due as (
      select id from vacancies
       where state = 'published' and not expiry_warned and expires_at <= ${until.toISOString()}::timestamptz
       order by expires_at limit ${limit} for update skip locked)
    update vacancies v set expiry_warned = true
      from due, users u join subsites s on s.id = u.id
     where v.id = due.id and u.id = v.author_id
    returning v.id, v.title, v.expires_at, u.email, s.name`,
  );

const ExpiredRow = z.object({ id: col.int, title: col.text, author_id: col.int });

/** Published vacancies past their end become expired. */
export const expireDue = (db: Db, now: Date, limit = 500) =>
  rows(
    db,
    ExpiredRow,
    sql`
    with due as (
      select id from vacancies where state = 'published' and expires_at <= ${now.toISOString()}::timestamptz
       order by expires_at limit ${limit} for update skip locked)
    update vacancies v set state = 'expired', updated_at = ${now.toISOString()}::timestamptz
      from due where v.id = due.id
    returning v.id, v.title, v.author_id`,
  );

const SubsiteRow = z.object({ id: col.int, type: z.enum(['user', 'community', 'company']), name: col.text });

/** The blog a vacancy is posted from. */
export const findSubsite = (db: Db, id: number) =>
  firstRow(db, SubsiteRow, sql`select id, type, name from subsites where id = ${id}`);

/** The companies and communities a person runs (owner or admin): the blogs they may post a vacancy from. */
export const managedBlogs = (db: Db, userId: number) =>
  rows(
    db,
    SubsiteRow,
    sql`select s.id, s.type, s.name from subsite_roles r join subsites s on s.id = r.subsite_id
         where r.user_id = ${userId} and r.role in ('owner', 'admin') and s.type <> 'user'
         order by s.name limit 50`,
  );
