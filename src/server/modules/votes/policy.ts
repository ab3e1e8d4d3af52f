import { messages } from '../../../shared/catalogue.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import type { ReactionTarget } from '../../../shared/reactions.ts';
import type { UserRow } from '../auth/index.ts';
import type { VoteTargetRow } from './queries.ts';

/**
 * Who may vote on what: the target must be visible (published, not removed), not the voter's own,
 * open for votes, and a private subsite asks for Plus (rc 402 opens the buy popup on the client).
 * Banned and anonymous voters are stopped earlier by requireActiveUser.
 */
export function assertCanVote(
  user: Pick<UserRow, 'id' | 'isPaid'>,
  type: ReactionTarget,
  target: VoteTargetRow | undefined,
): asserts target is VoteTargetRow {
  const isComment = type === 'comment';
  if (!target || !target.is_published || target.removed || target.comment_removed) {
    throw notFound(isComment ? messages.reactionCommentNotFound : messages.reactionEntryNotFound);
  }
  if (target.author_id === user.id) throw forbidden(isComment ? messages.voteOwnComment : messages.voteOwnEntry);
  // The author's switch covers votes on the entry itself; its comments stay open for votes.
  if (!isComment && !target.is_enabled_likes) throw forbidden(messages.voteLikesDisabled);
  if (target.is_private && !user.isPaid) throw new ApiError(402, messages.votePlusRequired);
}
