import type { VoteData, ReactionTarget } from '../../../shared/reactions.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import type { UserRow } from '../auth/index.ts';
import { voteCountersOf } from './counters.ts';
import { assertCanVote } from './policy.ts';
import { readsPrivateSubsite } from '../subsites/service.ts';
import * as q from './queries.ts';

export interface VoteInput {
  id: number;
  type: ReactionTarget;
  sign: -1 | 0 | 1;
}

/**
 * One vote per user and target: repeating a sign changes nothing, 0 takes the vote back.
 * The vote is stored in one transaction; the answer then counts the votes from the likes table, after the commit,
 * so it is exact (the last of many simultaneous votes sees them all) even before the counters fold. The target is
 * marked for the fold and the change is told only once it has committed: a vote that failed leaves no mark and no
 * notification.
 */
export async function vote(ctx: Ctx, user: UserRow, input: VoteInput): Promise<VoteData> {
  const { before, target } = await transaction(ctx, async (ctx) => {
    const target = await q.findVoteTarget(ctx.db, input.type, input.id);
    const closed = !!target?.is_private && !(await readsPrivateSubsite(ctx, user, target.subsite_id));
    assertCanVote(user, input.type, target, closed);
    return { before: await q.setVote(ctx.db, input.type, input.id, user.id, input.sign), target };
  });
  const { count, summ } = await q.tally(ctx.db, input.type, input.id);
  if (before !== input.sign) {
    await voteCountersOf(ctx)?.mark(input.type, input.id);
    ctx.events.emit('vote.changed', {
      type: input.type,
      targetId: input.id,
      entryId: target.entry_id,
      ownerId: target.author_id,
      voterId: user.id,
      sign: input.sign,
      before,
      count,
      summ,
    });
  }
  return { count, summ, is_liked: input.sign };
}

/**
 * A deleted account's votes are taken back one by one, as if it pressed each again: the targets are marked for the
 * fold (counters and ratings recount) and `vote.changed` goes out, also for targets removed since the vote.
 */
export async function withdrawAll(ctx: Ctx, userId: number): Promise<number> {
  let n = 0;
  for (const v of await q.votesOf(ctx.db, userId)) {
    const target = await q.findVoteTarget(ctx.db, v.type, v.id);
    const before = await q.setVote(ctx.db, v.type, v.id, userId, 0);
    if (before === 0) continue;
    n++;
    await voteCountersOf(ctx)?.mark(v.type, v.id);
    if (!target) continue;
    const { count, summ } = await q.tally(ctx.db, v.type, v.id);
    ctx.events.emit('vote.changed', {
      type: v.type,
      targetId: v.id,
      entryId: target.entry_id,
      ownerId: target.author_id,
      voterId: userId,
      sign: 0,
      before,
      count,
      summ,
    });
  }
  return n;
}
