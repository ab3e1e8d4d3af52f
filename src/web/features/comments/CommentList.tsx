import { Fragment, type RefObject } from 'react';
import type { MediaImage } from '../../../shared/media.ts';
import { commentsUi } from '../../../shared/catalogue/comments.ts';
import { COMMENT_SORTINGS, type Comment, type CommentSorting } from '../../../shared/comments.ts';
import type { Entry } from '../../../shared/entries.ts';
import { pluralize } from '../../../shared/format.ts';
import type { CurrentUser } from '../../../shared/api.ts';
import { CommentItem } from './CommentItem.tsx';
import { threadRoots } from './pages.ts';

const L = commentsUi;

/** The shown comments of a discussion in tree order, with 'more replies' under a thread and 'more threads' at the end. */
export function CommentList(props: {
  entry: Entry;
  items: Comment[];
  user: CurrentUser | null;
  now: number;
  newIds: Set<number>;
  highlighted: number | null;
  open: boolean;
  sorting: CommentSorting;
  replyTo: number | null;
  editing: number | null;
  /** Replies each thread still hides, by its top-level comment. */
  more: Record<number, number>;
  busy: 'threads' | number | null;
  cursor: string | null;
  /** Comments of the threads not loaded yet. */
  later: number;
  sentinel: RefObject<HTMLDivElement | null>;
  setReplyTo(id: number | null): void;
  setEditing(id: number | null): void;
  reload(): void;
  remove(id: number, branch: boolean): void;
  add(text: string, parent: number | null, gif: MediaImage | null): Promise<boolean>;
  edit(id: number, text: string, gif: MediaImage | null): Promise<boolean>;
  moreReplies(rootId: number): void;
  moreThreads(): void;
}) {
  const { entry, items, user, now, newIds, highlighted, open, sorting, replyTo, editing, more, busy, cursor, later } =
    props;
  const { sentinel, setReplyTo, setEditing, reload, remove, add, edit, moreReplies, moreThreads } = props;
  const roots = threadRoots(items);
  const authors = new Map(items.map((c) => [c.id, c.author?.name ?? L.removed]));
  return (
    <div className="comments__list" data-testid="comments-list" data-sorting={sorting}>
      {items.map((c, i) => {
        // Every listed comment has its thread's root (threadRoots walks the same list).
        const root = roots.get(c.id) ?? c.id;
        return (
          <Fragment key={c.id}>
            <CommentItem
              comment={c}
              now={now}
              parentName={c.reply_to ? (authors.get(c.reply_to) ?? null) : null}
              hasReplies={(items[i + 1]?.level ?? 0) > c.level}
              isNew={newIds.has(c.id)}
              highlighted={highlighted === c.id}
              canReply={open}
              canRemoveBranch={Boolean(user?.is_staff)}
              canBan={Boolean(user?.is_staff) && c.author?.id !== user?.id}
              canPin={
                Boolean(user?.is_staff) || Boolean(user?.managedSubsites.some((s) => s.value === entry.subsite.id))
              }
              onPinned={reload}
              blocked={Boolean(c.author && user?.ignored_ids.includes(c.author.id))}
              canComplain={Boolean(user) && c.author?.id !== user?.id}
              replying={replyTo === c.id}
              editing={editing === c.id}
              onReply={() => {
                setEditing(null);
                setReplyTo(c.id);
              }}
              onEdit={() => {
                setReplyTo(null);
                setEditing(c.id);
              }}
              onCancel={() => {
                setReplyTo(null);
                setEditing(null);
              }}
              onRemove={(branch) => remove(c.id, branch)}
              submitReply={(text, gif) => add(text, c.id, gif)}
              submitEdit={(text, gif) => edit(c.id, text, gif)}
            />
            {(items[i + 1]?.level ?? 0) === 0 && more[root] > 0 && (
              <button
                type="button"
                className="comments__more-replies"
                data-testid="comments-more-replies"
                aria-busy={busy === root}
                onClick={() => moreReplies(root)}
              >
                {L.moreReplies} {pluralize(more[root], L.replies)}
              </button>
            )}
          </Fragment>
        );
      })}
      {cursor && (
        <div ref={sentinel} className="comments__more">
          <button
            type="button"
            className="comments__more-threads"
            data-testid="comments-more-threads"
            aria-busy={busy === 'threads'}
            onClick={moreThreads}
          >
            {later > 0 ? `${L.moreReplies} ${pluralize(later, L.count)}` : L.moreThreads}
          </button>
        </div>
      )}
    </div>
  );
}

/** The title with the count and the sorting buttons. */
export function CommentsHeader({
  count,
  sorting,
  onSorting,
}: {
  count: number;
  sorting: CommentSorting;
  onSorting(next: CommentSorting): void;
}) {
  return (
    <header className="comments__header">
      <h2 className="comments__title" data-testid="comments-title">
        {count ? pluralize(count, L.count) : L.title}
      </h2>
      <div className="comments__sorting" role="group" aria-label={L.sortingLabel}>
        {COMMENT_SORTINGS.map((s) => (
          <button
            key={s}
            type="button"
            className="comments__sort"
            aria-pressed={sorting === s}
            data-testid={`comments-sort-${s}`}
            onClick={() => onSorting(s)}
          >
            {L.sorting[s]}
          </button>
        ))}
      </div>
    </header>
  );
}
