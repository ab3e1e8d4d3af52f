import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import {
  COMMENT_SORTINGS,
  type Comment,
  type CommentRemoved,
  type CommentSorting,
  type CommentsList,
} from '../../../shared/comments.ts';
import type { Entry } from '../../../shared/entries.ts';
import { pluralize } from '../../../shared/format.ts';
import { api } from '../../api/request.ts';
import { openModal, toast } from '../../ui/overlays/index.ts';
import { currentUser, useCurrentUser } from '../auth/session.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import { localNewIds, markSeen } from './seen.ts';
import { applyCommentsEvent } from '../realtime/comments.ts';
import { channelName, type CommentsEvent } from '../../../shared/realtime.ts';
import { useChannel } from '../realtime/useChannel.ts';
import type { CommentsInitial } from '../../../shared/pages/comments.ts';
import './comments.css';

const L = ui.comments;
const HIGHLIGHT_MS = 3000;

/** `#comment-{id}` or `?comment={id}` (with `mode=edit` for the edit link of spec/content.md §2). */
function linkedComment(search: string, hash: string): { id: number; edit: boolean } | null {
  const fromHash = /^#comment-(\d+)$/.exec(hash);
  const params = new URLSearchParams(search);
  const id = Number(fromHash?.[1] ?? params.get('comment'));
  if (!Number.isInteger(id) || id <= 0) return null;
  return { id, edit: !fromHash && params.get('mode') === 'edit' };
}

/**
 * The discussion under an entry. `initial` is the server-rendered first state (the entry loader's
 * `services.comments.list(entry.id)`); without it the list loads in the browser.
 */
export function Comments({ entry, initial }: { entry: Entry; initial?: CommentsInitial }) {
  // A draft has no discussion yet; a new entry (client navigation) starts a fresh discussion state.
  if (!entry.is_published || entry.removed) return null;
  return <Discussion key={entry.id} entry={entry} initial={initial} />;
}

function Discussion({ entry, initial }: { entry: Entry; initial?: CommentsInitial }) {
  const user = useCurrentUser();
  const location = useLocation();
  const [items, setItems] = useState<Comment[] | null>(initial?.items ?? null);
  const [sorting, setSorting] = useState<CommentSorting>(initial?.sorting ?? 'popular');
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(() => initial?.now ?? Date.now());
  const [newIds, setNewIds] = useState<Set<number>>(
    () => new Set(initial?.items.filter((c) => c.is_new).map((c) => c.id)),
  );
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const loads = useRef(0);
  const highlightTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  /** Takes a fresh list: keeps every 'new' mark seen during this visit, then records the visit. */
  const accept = useCallback(
    (list: Comment[]) => {
      // Read at call time: a sign-in in the middle of sending a comment changes who is reading.
      const signedIn = currentUser.get() !== null;
      setItems(list);
      const fresh = signedIn ? list.filter((c) => c.is_new).map((c) => c.id) : [...localNewIds(entry.id, list)];
      setNewIds((prev) => (fresh.length ? new Set([...prev, ...fresh]) : prev));
      markSeen(entry.id, list, signedIn);
    },
    [entry.id],
  );

  const load = useCallback(
    async (order: CommentSorting) => {
      const mine = ++loads.current;
      const res = await api.get<CommentsList>('comments', { content_id: entry.id, sorting: order }, { notify: false });
      if (mine !== loads.current) return; // a later load (another sorting, a new comment) wins
      setFailed(!res.ok);
      if (res.ok) accept(res.data.items);
    },
    [entry.id, accept],
  );

  // First state: the server's, or a load; again whenever the visitor signs in or out (rights and marks change).
  const shownFor = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    const id = user?.id ?? null;
    if (shownFor.current === id) return;
    const first = shownFor.current === undefined;
    shownFor.current = id;
    if (first && initial) accept(initial.items);
    else void load(sorting);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id]);

  // Relative dates: the server's clock for hydration, then the browser's, refreshed every minute.
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => {
      clearInterval(timer);
      clearTimeout(highlightTimer.current);
    };
  }, []);

  const focus = useCallback((id: number) => {
    setHighlighted(id);
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    requestAnimationFrame(() =>
      document.getElementById(`comment-${id}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    );
  }, []);

  // A link to a comment scrolls to it and highlights it; the edit link also opens its form.
  const loaded = items !== null;
  useEffect(() => {
    if (!loaded) return;
    const target = linkedComment(location.search, location.hash);
    const comment = target && items.find((c) => c.id === target.id);
    if (!comment) return;
    if (target.edit && comment.can_edit) setEditing(comment.id);
    focus(comment.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, location.search, location.hash, location.key]);

  // Others' comments arrive in place with the 'new' mark; edits, removals and votes update the list. While this
  // tab sends a comment, events wait until its reload, so the reader's own comment comes from the form (focused,
  // never 'new') even when they signed up on the way.
  const sent = useRef(new Set<number>());
  const held = useRef<CommentsEvent[] | null>(null);
  const onEvent = (event: CommentsEvent) => {
    if (held.current) return void held.current.push(event);
    setItems((list) => list && applyCommentsEvent(list, event));
    if (
      event.type !== 'comment_created' ||
      event.comment.author?.id === currentUser.get()?.id ||
      sent.current.has(event.comment.id)
    )
      return;
    const id = event.comment.id;
    setNewIds((prev) => new Set(prev).add(id));
  };
  useChannel<CommentsEvent>(channelName.comments(entry.id), onEvent);

  const changeSorting = (next: CommentSorting) => {
    if (next === sorting) return;
    setSorting(next);
    void load(next);
  };

  const add = async (text: string, parent: number | null) => {
    held.current = [];
    const res = await api.post<Comment>('comment/add', { id: entry.id, text, ...(parent ? { reply_to: parent } : {}) });
    if (res.ok) {
      sent.current.add(res.data.id);
      setReplyTo(null);
      await load(sorting);
      focus(res.data.id);
    }
    const waiting = held.current;
    held.current = null;
    waiting.forEach(onEvent);
    return res.ok;
  };

  const edit = async (id: number, text: string) => {
    const res = await api.post<Comment>('comment/edit', { id, text });
    if (!res.ok) return false;
    setItems((list) => list?.map((c) => (c.id === id ? res.data : c)) ?? list);
    setEditing(null);
    return true;
  };

  const remove = async (id: number, branch: boolean) => {
    const { status } = await openModal({
      title: branch ? L.removeBranchTitle : L.removeTitle,
      text: branch ? L.removeBranchText : L.removeText,
      confirmLabel: L.removeConfirm,
      danger: true,
    });
    if (!status) return;
    const res = await api.post<CommentRemoved>(branch ? 'admin/comments/removeBranch' : 'comment/remove', { id });
    if (!res.ok) return;
    toast.show(res.rm);
    await load(sorting);
  };

  const count = items ? items.filter((c) => !c.is_removed).length : entry.counters.comments;
  const open = entry.is_enabled_comments;
  const authors = new Map(items?.map((c) => [c.id, c.author?.name ?? L.removed]));

  return (
    <section className="comments" id="comments" data-testid="comments" data-count={count} aria-busy={!loaded}>
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
              onClick={() => changeSorting(s)}
            >
              {L.sorting[s]}
            </button>
          ))}
        </div>
      </header>

      {open ? (
        <CommentForm
          placeholder={L.placeholder}
          submitLabel={L.send}
          onSubmit={(text) => add(text, null)}
          testId="comment-add-form"
        />
      ) : (
        <p className="comments__note" data-testid="comments-disabled">
          {L.disabled}
        </p>
      )}

      {items === null ? (
        <p className="comments__note" data-testid="comments-loading">
          {failed ? (
            <>
              {L.loadFailed}{' '}
              <button type="button" className="link" onClick={() => void load(sorting)}>
                {L.retry}
              </button>
            </>
          ) : (
            L.loading
          )}
        </p>
      ) : items.length === 0 ? (
        open && (
          <p className="comments__note" data-testid="comments-empty">
            {L.empty}
          </p>
        )
      ) : (
        <div className="comments__list" data-testid="comments-list" data-sorting={sorting}>
          {items.map((c, i) => (
            <CommentItem
              key={c.id}
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
              onPinned={() => void load(sorting)}
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
              onRemove={(branch) => void remove(c.id, branch)}
              submitReply={(text) => add(text, c.id)}
              submitEdit={(text) => edit(c.id, text)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
