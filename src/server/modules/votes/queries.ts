import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import type { ReactionTarget } from '../../../shared/reactions.ts';

/** The facts a vote rule needs about its target; for a comment, `entry_id` and the entry's flags are its entry's. */
const VoteTargetRow = z.object({
  entry_id: col.int,
  author_id: col.int,
  is_published: col.bool,
  removed: col.bool,
  comment_removed: col.bool,
  is_enabled_likes: col.bool,
  subsite_id: col.int,
  is_private: col.bool,
});
export type VoteTargetRow = z.output<typeof VoteTargetRow>;

export async function findVoteTarget(db: Db, type: ReactionTarget, id: number): Promise<VoteTargetRow | undefined> {
  return type === 'content'
    ? firstRow(
        db,
        VoteTargetRow,
        sql`
        select e.id as entry_id, e.author_id, e.is_published, e.removed, false as comment_removed,
               e.is_enabled_likes, s.id as subsite_id, s.is_private
          from entries e join subsites s on s.id = e.subsite_id
         where e.id = ${id}`,
      )
    : firstRow(
        db,
        VoteTargetRow,
        sql`
        select e.id as entry_id, c.author_id, e.is_published, e.removed, c.removed as comment_removed,
               e.is_enabled_likes, s.id as subsite_id, s.is_private
          from comments c join entries e on e.id = c.entry_id join subsites s on s.id = e.subsite_id
         where c.id = ${id}`,
      );
}

/**
 * Sets the user's vote in one statement and answers the sign it replaced, so concurrent changes of one vote
 * never double count. 0 deletes the row; ±1 upserts it, and an upsert that finds the same sign writes nothing.
 * With only -1 and 1 stored, an update that did happen replaced the opposite sign; `xmax = 0` tells a fresh insert.
 */
export async function setVote(
  db: Db,
  type: ReactionTarget,
  id: number,
  userId: number,
  sign: -1 | 0 | 1,
): Promise<-1 | 0 | 1> {
  if (sign === 0) {
    const gone = await firstRow(
      db,
      z.object({ sign: z.union([z.literal(-1), z.literal(1)]) }),
      sql`
      delete from likes where target_type = ${type} and target_id = ${id} and user_id = ${userId} returning sign`,
    );
    return gone?.sign ?? 0;
  }
  const row = await firstRow(
    db,
    z.object({ inserted: col.bool }),
    sql`
    insert into likes (user_id, target_type, target_id, sign) values (${userId}, ${type}, ${id}, ${sign})
    on conflict (target_type, target_id, user_id) do update set sign = excluded.sign, created_at = now()
      where likes.sign <> excluded.sign
    returning (xmax = 0) as inserted`,
  );
  if (!row) return sign;
  return row.inserted ? 0 : (-sign as -1 | 1);
}

const TallyRow = z.object({ count: col.int, summ: col.int });

/** The target's votes straight from the likes primary key: exact at once, whatever the counters still wait for. */
const CastVote = z.object({ type: z.enum(['content', 'comment']), id: col.int });

/** Every vote one person cast (for the deletion of their account). */
export function votesOf(db: Db, userId: number) {
  return rows(db, CastVote, sql`select target_type as type, target_id as id from likes where user_id = ${userId}`);
}

export async function tally(db: Db, type: ReactionTarget, id: number): Promise<{ count: number; summ: number }> {
  const [tally] = await rows(
    db,
    TallyRow,
    sql`
    select count(*)::int as count, coalesce(sum(sign), 0)::int as summ
      from likes where target_type = ${type} and target_id = ${id}`,
  );
  return tally;
}

const RecountedRow = z.object({ id: col.int, author_id: col.int });

/**
 * Recounts the counters of the given entries or comments from their votes; rows already right are not written.
 * Answers the rows that changed with their authors, whose ratings follow.
 */
export async function recountTargets(
  db: Db,
  type: ReactionTarget,
  ids: number[],
): Promise<{ id: number; author_id: number }[]> {
  if (!ids.length) return [];
  const table = type === 'content' ? sql`entries` : sql`comments`;
  return rows(
    db,
    RecountedRow,
    sql`
    update ${table} t set likes_count = v.count, likes_summ = v.summ
      from (select x.id, count(l.sign)::int as count, coalesce(sum(l.sign), 0)::int as summ
              from unnest(${sql.param(ids)}::int[]) as x(id)
              left join likes l on l.target_type = ${type} and l.target_id = x.id
             group by x.id) v
     where t.id = v.id and (t.likes_count <> v.count or t.likes_summ <> v.summ)
    returning t.id, t.author_id`,
  );
}
