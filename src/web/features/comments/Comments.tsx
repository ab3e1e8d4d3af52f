import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { commentsUi } from '../../../shared/catalogue/comments.ts';
import { COMMENTS_PAGE_MAX, type Comment, type CommentSorting, type CommentsPage } from '../../../shared/comments.ts';
import type { Entry } from '../../../shared/entries.ts';
import type { MediaImage } from '../../../shared/media.ts';
import type { add as addComment, edit as editComment } from '../../../shared/api/comments.ts';
import { call } from '../../api/call.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { currentUser, useCurrentUser } from '../auth/session.ts';
import { confirmRemove, fetchPage, type PageParams } from './calls.ts';
import { CommentForm } from './CommentForm.tsx';
import { authorSwitch, writingAs } from './authorChoice.tsx';
import { CommentList, CommentsHeader } from './CommentList.tsx';
import { localNewIds, markSeen, readMark } from './seen.ts';
import { appendReplies, linkedComment, mergeThreads, pick, withoutKeys } from './pages.ts';
import { applyCommentsEvent } from '../realtime/comments.ts';
import { channelName, type CommentsEvent } from '../../../shared/realtime.ts';
import { useChannel } from '../realtime/useChannel.ts';
import type { CommentsInitial } from '../../../shared/pages/comments.ts';

const L = commentsUi;
/** Few entries show best comments: their code loads only where some are (the phone's script budget). */
const BestComments = lazy(() => import('./BestComments.tsx').then((m) => ({ default: m.BestComments })));
const HIGHLIGHT_MS = 3000;

/**
 * The discussion under an entry, a page of threads at a time. `initial` is the server-rendered first page (the entry
 * loader's `services.comments.page(entry.id)`); without it the first page loads in the browser.
 */
export function Comments({ entry, initial }: { entry: Entry; initial?: CommentsInitial }) {
  // A draft has no discussion yet; a new entry (client navigation) starts a fresh discussion state.
  if (!entry.is_published || entry.removed) return null;
  return <Discussion key={entry.id} entry={entry} initial={initial} />;
}

function Discussion({ entry, initial }: { entry: Entry; initial?: CommentsInitial }) {
  const user = useCurrentUser();
  const location = useLocation();
  const first = initial?.page;
  const [items, setItems] = useState<Comment[] | null>(first?.items ?? null);
  const [more, setMore] = useState<Record<number, number>>(first?.more ?? {});
  const [cursor, setCursor] = useState<string | null>(first?.cursor ?? null);
  const [best, setBest] = useState<Comment[]>(first?.best ?? []);
  const [total, setTotal] = useState(first?.count ?? entry.counters.comments);
  const [busy, setBusy] = useState<'threads' | number | null>(null);
  const [sorting, setSorting] = useState<CommentSorting>(initial?.sorting ?? 'popular');
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(() => initial?.now ?? Date.now());
  const [newIds, setNewIds] = useState<Set<number>>(
    () => new Set(first?.items.filter((c) => c.is_new).map((c) => c.id)),
  );
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const loads = useRef(0);
  const highlightTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The seen mark of this visit: every page of it tells new comments by the same one. */
  const mark = useRef<{ count: number; at: number } | null>(null);
  /** Comments shown from the socket or the form rather than from a page (a page never continues after them). */
  const unpaged = useRef(new Set<number>());
  /** What the reader wrote during this visit. */
  const own = useRef(new Map<number, Comment>());
  const cursorNow = useRef(cursor);
  cursorNow.current = cursor;
  const itemsNow = useRef(items);
  itemsNow.current = items;

  const request = useCallback(
    (order: CommentSorting, params: PageParams) => fetchPage(entry.id, order, mark.current, params),
    [entry.id],
  );

  /** Takes a first page: the discussion starts over; the visit is recorded with the mark it was told by kept. */
  const accept = useCallback(
    (page: CommentsPage) => {
      // Read at call time: a sign-in in the middle of sending a comment changes who is reading.
      const signedIn = currentUser.get() !== null;
      if (signedIn) mark.current ??= page.seen;
      else mark.current ??= readMark(entry.id);
      // The reader's own comments of this visit stay in view even when the page does not hold them (a reload after
      // signing in on the way, another sorting): in place under a shown parent, or at the end.
      let list = page.items;
      unpaged.current.clear();
      for (const c of own.current.values())
        if (!list.some((x) => x.id === c.id) && (c.reply_to === null || list.some((x) => x.id === c.reply_to))) {
          list = applyCommentsEvent(list, { type: 'comment_created', comment: c, comments_count: page.count });
          unpaged.current.add(c.id);
        }
      setItems(list);
      setBest(page.best ?? []);
      setMore(page.more);
      setCursor(page.cursor);
      setTotal(page.count);
      const fresh = page.items.filter((c) => c.is_new).map((c) => c.id);
      if (!signedIn) fresh.push(...localNewIds(mark.current, page.items));
      setNewIds((prev) => (fresh.length ? new Set([...prev, ...fresh]) : prev));
      markSeen(entry.id, page.count, signedIn);
    },
    [entry.id],
  );

  const fresh = (page: CommentsPage) => {
    const ids = page.items.filter((c) => c.is_new).map((c) => c.id);
    if (ids.length) setNewIds((prev) => new Set([...prev, ...ids]));
  };

  const load = useCallback(
    async (order: CommentSorting) => {
      const mine = ++loads.current;
      const res = await request(order, {});
      if (mine !== loads.current) return; // a later load (another sorting, a sign-in) wins
      setFailed(!res.ok);
      if (res.ok) accept(res.data);
    },
    [request, accept],
  );

  /** The threads after the last page (scrolling near the end, or the button). */
  const moreThreads = useCallback(async () => {
    if (!cursor || busy) return;
    const mine = loads.current;
    setBusy('threads');
    const res = await request(sorting, { cursor });
    setBusy(null);
    if (!res.ok || mine !== loads.current) return;
    const { list, taken } = mergeThreads(items ?? [], res.data.items);
    setItems(list);
    setMore((m) => ({ ...withoutKeys(m, taken), ...pick(res.data.more, taken) }));
    setCursor(res.data.cursor);
    fresh(res.data);
  }, [cursor, busy, request, sorting, items]);

  /** 'Показать ещё N ответов': the next replies of a thread after the last one a page brought. */
  const moreReplies = async (rootId: number) => {
    if (!items || busy) return;
    const mine = loads.current;
    const start = items.findIndex((c) => c.id === rootId);
    let after = rootId;
    for (let i = start + 1; i < items.length && items[i].level > 0; i++)
      if (!unpaged.current.has(items[i].id)) after = items[i].id;
    setBusy(rootId);
    const res = await request(sorting, { thread: rootId, after, count: COMMENTS_PAGE_MAX });
    setBusy(null);
    if (!res.ok || mine !== loads.current) return;
    setItems((list) => list && appendReplies(list, rootId, res.data.items));
    setMore((m) => ({ ...withoutKeys(m, [rootId]), ...res.data.more }));
    fresh(res.data);
  };

  // First state: the server's, or a load; again whenever the visitor signs in or out (rights and marks change).
  const shownFor = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    const id = user?.id ?? null;
    if (shownFor.current === id) return;
    const isFirst = shownFor.current === undefined;
    shownFor.current = id;
    if (isFirst && first) accept(first);
    else {
      mark.current = null;
      void load(sorting);
    }
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

  // The next threads load as the reader nears the end of the ones shown.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !cursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && void moreThreads(), {
      rootMargin: '600px 0px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [cursor, moreThreads]);

  const focus = useCallback((id: number) => {
    setHighlighted(id);
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    // Only a link to a comment needs the hold: its code loads then (the entry page's script budget).
    void import('../../lib/scroll-hold.ts').then(({ scrollAndHold }) =>
      requestAnimationFrame(() => {
        const el = document.getElementById(`comment-${id}`);
        if (el) scrollAndHold(el);
      }),
    );
  }, []);

  // A link to a comment scrolls to it and highlights it; the edit link also opens its form. A comment not shown yet
  // is asked for once with its thread (the server-rendered page already holds the one in `?comment=`).
  const loaded = items !== null;
  const asked = useRef(new Set<number>());
  const landed = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const target = linkedComment(location.search, location.hash);
    // Once per visit of the link: threads loading later must not pull the reader back to it.
    const visit = `${location.key}:${target?.id}`;
    if (!target || landed.current === visit) return;
    const comment = items.find((c) => c.id === target.id);
    if (comment) {
      landed.current = visit;
      if (target.edit && comment.can_edit) setEditing(comment.id);
      focus(comment.id);
      return;
    }
    if (asked.current.has(target.id)) return;
    asked.current.add(target.id);
    void request(sorting, { comment: target.id, count: 1 }).then((res) => {
      if (!res.ok || !itemsNow.current || !res.data.items.some((c) => c.id === target.id)) return;
      const { list, taken } = mergeThreads(itemsNow.current, res.data.items);
      setItems(list);
      setMore((m) => ({ ...withoutKeys(m, taken), ...pick(res.data.more, taken) }));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, items?.length, location.search, location.hash, location.key]);

  // Others' comments arrive in place with the 'new' mark; edits, removals and votes update the list. A reply shows
  // under its parent when the parent is shown, a top-level comment once every thread is. While this tab sends a
  // comment, events wait until it is shown, so the reader's own comment comes from the form (focused, never 'new').
  const sent = useRef(new Set<number>());
  const held = useRef<CommentsEvent[] | null>(null);
  const onEvent = (event: CommentsEvent) => {
    if (held.current) return void held.current.push(event);
    if ('comments_count' in event) setTotal(event.comments_count);
    setItems((list) => {
      if (!list) return list;
      if (event.type === 'comment_created') {
        const parent = event.comment.reply_to;
        const shown = parent === null ? cursorNow.current === null : list.some((c) => c.id === parent);
        if (!shown || list.some((c) => c.id === event.comment.id)) return list;
        unpaged.current.add(event.comment.id);
      }
      return applyCommentsEvent(list, event);
    });
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

  const add = async (text: string, parent: number | null, gif: MediaImage | null) => {
    held.current = [];
    const res = await call<typeof addComment>('POST /comment/add', {
      id: entry.id,
      text,
      reply_to: parent,
      as_subsite_id: writingAs.get(),
      ...(gif ? { attach: gif.uuid } : {}),
    });
    if (res.ok) {
      sent.current.add(res.data.id);
      own.current.set(res.data.id, res.data);
      unpaged.current.add(res.data.id);
      setReplyTo(null);
      setTotal((n) => n + 1);
      const mine: CommentsEvent = { type: 'comment_created', comment: res.data, comments_count: total + 1 };
      setItems((list) => applyCommentsEvent(list ?? [], mine));
      focus(res.data.id);
    }
    const waiting = held.current;
    held.current = null;
    waiting.forEach(onEvent);
    return res.ok;
  };

  const edit = async (id: number, text: string, gif: MediaImage | null) => {
    const res = await call<typeof editComment>('POST /comment/edit', { id, text, attach: gif?.uuid ?? '' });
    if (!res.ok) return false;
    setItems((list) => list?.map((c) => (c.id === id ? res.data : c)) ?? list);
    if (own.current.has(id)) own.current.set(id, res.data);
    setEditing(null);
    return true;
  };

  const remove = async (id: number, branch: boolean) => {
    const res = await confirmRemove(id, branch);
    if (!res?.ok) return;
    toast.show(res.rm);
    setTotal(res.data.comments_count);
    res.data.removed_ids.forEach((gone) => own.current.delete(gone));
    const gone: CommentsEvent = { type: 'comment_removed', comment: null, ...res.data };
    setItems((list) => list && applyCommentsEvent(list, gone));
  };

  const count = total;
  // The comments of the threads not loaded yet: all but the ones shown and the replies their threads still hide.
  const later =
    count - (items ?? []).filter((c) => !c.is_removed).length - Object.values(more).reduce((a, b) => a + b, 0);
  const open = entry.is_enabled_comments;

  return (
    <section className="comments" id="comments" data-testid="comments" data-count={count} aria-busy={!loaded}>
      <CommentsHeader count={count} sorting={sorting} onSorting={changeSorting} />

      {best.length > 0 && (
        <Suspense fallback={null}>
          <BestComments items={best} entryUrl={entry.url} />
        </Suspense>
      )}

      {open ? (
        <CommentForm
          placeholder={L.placeholder}
          submitLabel={L.send}
          onSubmit={(text, gif) => add(text, null, gif)}
          testId="comment-add-form"
          extra={authorSwitch(user)}
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
        <CommentList
          entry={entry}
          items={items}
          user={user}
          now={now}
          newIds={newIds}
          highlighted={highlighted}
          open={open}
          sorting={sorting}
          replyTo={replyTo}
          editing={editing}
          more={more}
          busy={busy}
          cursor={cursor}
          later={later}
          sentinel={sentinel}
          setReplyTo={setReplyTo}
          setEditing={setEditing}
          reload={() => void load(sorting)}
          remove={(id, branch) => void remove(id, branch)}
          add={add}
          edit={edit}
          moreReplies={(id) => void moreReplies(id)}
          moreThreads={() => void moreThreads()}
        />
      )}
    </section>
  );
}
