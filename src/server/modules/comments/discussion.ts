import { messages } from '../../../shared/catalogue.ts';
import { COMMENTS_REPLIES_SHOWN, type CommentSorting } from '../../../shared/comments.ts';
import { badRequest } from '../../lib/errors.ts';

/** What orders a comment in its discussion (a `NodeRow`, or the full `CommentRow`). */
export interface TreeRow {
  id: number;
  reply_to: number | null;
  created_at: Date;
  likes_summ: number;
  removed: boolean;
  pinned: boolean;
  /** The text's size in bytes, when a page is cut to a size. */
  bytes?: number;
}

const byDate = (a: TreeRow, b: TreeRow) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id;
const ROOT_ORDER: Record<CommentSorting, (a: TreeRow, b: TreeRow) => number> = {
  popular: (a, b) => b.likes_summ - a.likes_summ || byDate(a, b),
  date: byDate,
};
/** Top-level comments: the pinned one (one per entry) first whatever the sorting, then the sorting. */
const rootOrder = (sorting: CommentSorting) => (a: TreeRow, b: TreeRow) =>
  Number(b.pinned) - Number(a.pinned) || ROOT_ORDER[sorting](a, b);

/**
 * Puts an entry's comments in tree order: top-level comments by the sorting (popular: rating, then the older
 * first; date: the older first), each followed by its replies, which always go by date at every depth.
 * A removed comment stays as a stub only while something under it is still there. Iterative, so a
 * thousand-deep chain of replies cannot overflow the stack.
 */
export function treeOrder<R extends TreeRow>(rows: R[], sorting: CommentSorting): { row: R; level: number }[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, R[]>();
  const roots: R[] = [];
  for (const r of rows) {
    if (r.reply_to !== null && ids.has(r.reply_to)) {
      const list = children.get(r.reply_to);
      if (list) list.push(r);
      else children.set(r.reply_to, [r]);
    } else {
      roots.push(r);
    }
  }
  roots.sort(rootOrder(sorting));
  for (const list of children.values()) list.sort(byDate);

  const order: { row: R; level: number }[] = [];
  const stack = roots.map((row) => ({ row, level: 0 })).reverse();
  for (let item = stack.pop(); item; item = stack.pop()) {
    order.push(item);
    const kids = children.get(item.row.id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ row: kids[i], level: item.level + 1 });
  }
  // Walking backwards meets every reply before its parent, so one pass decides which stubs to keep.
  const kept = new Set<number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const { row } = order[i];
    if (!row.removed || (children.get(row.id) ?? []).some((c) => kept.has(c.id))) kept.add(row.id);
  }
  return order.filter((o) => kept.has(o.row.id));
}

/** A top-level comment and its replies in tree order. */
interface Thread<R> {
  root: R;
  replies: { row: R; level: number }[];
}

/** An entry's discussion cut into threads, the same for every reader; pages are slices of it. */
export interface Discussion<R extends TreeRow> {
  sorting: CommentSorting;
  threads: Thread<R>[];
  /** Comment id → index of its thread in `threads` (stubs kept in the tree included). */
  threadOf: Map<number, number>;
  /** The rows it was made of, removed ones included (for 'new since your last visit'). */
  rows: R[];
  living: number;
}

export function discussion<R extends TreeRow>(rows: R[], sorting: CommentSorting): Discussion<R> {
  const threads: Thread<R>[] = [];
  const threadOf = new Map<number, number>();
  for (const item of treeOrder(rows, sorting)) {
    if (item.level === 0) threads.push({ root: item.row, replies: [] });
    else threads[threads.length - 1].replies.push(item);
    threadOf.set(item.row.id, threads.length - 1);
  }
  return { sorting, threads, threadOf, rows, living: rows.filter((r) => !r.removed).length };
}

/**
 * The cursor of a threads page: where its last top-level comment sorts (pinned, rating, time in ms, id). Paging by
 * the sort key rather than by position keeps pages free of repeats and gaps while comments are added: a new comment
 * sorts after every older one of the same rating.
 */
const CURSOR = /^([01])\.(-?\d{1,10})\.(\d{1,15})\.(\d{1,10})$/;
const cursorOf = (r: TreeRow) => `${Number(r.pinned)}.${r.likes_summ}.${r.created_at.getTime()}.${r.id}`;

export function parseCursor(cursor: string): TreeRow {
  const m = CURSOR.exec(cursor);
  if (!m) throw badRequest(messages.commentCursorInvalid);
  return {
    pinned: m[1] === '1',
    likes_summ: Number(m[2]),
    created_at: new Date(Number(m[3])),
    id: Number(m[4]),
    reply_to: null,
    removed: false,
  };
}

/** Which comments a page holds, at which level, and what each of its threads leaves for later. */
export interface PageCut<R> {
  items: { row: R; level: number }[];
  more: Record<number, number>;
  cursor: string | null;
}

/** Adds a thread to a cut with its first `shown` replies. */
function addThread<R extends TreeRow>(cut: PageCut<R>, thread: Thread<R>, shown: number) {
  cut.items.push({ row: thread.root, level: 0 }, ...thread.replies.slice(0, shown));
  if (thread.replies.length > shown) cut.more[thread.root.id] = thread.replies.length - shown;
}

/**
 * What a comment adds to a page, roughly: its markup and its share of the page's data (~2.5 KB whatever it says), and
 * its text twice (in the HTML and in the data the page hydrates from).
 */
const weightOf = (r: TreeRow) => 2600 + 2 * (r.bytes ?? 0);

/**
 * `count` threads after `cursor` (from the start without one), each with its first replies, and no more of them than
 * fit in `budget` bytes (by `weightOf`; the first thread always). With `linked` (a `?comment=` link) on a first page,
 * that comment's thread is on the page down to the comment, whatever the budget: in its place when it falls on the
 * page, else first.
 */
export function threadsPage<R extends TreeRow>(
  d: Discussion<R>,
  count: number,
  cursor: TreeRow | null,
  linked: number | null,
  budget = Infinity,
): PageCut<R> {
  const order = rootOrder(d.sorting);
  const start = cursor ? lowerBound(d.threads, (t) => order(t.root, cursor) > 0) : 0;
  const at = linked === null ? undefined : d.threadOf.get(linked);
  const shownIn = (i: number) =>
    i === at
      ? Math.max(COMMENTS_REPLIES_SHOWN, d.threads[i].replies.findIndex((r) => r.row.id === linked) + 1)
      : COMMENTS_REPLIES_SHOWN;
  const weigh = (i: number) =>
    weightOf(d.threads[i].root) +
    d.threads[i].replies.slice(0, shownIn(i)).reduce((sum, r) => sum + weightOf(r.row), 0);
  let end = Math.min(d.threads.length, start + count);
  if (Number.isFinite(budget)) {
    let left = budget - (at !== undefined ? weigh(at) : 0);
    for (let i = start; i < end; i++) {
      if (i !== at && (left -= weigh(i)) < 0 && i > start) {
        end = i;
        break;
      }
    }
  }
  const cut: PageCut<R> = {
    items: [],
    more: {},
    cursor: end < d.threads.length ? cursorOf(d.threads[end - 1].root) : null,
  };
  if (at !== undefined && (at < start || at >= end)) addThread(cut, d.threads[at], shownIn(at));
  for (let i = start; i < end; i++) addThread(cut, d.threads[i], shownIn(i));
  return cut;
}

/** The replies of the thread under top-level comment `rootId` that follow reply `after` (or the start), `count` of them. */
export function repliesPage<R extends TreeRow>(
  d: Discussion<R>,
  rootId: number,
  after: number | null,
  count: number,
): PageCut<R> {
  const index = d.threadOf.get(rootId);
  const thread = index === undefined ? undefined : d.threads[index];
  if (!thread || thread.root.id !== rootId) throw badRequest(messages.commentThreadInvalid);
  const from = after === null || after === rootId ? 0 : thread.replies.findIndex((r) => r.row.id === after) + 1;
  if (from === 0 && after !== null && after !== rootId) throw badRequest(messages.commentCursorInvalid);
  const items = thread.replies.slice(from, from + count);
  const left = thread.replies.length - from - items.length;
  return { items, more: left > 0 ? { [rootId]: left } : {}, cursor: null };
}

/** The first index whose element passes `test` in a list where every failing element comes first. */
function lowerBound<T>(list: T[], test: (x: T) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(list[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
