import type { VoteData, ReactionTarget } from '../../../shared/reactions.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import type { VoteCounters } from './counters.ts';
import { assertCanVote } from './policy.ts';
import * as q from './queries.ts';

export interface VoteInput {
  id: number;
  type: ReactionTarget;
  sign: -1 | 0 | 1;
}

/**
 * One vote per user and target: repeating a sign changes nothing, 0 takes the vote back.
 * The answer counts the votes from the likes table, so it is exact even before the counters fold.
 */
export async function vote(ctx: Ctx, counters: VoteCounters, user: UserRow, input: VoteInput): Promise<VoteData> {
  const target = await q.findVoteTarget(ctx.db, input.type, input.id);
  assertCanVote(user, input.type, target);
  const before = await q.setVote(ctx.db, input.type, input.id, user.id, input.sign);
  if (before !== input.sign) await counters.mark(input.type, input.id);
  const { count, summ } = await q.tally(ctx.db, input.type, input.id);
  if (before !== input.sign) {
    ctx.events.emit('vote.changed', {
      type: input.type, targetId: input.id, entryId: Number(target!.entry_id), ownerId: Number(target!.author_id),
      voterId: user.id, sign: input.sign, before, count, summ,
    });
  }
  return { count, summ, is_liked: input.sign };
}
