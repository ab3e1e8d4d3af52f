import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { col, firstRow, rows } from '../../db/rows.ts';
import { quizVotes, quizzes } from '../../db/schema.ts';
import { QUIZ_RANDOM_VOTERS } from '../../../shared/quiz.ts';

/** What the save keeps of a quiz block. */
export interface QuizValues {
  hash: string;
  items: string[];
  isMultiple: boolean;
  isResultsBefore: boolean;
}

/** Of these hashes, those another entry's quizzes hold. */
export async function hashesOfOthers(db: Db, entryId: number, hashes: string[]): Promise<string[]> {
  if (!hashes.length) return [];
  const found = await db
    .select({ hash: quizzes.hash, entryId: quizzes.entryId })
    .from(quizzes)
    .where(inArray(quizzes.hash, hashes));
  return found.filter((r) => r.entryId !== entryId).map((r) => r.hash);
}

/** The entry's quizzes become exactly these: new ones added, changed ones updated, dropped ones deleted (votes too). */
export async function replaceQuizzes(db: Db, entryId: number, list: QuizValues[]): Promise<void> {
  const hashes = list.map((q) => q.hash);
  await db
    .delete(quizzes)
    .where(and(eq(quizzes.entryId, entryId), hashes.length ? notInArray(quizzes.hash, hashes) : undefined));
  for (const q of list) {
    await db
      .insert(quizzes)
      .values({ entryId, ...q })
      .onConflictDoUpdate({
        target: quizzes.hash,
        set: { items: q.items, isMultiple: q.isMultiple, isResultsBefore: q.isResultsBefore },
        // The save checked that no other entry holds the hash; this keeps it so under a race.
        setWhere: eq(quizzes.entryId, entryId),
      });
  }
}

const QuizRow = z.object({
  hash: col.text,
  entry_id: col.int,
  items: z.array(z.string()),
  is_multiple: col.bool,
  is_results_before: col.bool,
  author_id: col.int,
  subsite_id: col.int,
  is_published: col.bool,
  removed: col.bool,
  is_private: col.bool,
});
export type QuizRow = z.output<typeof QuizRow>;

const quizSelect = sql`
  select q.hash, q.entry_id, q.items, q.is_multiple, q.is_results_before,
         e.author_id, e.subsite_id, e.is_published, e.removed, s.is_private
    from quizzes q join entries e on e.id = q.entry_id join subsites s on s.id = e.subsite_id`;

/** Quizzes with their entries' state, by hash. */
export async function findQuizzes(db: Db, hashes: string[]): Promise<QuizRow[]> {
  if (!hashes.length) return [];
  return rows(db, QuizRow, sql`${quizSelect} where q.hash = any(${sql.param(hashes)}::text[])`);
}

export async function findQuiz(db: Db, hash: string): Promise<QuizRow | undefined> {
  return firstRow(db, QuizRow, sql`${quizSelect} where q.hash = ${hash}`);
}

const CountRow = z.object({ item: col.text, n: col.int });
/** Votes per option of a quiz (an option nobody chose is absent). */
export async function itemCounts(db: Db, hash: string) {
  return rows(
    db,
    CountRow,
    sql`select i.item, count(*) as n
          from quiz_votes v cross join lateral unnest(v.items) as i(item)
         where v.quiz_hash = ${hash}
         group by i.item`,
  );
}

const TotalRow = z.object({ n: col.int });
/** People who voted in a quiz. */
export async function voterTotal(db: Db, hash: string): Promise<number> {
  const [row] = await rows(db, TotalRow, sql`select count(*) as n from quiz_votes where quiz_hash = ${hash}`);
  return row?.n ?? 0;
}

/** The reader's choices in these quizzes. */
export async function choicesOf(db: Db, userId: number, hashes: string[]) {
  return db
    .select({ hash: quizVotes.quizHash, items: quizVotes.items })
    .from(quizVotes)
    .where(and(eq(quizVotes.userId, userId), inArray(quizVotes.quizHash, hashes)));
}

const VoterRow = z.object({
  author_id: col.int,
  author_name: col.text,
  author_slug: col.text,
  author_avatar: col.text.nullable(),
  author_color: col.text,
});

/** Up to three random voters of a quiz, or of one of its options (`item`). */
export async function randomVoters(db: Db, hash: string, item: string | null = null) {
  return rows(
    db,
    VoterRow,
    sql`select a.id as author_id, a.name as author_name, a.slug as author_slug,
               a.avatar_url as author_avatar, a.avatar_color as author_color
          from quiz_votes v join subsites a on a.id = v.user_id
         where v.quiz_hash = ${hash} ${item === null ? sql`` : sql`and ${item} = any(v.items)`}
         order by random() limit ${QUIZ_RANDOM_VOTERS}`,
  );
}

/** Records a vote; false when the person had voted in the quiz already (one vote per account). */
export async function insertVote(
  db: Db,
  v: { quizHash: string; userId: number; items: string[]; deviceToken: string | null },
): Promise<boolean> {
  const inserted = await db.insert(quizVotes).values(v).onConflictDoNothing().returning({ hash: quizVotes.quizHash });
  return inserted.length > 0;
}

/** Takes back every vote of a person (a deleted account); answers the quizzes they were in, with their entries. */
export async function deleteVotesOf(db: Db, userId: number) {
  const gone = await db.delete(quizVotes).where(eq(quizVotes.userId, userId)).returning({ hash: quizVotes.quizHash });
  if (!gone.length) return [];
  return db
    .select({ hash: quizzes.hash, entryId: quizzes.entryId })
    .from(quizzes)
    .where(
      inArray(
        quizzes.hash,
        gone.map((g) => g.hash),
      ),
    );
}
