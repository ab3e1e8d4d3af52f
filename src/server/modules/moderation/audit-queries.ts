import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Role } from '../../../shared/api.ts';
import { shownCommentText } from '../../db/comment-text.ts';
import type { Db } from '../../db/index.ts';
import { col, intArray, onlyRow, rows, ts } from '../../db/rows.ts';

/** The audit log and what the user card of /admin shows. */

// ---- audit log ----

export interface NewAudit {
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: number;
  reason?: string;
  data?: Record<string, unknown>;
  now: Date;
}

export async function insertAudit(db: Db, a: NewAudit) {
  await db.execute(
    sql`insert into audit_log (actor_id, action, target_type, target_id, reason, data, created_at)
        values (${a.actorId}, ${a.action}, ${a.targetType}, ${a.targetId}, ${a.reason ?? ''},
          ${JSON.stringify(a.data ?? {})}::jsonb, ${ts(a.now)})`,
  );
}

const AuditRow = z.object({
  id: col.int,
  actor_id: col.int.nullable(),
  actor_name: col.text.nullable(),
  actor_slug: col.text.nullable(),
  action: col.text,
  target_type: col.text,
  target_id: col.int,
  reason: col.text,
  data: z.record(z.string(), z.unknown()),
  created_at: col.date,
  target_name: col.text.nullable(),
  target_slug: col.text.nullable(),
  target_subsite_type: col.text.nullable(),
  entry_id: col.int.nullable(),
  entry_slug: col.text.nullable(),
  entry_subsite_id: col.int.nullable(),
});
export type AuditRow = z.output<typeof AuditRow>;

/** The log, newest first, in pages by id; optionally about one person (as actor or target) or one action. */
export async function auditPage(
  db: Db,
  f: { lastId: number | null; limit: number; action?: string; userId?: number },
): Promise<AuditRow[]> {
  const where = [sql`true`];
  if (f.lastId) where.push(sql`a.id < ${f.lastId}`);
  if (f.action) where.push(sql`a.action = ${f.action}`);
  if (f.userId) where.push(sql`(a.actor_id = ${f.userId} or (a.target_type = 'user' and a.target_id = ${f.userId}))`);
  return rows(
    db,
    AuditRow,
    sql`select a.id, a.actor_id, acs.name as actor_name, acs.slug as actor_slug, a.action, a.target_type,
          a.target_id, a.reason, a.data, a.created_at,
          coalesce(ts.name, e.title, left(${shownCommentText()}, 200)) as target_name, ts.slug as target_slug, ts.type as target_subsite_type,
          coalesce(e.id, ce.id) as entry_id, coalesce(e.slug, ce.slug) as entry_slug,
          coalesce(e.subsite_id, ce.subsite_id) as entry_subsite_id
        from audit_log a
        left join subsites acs on acs.id = a.actor_id
        left join subsites ts on a.target_type in ('user', 'subsite') and ts.id = a.target_id
        left join entries e on a.target_type = 'entry' and e.id = a.target_id
        left join comments c on a.target_type = 'comment' and c.id = a.target_id
        left join entries ce on ce.id = c.entry_id
        where ${sql.join(where, sql` and `)}
        order by a.id desc limit ${f.limit}`,
  );
}

// ---- the user card ----

export async function activityCounts(db: Db, userId: number) {
  return onlyRow(
    db,
    z.object({ entries: col.int, comments: col.int, removed_entries: col.int, removed_comments: col.int }),
    sql`select
      (select count(*) from entries where author_id = ${userId} and not removed) as entries,
      (select count(*) from comments where author_id = ${userId} and not removed) as comments,
      (select count(*) from entries where author_id = ${userId} and removed) as removed_entries,
      (select count(*) from comments where author_id = ${userId} and removed) as removed_comments`,
  );
}

const ActivityRow = z.object({
  type: z.enum(['entry', 'comment']),
  id: col.int,
  text: col.text,
  entry_id: col.int,
  entry_slug: col.text,
  subsite_id: col.int,
  subsite_slug: col.text,
  subsite_type: col.text,
  date: col.date,
  removed: col.bool,
});
export type ActivityRow = z.output<typeof ActivityRow>;

export async function recentActivity(db: Db, userId: number, limit: number): Promise<ActivityRow[]> {
  return rows(
    db,
    ActivityRow,
    sql`(select 'entry' as type, e.id, e.title as text, e.id as entry_id, e.slug as entry_slug, s.id as subsite_id,
            s.slug as subsite_slug, s.type as subsite_type, e.created_at as date, e.removed
           from entries e join subsites s on s.id = e.subsite_id where e.author_id = ${userId}
           order by e.id desc limit ${limit})
        union all
        (select 'comment', c.id, left(${shownCommentText()}, 200), e.id, e.slug, s.id, s.slug, s.type, c.created_at, c.removed
           from comments c join entries e on e.id = c.entry_id join subsites s on s.id = e.subsite_id
          where c.author_id = ${userId} order by c.id desc limit ${limit})
        order by date desc limit ${limit}`,
  );
}

export type { Role };

export async function commentAuthors(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return rows(
    db,
    z.object({ id: col.int, author_id: col.int }),
    sql`select id, author_id from comments where id in (select unnest(${intArray(ids)}::int[]))`,
  );
}
