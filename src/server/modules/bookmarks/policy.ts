import { messages } from '../../../shared/catalogue.ts';
import type { ReactionTarget } from '../../../shared/reactions.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Bookmarks are private to the reader: anyone signed in may keep one on what they can see (`closed`: a private
 * community's, and the reader is not its member). Taking a bookmark back works even after its entry or comment was
 * removed, so the list can be cleaned.
 */
export function assertCanBookmark(
  type: ReactionTarget,
  target: { visible: boolean } | undefined,
  state: 0 | 1,
  closed: boolean,
) {
  if (!target || (state === 1 && (!target.visible || closed))) {
    throw notFound(type === 'content' ? messages.reactionEntryNotFound : messages.reactionCommentNotFound);
  }
}
