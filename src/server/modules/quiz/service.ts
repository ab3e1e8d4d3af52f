import type { Block } from '../../../shared/blocks.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { QuizBundle, QuizResult, QuizVoter } from '../../../shared/api/quiz.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { perAppCache } from '../../lib/cache.ts';
import { ApiError, badRequest, expected, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { assertNotBannedIn } from '../restrictions/index.ts';
import { presentPerson } from '../users/index.ts';
import { assertCanVote, canSee } from './policy.ts';
import { readsPrivateSubsite } from '../subsites/service.ts';
import * as q from './queries.ts';

type Viewer = UserRow | null;

/**
 * Quizzes (issue 28; spec/content.md §3, §4, §7). The entry's save keeps its quiz blocks here (`keepQuizzes`, in the
 * save's transaction); a vote is one row per person and quiz, all its options at once, and tells `quiz.voted`, which
 * realtime turns into batched `quiz results updated` messages on the entry's channel.
 */

/** What the quizzes table keeps of an entry's quiz blocks (the save, the demo seed). */
export const quizValuesOf = (blocks: readonly Block[]): q.QuizValues[] =>
  blocks.flatMap((b) =>
    b.type === 'quiz'
      ? [
          {
            hash: b.data.hash,
            items: b.data.items.map((i) => i.hash),
            isMultiple: b.data.multiple,
            isResultsBefore: b.data.results === 'before',
          },
        ]
      : [],
  );

/** The quiz blocks of a saved entry become its quizzes; a hash another entry holds is refused (the save undone). */
export async function keepQuizzes(ctx: Ctx, entryId: number, blocks: readonly Block[]): Promise<void> {
  const list = quizValuesOf(blocks);
  const taken = await q.hashesOfOthers(
    ctx.db,
    entryId,
    list.map((x) => x.hash),
  );
  if (taken.length) throw badRequest(messages.entryQuizHashTaken, { errors: { entry: messages.entryQuizHashTaken } });
  await q.replaceQuizzes(ctx.db, entryId, list);
}

const presentVoter = (r: Parameters<typeof presentPerson>[0]): QuizVoter => presentPerson(r);

/** Everyone's part of a quiz's results: the options' counts, the voters' total, three random voters. */
type Counted = Omit<QuizResult, 'userVoted' | 'userItems'>;

async function counted(ctx: Ctx, quiz: q.QuizRow): Promise<Counted> {
  const [counts, total, voters] = await Promise.all([
    q.itemCounts(ctx.db, quiz.hash),
    q.voterTotal(ctx.db, quiz.hash),
    q.randomVoters(ctx.db, quiz.hash),
  ]);
  const countOf = (item: string) => counts.find((c) => c.item === item)?.n ?? 0;
  const max = Math.max(0, ...quiz.items.map(countOf));
  return {
    items: Object.fromEntries(
      quiz.items.map((item) => {
        const count = countOf(item);
        const percentage = total ? Math.round((count / total) * 100) : 0;
        return [item, { isWinner: max > 0 && count === max, percentage, count }];
      }),
    ),
    randomVotedUsers: voters.map(presentVoter),
    total,
  };
}

/**
 * A popular quiz is read by every reader of its entry and of the feeds: everyone's part of its results is counted
 * at most once a second per node (with the shared caches on; a vote's own answer and the live messages count afresh).
 */
const countedCache = perAppCache<Counted>('quiz.results', 1000, 10_000, { staleMs: 1000 });

/** The results of these quizzes as `viewerId` sees them (null: as anyone, the live messages). */
async function resultsOf(
  ctx: Ctx,
  list: q.QuizRow[],
  viewerId: number | null,
  fresh = false,
): Promise<Map<string, QuizResult>> {
  const [parts, choices] = await Promise.all([
    Promise.all(
      list.map((quiz) =>
        fresh || !ctx.config.sharedCaches
          ? counted(ctx, quiz)
          : countedCache(ctx).get(quiz.hash, () => counted(ctx, quiz)),
      ),
    ),
    viewerId === null
      ? []
      : q.choicesOf(
          ctx.db,
          viewerId,
          list.map((x) => x.hash),
        ),
  ]);
  return new Map(
    list.map((quiz, i) => {
      const chosen = choices.find((c) => c.hash === quiz.hash);
      return [quiz.hash, { ...parts[i], userVoted: chosen !== undefined, userItems: chosen?.items ?? [] }];
    }),
  );
}

/** Whether the quiz's entry is in a private community this viewer is not a member of. */
const closedFor = async (ctx: Ctx, viewer: Viewer, quiz: q.QuizRow) =>
  quiz.is_private && !(await readsPrivateSubsite(ctx, viewer, quiz.subsite_id));

/** `GET /quiz/bundleResult`: every asked quiz the reader may see; unknown ones null, none known at all a 404. */
export async function bundle(ctx: Ctx, viewer: Viewer, hashes: string[]): Promise<QuizBundle> {
  const unique = [...new Set(hashes)];
  const found = await q.findQuizzes(ctx.db, unique);
  const closed = await Promise.all(found.map((x) => closedFor(ctx, viewer, x)));
  const seen = found.filter((x, i) => canSee(viewer, x, closed[i]));
  if (!seen.length) throw notFound(messages.quizNotFound);
  const results = await resultsOf(ctx, seen, viewer?.id ?? null);
  return Object.fromEntries(unique.map((h) => [h, results.get(h) ?? null]));
}

/** An option's random voters change slowly and are asked by every reader who looks: kept a minute with the shared caches on (spec: cached). */
const votersCache = perAppCache<QuizVoter[]>('quiz.voters', 60_000, 10_000);

/** `GET /quiz/randomResults/{hash}/{itemHash}`: up to three random voters of the option. */
export async function randomResults(ctx: Ctx, viewer: Viewer, hash: string, itemHash: string): Promise<QuizVoter[]> {
  const quiz = await q.findQuiz(ctx.db, hash);
  if (!quiz || !canSee(viewer, quiz, await closedFor(ctx, viewer, quiz))) throw notFound(messages.quizNotFound);
  if (!quiz.items.includes(itemHash)) throw notFound(messages.quizItemNotFound);
  const read = async () => (await q.randomVoters(ctx.db, hash, itemHash)).map(presentVoter);
  return ctx.config.sharedCaches ? votersCache(ctx).get(`${hash}:${itemHash}`, read) : read();
}

export interface VoteInput {
  hash: string;
  entryId: number;
  items: string[];
  /** The browser's fingerprint, kept with the vote; never who votes (that is the account). */
  deviceToken: string | null;
}

/** `POST /quiz/{hash}/entryId/{id}/vote[/{option}]`: one vote per account; the answer is the quiz's results. */
export async function vote(ctx: Ctx, user: UserRow, input: VoteInput): Promise<QuizResult> {
  const items = [...new Set(input.items)];
  const quiz = await transaction(ctx, async (ctx) => {
    const quiz = await q.findQuiz(ctx.db, input.hash);
    assertCanVote(user, quiz, input.entryId, items, !!quiz && (await closedFor(ctx, user, quiz)));
    await assertNotBannedIn(ctx, user.id, quiz.subsite_id);
    const stored = await q.insertVote(ctx.db, {
      quizHash: quiz.hash,
      userId: user.id,
      items,
      deviceToken: input.deviceToken,
    });
    if (!stored) throw new ApiError(409, messages.quizAlreadyVoted);
    ctx.events.emit('quiz.voted', { entryId: quiz.entry_id, hash: quiz.hash });
    return quiz;
  });
  return expected((await resultsOf(ctx, [quiz], user.id, true)).get(quiz.hash), 'the quiz voted in');
}

/** A deleted account's votes are taken back; the quizzes' live results follow. */
export async function withdrawAll(ctx: Ctx, userId: number): Promise<number> {
  const quizzes = await transaction(ctx, (ctx) => q.deleteVotesOf(ctx.db, userId));
  for (const x of quizzes) ctx.events.emit('quiz.voted', { entryId: x.entryId, hash: x.hash });
  return quizzes.length;
}

/**
 * The results anyone sees now, for the live message; null when the quiz is gone, or in a private community (the
 * entry's channel is open to anyone).
 */
export async function liveResults(ctx: Ctx, hash: string): Promise<QuizResult | null> {
  const quiz = await q.findQuiz(ctx.db, hash);
  return quiz && !quiz.is_private ? ((await resultsOf(ctx, [quiz], null, true)).get(hash) ?? null) : null;
}
