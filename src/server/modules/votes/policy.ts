import { messages } from '../../../shared/catalogue.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import type { ReactionTarget } from '../../../shared/reactions.ts';
import type { UserRow } from '../auth/index.ts';
import type { VoteTargetRow } from './queries.ts';

/**
 * Who may vote on what: the target must be visible (published, not removed; in a private community, to its members
 * and the site's staff: `closed` says the voter is none of them), not the voter's own, open for votes, and a private
 * community asks for Plus (spec/foundation.md §6; rc 402 opens the buy popup on the client).
 * Banned and anonymous voters are stopped earlier by requireActiveUser.
 */
export function assertCanVote(
  user: Pick<UserRow, 'id' | 'isPaid'>,
  type: ReactionTarget,
  target: VoteTargetRow | undefined,
  closed: boolean,
): asserts target is VoteTargetRow {
  const isComment = type === 'comment';
  if (!target || !target.is_published || target.removed || target.comment_removed) {
    throw notFound(isComment ? messages.reactionCommentNotFound : messages.reactionEntryNotFound);
  }
  if (closed) throw new ApiError(403, messages.entryPrivate, { subsite_id: target.subsite_id });
  if (target.author_id === user.id) throw forbidden(isComment ? messages.voteOwnComment : messages.voteOwnEntry);
  // The author's switch covers votes on the entry itself; its comments stay open for votes.
  if (!isComment && !target.is_enabled_likes) throw forbidden(messages.voteLikesDisabled);
  if (target.is_private && !user.isPaid) throw new ApiError(402, messages.votePlusRequired);
}
