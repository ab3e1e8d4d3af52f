import { commentsUi as L } from '../../../shared/catalogue/comments.ts';
import { COMMENTS_PAGE_THREADS, type CommentSorting, type CommentsPage } from '../../../shared/comments.ts';
import type { adminRemoveBranch, list, remove } from '../../../shared/api/comments.ts';
import { call } from '../../api/call.ts';
import { reportFailure, type ApiResult } from '../../api/request.ts';
import { openModal } from '../../ui/overlays/modal.tsx';

/** What a request for a page sends besides the entry and the sorting. */
export type PageParams = { count?: number; cursor?: string; thread?: number; after?: number; comment?: number };

/**
 * A page of an entry's discussion in an order; `mark` is the seen mark of the visit, which tells the new comments.
 * With `count` the answer is always a page, never the whole list.
 */
export const fetchPage = async (
  entryId: number,
  order: CommentSorting,
  mark: { count: number; at: number } | null,
  params: PageParams,
) =>
  (await call<typeof list>(
    'GET /comments',
    {
      content_id: entryId,
      sorting: order,
      count: COMMENTS_PAGE_THREADS,
      ...(mark ? { seen_count: mark.count, seen_at: mark.at } : {}),
      ...params,
    },
    { notify: false },
  )) as ApiResult<CommentsPage>;

/**
 * Removes a comment, or (staff) its whole branch, once the reader confirms; null when they cancel. A failure says so
 * (spec/content.md §8: «Не удалось удалить комментарий», «… ветку»).
 */
export async function confirmRemove(id: number, branch: boolean) {
  const { status } = await openModal({
    title: branch ? L.removeBranchTitle : L.removeTitle,
    text: branch ? L.removeBranchText : L.removeText,
    confirmLabel: L.removeConfirm,
    danger: true,
  });
  if (!status) return null;
  const result = branch
    ? await call<typeof adminRemoveBranch>('POST /admin/comments/removeBranch', { id }, { notify: false })
    : await call<typeof remove>('POST /comment/remove', { id }, { notify: false });
  reportFailure(result, branch ? L.removeBranchFailed : L.removeFailed);
  return result;
}
