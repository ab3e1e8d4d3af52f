import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { shownCommentText } from '../../db/comment-text.ts';
import type { Db } from '../../db/index.ts';
import { col, firstRow, IdRow, rows, ts } from '../../db/rows.ts';
import { subsites } from '../../db/schema.ts';
import { COMPLAINT_REASONS } from '../../../shared/complaints.ts';

// ---- targets ----

export async function findComment(db: Db, id: number) {
  return firstRow(
    db,
    z.object({ id: col.int, author_id: col.int, entry_id: col.int, removed: col.bool }),
    sql`select c.id, c.author_id, c.entry_id, (c.removed or e.removed or not e.is_published) as removed
          from comments c join entries e on e.id = c.entry_id where c.id = ${id}`,
  );
}

export async function subsiteExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await firstRow(db, IdRow, sql`select id from subsites where id = ${id}`));
}

// ---- complaints ----

/** Stores a complaint; false when this reader already complained about this target (one each). */
export async function insertComplaint(
  db: Db,
  c: { userId: number; targetType: string; targetId: number; reason: string; text: string; now: Date },
): Promise<number | null> {
  const row = await firstRow(
    db,
    IdRow,
    sql`insert into complaints (user_id, target_type, target_id, reason, text, created_at)
        values (${c.userId}, ${c.targetType}, ${c.targetId}, ${c.reason}, ${c.text}, ${ts(c.now)})
        on conflict (user_id, target_type, target_id) do nothing returning id`,
  );
  return row?.id ?? null;
}

const ComplaintRow = z.object({
  id: col.int,
  target_type: z.enum(['entry', 'comment', 'subsite']),
  target_id: col.int,
  reason: z.enum(COMPLAINT_REASONS),
  text: col.text,
  by_id: col.int,
  by_name: col.text,
  created_at: col.date,
  count: col.int,
  entry_id: col.int.nullable(),
  target_text: col.text.nullable(),
  subsite_type: z.enum(subsites.type.enumValues).nullable(),
  subsite_slug: col.text.nullable(),
});
export type ComplaintRow = z.output<typeof ComplaintRow>;

/** Open complaints, newest first, in pages by id, with what they are about. */
export async function openComplaints(db: Db, lastId: number | null, limit: number): Promise<ComplaintRow[]> {
  return rows(
    db,
    ComplaintRow,
    sql`select c.id, c.target_type, c.target_id, c.reason, c.text, c.user_id as by_id, u.name as by_name, c.created_at,
          (select count(*) from complaints o
            where o.target_type = c.target_type and o.target_id = c.target_id and o.resolved_at is null) as count,
          case c.target_type when 'entry' then c.target_id when 'comment' then cm.entry_id end as entry_id,
          case c.target_type when 'entry' then e.title when 'comment' then left(${shownCommentText('cm')}, 200) else s.name end
            as target_text,
          s.type as subsite_type, s.slug as subsite_slug
        from complaints c
        join subsites u on u.id = c.user_id
        left join entries e on c.target_type = 'entry' and e.id = c.target_id
        left join comments cm on c.target_type = 'comment' and cm.id = c.target_id
        left join subsites s on c.target_type = 'subsite' and s.id = c.target_id
       where c.resolved_at is null ${lastId ? sql`and c.id < ${lastId}` : sql``}
       order by c.id desc limit ${limit}`,
  );
}

/** Resolves one open complaint and the others about the same target; the ids resolved. */
export async function resolveComplaint(db: Db, id: number, byId: number, resolution: string, now: Date) {
  return rows(
    db,
    z.object({ id: col.int, target_type: col.text, target_id: col.int }),
    sql`update complaints c set resolved_at = ${ts(now)}, resolved_by = ${byId}, resolution = ${resolution}
          from complaints t
         where t.id = ${id} and t.resolved_at is null
           and c.target_type = t.target_type and c.target_id = t.target_id and c.resolved_at is null
        returning c.id, c.target_type, c.target_id`,
  );
}

// ---- misprints ----

export async function insertMisprint(
  db: Db,
  m: { entryId: number; userId: number | null; fragment: string; context: string; comment: string; now: Date },
): Promise<number | null> {
  const row = await firstRow(
    db,
    IdRow,
    sql`insert into misprints (entry_id, user_id, fragment, context, comment, created_at)
        values (${m.entryId}, ${m.userId}, ${m.fragment}, ${m.context}, ${m.comment}, ${ts(m.now)})
        on conflict (entry_id, user_id, fragment, md5(context)) do nothing returning id`,
  );
  return row?.id ?? null;
}

const MisprintRow = z.object({
  id: col.int,
  entry_id: col.int,
  entry_title: col.text,
  entry_author: col.int,
  fragment: col.text,
  context: col.text,
  comment: col.text,
  by_id: col.int.nullable(),
  by_name: col.text.nullable(),
  created_at: col.date,
  fixed_at: col.date.nullable(),
});
export type MisprintRow = z.output<typeof MisprintRow>;

const misprintSelect = sql`select m.id, m.entry_id, e.title as entry_title, e.author_id as entry_author, m.fragment,
    m.context, m.comment, m.user_id as by_id, u.name as by_name, m.created_at, m.fixed_at
  from misprints m join entries e on e.id = m.entry_id left join subsites u on u.id = m.user_id`;

export async function findMisprint(db: Db, id: number): Promise<MisprintRow | undefined> {
  return firstRow(db, MisprintRow, sql`${misprintSelect} where m.id = ${id}`);
}

/** One entry's reports (open first), or every open report for staff. */
export async function misprints(db: Db, f: { entryId?: number; lastId: number | null; limit: number }) {
  const where = f.entryId !== undefined ? sql`m.entry_id = ${f.entryId}` : sql`m.fixed_at is null and not e.removed`;
  return rows(
    db,
    MisprintRow,
    sql`${misprintSelect} where ${where} ${f.lastId ? sql`and m.id < ${f.lastId}` : sql``}
         order by (m.fixed_at is null) desc, m.id desc limit ${f.limit}`,
  );
}

export async function fixMisprint(db: Db, id: number, byId: number, now: Date): Promise<boolean> {
  const row = await firstRow(
    db,
    IdRow,
    sql`update misprints set fixed_at = ${ts(now)}, fixed_by = ${byId} where id = ${id} and fixed_at is null
        returning id`,
  );
  return Boolean(row);
}
