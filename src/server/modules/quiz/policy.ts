import { messages } from '../../../shared/catalogue.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { canRead } from '../entries/index.ts';
import type { QuizRow } from './queries.ts';

type Viewer = Pick<UserRow, 'id' | 'role'> | null;

/**
 * A quiz is seen where its entry is: published and not removed (in a private community, by its members: `closed`
 * says the viewer is none), or a draft by its author and staff.
 */
export const canSee = (viewer: Viewer, quiz: QuizRow, closed: boolean) =>
  canRead(viewer, { authorId: quiz.author_id, isPublished: quiz.is_published, removed: quiz.removed, closed });

/**
 * A vote goes to a quiz of that entry, published and not removed, with options of that quiz (one unless it takes
 * several); a private community's quiz is its members' (`closed`: the voter is none of them, nor staff) and asks for
 * Plus (rc 402, spec/foundation.md §6), as its votes do. Bans: `access: 'active'` and the subsite's ban (service).
 */
export function assertCanVote(
  user: Pick<UserRow, 'isPaid'>,
  quiz: QuizRow | undefined,
  entryId: number,
  items: readonly string[],
  closed: boolean,
): asserts quiz is QuizRow {
  if (!quiz || quiz.entry_id !== entryId || !quiz.is_published || quiz.removed) throw notFound(messages.quizNotFound);
  if (closed) throw new ApiError(403, messages.entryPrivate, { subsite_id: quiz.subsite_id });
  if (!items.length) throw badRequest(messages.quizItemsRequired);
  if (items.some((i) => !quiz.items.includes(i))) throw badRequest(messages.quizItemNotFound);
  if (!quiz.is_multiple && items.length > 1) throw badRequest(messages.quizSingleAnswer);
  if (quiz.is_private && !user.isPaid) throw new ApiError(402, messages.votePlusRequired);
}
