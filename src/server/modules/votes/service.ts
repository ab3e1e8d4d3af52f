import type { VoteData, ReactionTarget } from '../../../shared/reactions.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import type { UserRow } from '../auth/index.ts';
import { voteCountersOf } from './counters.ts';
import { assertCanVote } from './policy.ts';
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
    assertCanVote(user, input.type, target);
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
