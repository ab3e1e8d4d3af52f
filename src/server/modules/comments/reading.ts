import type { Role } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import {
  BEST_COMMENTS_MAX,
  BEST_COMMENTS_MIN_SUMM,
  COMMENT_MAX_LENGTH,
  newCommentIds,
  normalizeCommentText,
  type Comment,
  type CommentSorting,
  type CommentsPage,
  type CommentsSeen,
} from '../../../shared/comments.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import {
  discussion,
  parseCursor,
  repliesPage,
  threadsPage,
  treeOrder,
  type Discussion,
  type PageCut,
} from './discussion.ts';
import { mentionedSlugs, renderCommentText, type Mentions } from './text.ts';
import { perAppCache } from '../../lib/cache.ts';
import { EncodedAnswer, SharedAnswer } from '../../lib/answers.ts';
import { presentAuthor, userHash } from '../users/index.ts';
import { readsPrivateSubsite } from '../subsites/service.ts';

/** Reading discussions: the cached trees and pages, one comment for readers, what the writes share. */
export type Viewer = { id: number; role: Role } | null;

/** Cleanup of old seen marks runs on a save with this chance (spec/content.md §9); tests replace `random`. */
export const seenCleanup = { chance: 0.05, random: Math.random };

export const DAY = 86_400_000;

/** The people the comments mention, looked up at once: a slug that names one person links to their blog. */
async function mentionsOf(ctx: Ctx, texts: string[]): Promise<Mentions> {
  const slugs = [...new Set(texts.flatMap(mentionedSlugs))];
  const found = await q.peopleBySlugs(ctx.read, slugs);
  const counts = new Map<string, number>();
  for (const p of found) counts.set(p.slug, (counts.get(p.slug) ?? 0) + 1);
  return new Map(
    found
      .filter((p) => counts.get(p.slug) === 1)
      .map((p) => [p.slug, subsiteUrl({ id: p.id, type: 'user', slug: p.slug })]),
  );
}

/**
 * The name a comment is shown under: the subsite it was written as (name, avatar, link; no Plus, a hash of its id),
 * else its writer.
 */
function shownAuthor(row: q.CommentRow, secret: string) {
  if (row.as_subsite_id === null || row.as_type === null) return presentAuthor(row, secret);
  return {
    id: row.as_subsite_id,
    name: row.as_name ?? '',
    url: subsiteUrl({ id: row.as_subsite_id, type: row.as_type, slug: row.as_slug ?? '' }),
    avatar_url: row.as_avatar,
    avatar_color: row.as_color ?? '',
    hash: userHash(secret, row.as_subsite_id),
    is_paid: false,
    is_plus: false,
  };
}

/** The comment's gif as the media module answers an upload (its row, read with the comment). */
function attachesOf(row: q.CommentRow): Comment['attaches'] {
  if (row.attach_uuid === null) return [];
  const data = {
    uuid: row.attach_uuid,
    type: 'gif' as const,
    width: row.attach_width ?? 0,
    height: row.attach_height ?? 0,
    size: row.attach_size ?? 0,
    color: row.attach_color ?? '',
    external_service: [],
  };
  return [{ type: 'image', data }];
}

function present(
  secret: string,
  row: q.CommentRow,
  level: number,
  viewer: Viewer,
  entry: q.EntryRow,
  isNew: boolean,
  mentions: Mentions,
): Comment {
  const base = {
    id: row.id,
    entry_id: row.entry_id,
    reply_to: row.reply_to,
    level,
    date: row.created_at.toISOString(),
    modification_date: row.updated_at?.toISOString() ?? null,
    is_pinned: row.pinned,
  };
  if (row.removed) {
    return {
      ...base,
      text: '',
      source: null,
      author: null,
      written_by: null,
      likes: { count: 0, summ: 0, is_liked: 0 },
      is_favorited: false,
      is_removed: true,
      can_edit: false,
      can_remove: false,
      is_new: false,
      attaches: [],
    };
  }
  const canEdit = policy.canEdit(viewer, row, entry);
  return {
    ...base,
    text: renderCommentText(row.text, mentions),
    source: canEdit ? row.text : null,
    author: shownAuthor(row, secret),
    written_by: row.as_subsite_id !== null && policy.seesWriter(viewer, row) ? presentAuthor(row, secret) : null,
    likes: { count: row.likes_count, summ: row.likes_summ, is_liked: row.my_vote },
    is_favorited: row.is_favorited,
    is_removed: false,
    can_edit: canEdit,
    can_remove: policy.canRemove(viewer, row),
    is_new: isNew,
    attaches: attachesOf(row),
  };
}

/**
 * The entry whose discussion is read or written: published and kept, and, in a private community, read by this
 * viewer (a member, its author or the site's staff).
 */
export async function visibleEntry(ctx: Ctx, entryId: number, viewer: Viewer) {
  const entry = await q.findEntry(ctx.read, entryId);
  policy.assertEntryVisible(entry);
  const closed =
    entry.subsite_private &&
    viewer?.id !== entry.author_id &&
    !(await readsPrivateSubsite(ctx, viewer, entry.subsite_id));
  policy.assertNotClosed(entry, closed);
  return entry;
}

/** The reader's seen mark; `newCommentIds` ignores an expired one, so answers never depend on whether cleanup ran. */
async function seenMark(ctx: Ctx, viewer: Viewer, entryId: number): Promise<CommentsSeen | null> {
  if (!viewer) return null;
  const row = await q.findSeen(ctx.read, viewer.id, entryId);
  return row ? { count: row.count, at: row.updated_at } : null;
}

/** How long anonymous readers may be served the same discussion; this node's own changes drop it at once. */
export const ANONYMOUS_CACHE_MS = 5000;
// Kept serialized: 50 readers at once of a 2 000-comment discussion each serialized and buffered ~1 MB before.
const anonymousCache = perAppCache<EncodedAnswer>('comments.anonymous', ANONYMOUS_CACHE_MS, {
  entries: 500,
  bytes: 64 * 1024 * 1024,
  sizeOf: (answer) => (answer as EncodedAnswer).body.length,
});
/**
 * A discussion's tree, the same for every reader, kept as long in production: pages are cut from it, and only the
 * page's own comments are read with the reader's marks. Anonymous pages cut from it are kept with it.
 */
type Tree = Discussion<q.NodeRow> & { pages: Map<string, Promise<CommentsPage>> };
const treeCache = perAppCache<Tree>('comments.trees', ANONYMOUS_CACHE_MS, 500);
/** Pages of one tree kept for anonymous readers (one per distinct query while the tree lives). */
const PAGES_PER_TREE = 50;
const SORTINGS: CommentSorting[] = ['popular', 'date'];
/** Drops the anonymous copies of a discussion once the change that made them stale has committed. */
export const forget = (ctx: Ctx, entryId: number) =>
  ctx.afterCommit(() =>
    SORTINGS.forEach((s) => {
      anonymousCache(ctx).delete(`${entryId}:${s}`);
      treeCache(ctx).delete(`${entryId}:${s}`);
    }),
  );
/** For other modules whose change shows in a discussion (a pinned comment). */
export const dropCached = forget;

/**
 * `GET /comments`: the entry's whole discussion in tree order. Anonymous readers all get the same list, so in
 * production it is built and serialized once per few seconds (a long discussion costs tens of milliseconds to build).
 */
export async function list(
  ctx: Ctx,
  viewer: Viewer,
  entryId: number,
  sorting: CommentSorting,
): Promise<{ items: Comment[] } | EncodedAnswer> {
  if (!viewer && ctx.config.sharedCaches)
    return anonymousCache(ctx).get(
      `${entryId}:${sorting}`,
      async () => new SharedAnswer({ items: await build(ctx, null, entryId, sorting) }),
    );
  return { items: await build(ctx, viewer, entryId, sorting) };
}

/** Which part of a discussion `page` answers: threads after `cursor`, or replies of `thread` after `after`. */
export interface PageQuery {
  sorting: CommentSorting;
  count: number;
  cursor?: string;
  thread?: number;
  after?: number;
  /** A linked comment: its thread comes on the first page down to it. */
  comment?: number;
  /** The most a threads page may weigh, in bytes of page (the entry page's first one: `COMMENTS_FIRST_PAGE_BYTES`). */
  budget?: number;
  /**
   * The seen mark to tell new comments by: the one the reader's first page was told by (`seen` of its answer), so
   * later pages of the same visit agree with it after the visit was recorded; anonymous readers send their own.
   */
  seen?: { count: number; at: number };
}

/**
 * `GET /comments?count=…`: a page of the discussion. The tree (ids, parents, sort keys: a few numbers per comment)
 * is read whole, or taken from the production cache; text, authors and the reader's marks only for the page.
 */
export async function page(ctx: Ctx, viewer: Viewer, entryId: number, query: PageQuery): Promise<CommentsPage> {
  if ((query.cursor !== undefined || query.thread !== undefined) && query.comment !== undefined)
    throw badRequest(messages.commentPageParams);
  if ((query.cursor !== undefined && query.thread !== undefined) || (query.after !== undefined && !query.thread))
    throw badRequest(messages.commentPageParams);
  const cursor = query.cursor === undefined ? null : parseCursor(query.cursor);
  const entry = await visibleEntry(ctx, entryId, viewer);
  const tree = ctx.config.sharedCaches
    ? await treeCache(ctx).get(`${entryId}:${query.sorting}`, () => readTree(ctx, entryId, query.sorting))
    : await readTree(ctx, entryId, query.sorting);
  const cut = query.thread
    ? repliesPage(tree, query.thread, query.after ?? null, query.count)
    : threadsPage(tree, query.count, cursor, query.comment ?? null, query.budget);
  const seen = query.seen ? { count: query.seen.count, at: new Date(query.seen.at) } : undefined;
  const first = cursor === null && !query.thread;
  if (viewer || !ctx.config.sharedCaches) return presentPage(ctx, viewer, entry, tree, cut, seen, first);
  const key = JSON.stringify(query);
  const kept = tree.pages.get(key);
  if (kept) return kept;
  const made = presentPage(ctx, null, entry, tree, cut, seen, first);
  if (tree.pages.size < PAGES_PER_TREE) tree.pages.set(key, made);
  made.catch(() => tree.pages.delete(key));
  return made;
}

async function readTree(ctx: Ctx, entryId: number, sorting: CommentSorting): Promise<Tree> {
  return { ...discussion(await q.discussionNodes(ctx.read, entryId), sorting), pages: new Map() };
}

async function presentPage(
  ctx: Ctx,
  viewer: Viewer,
  entry: q.EntryRow,
  tree: Tree,
  cut: PageCut<q.NodeRow>,
  given: { count: number; at: Date } | undefined,
  first: boolean,
): Promise<CommentsPage> {
  const best = first && entry.is_enabled_best_comments ? bestOf(tree.rows) : [];
  const ids = [...new Set([...cut.items.map((i) => i.row.id), ...best])];
  const [found, seen] = await Promise.all([
    q.commentsByIds(ctx.read, ids, viewer?.id ?? null),
    given ?? seenMark(ctx, viewer, entry.id),
  ]);
  const byId = new Map(found.map((r) => [r.id, r]));
  const fresh = newCommentIds(
    tree.rows.map((r) => ({ id: r.id, date: r.created_at, removed: r.removed, authorId: r.author_id })),
    seen,
    viewer?.id ?? null,
    ctx.now(),
  );
  const mentions = await mentionsOf(
    ctx,
    found.filter((r) => !r.removed).map((r) => r.text),
  );
  const items: Comment[] = [];
  for (const { row, level } of cut.items) {
    // The tree may be a few seconds old: a comment removed since then shows as removed, one it lacks is not asked.
    const full = byId.get(row.id);
    if (full) items.push(present(ctx.config.secret, full, level, viewer, entry, fresh.has(row.id), mentions));
  }
  const bestItems = best.flatMap((id) => {
    const full = byId.get(id);
    return full && !full.removed ? [present(ctx.config.secret, full, 0, viewer, entry, fresh.has(id), mentions)] : [];
  });
  return {
    items,
    more: cut.more,
    cursor: cut.cursor,
    count: tree.living,
    seen: seen && { count: seen.count, at: new Date(seen.at).getTime() },
    ...(first && entry.is_enabled_best_comments ? { best: bestItems } : {}),
  };
}

/** The best comments' ids: living ones rated `BEST_COMMENTS_MIN_SUMM` or more, the best (then the older) first. */
function bestOf(rows: q.NodeRow[]): number[] {
  return rows
    .filter((r) => !r.removed && r.likes_summ >= BEST_COMMENTS_MIN_SUMM)
    .sort((a, b) => b.likes_summ - a.likes_summ || a.id - b.id)
    .slice(0, BEST_COMMENTS_MAX)
    .map((r) => r.id);
}

async function build(ctx: Ctx, viewer: Viewer, entryId: number, sorting: CommentSorting): Promise<Comment[]> {
  const entry = await visibleEntry(ctx, entryId, viewer);
  const [rows, seen] = await Promise.all([
    q.entryComments(ctx.read, entryId, viewer?.id ?? null),
    seenMark(ctx, viewer, entryId),
  ]);
  const fresh = newCommentIds(
    rows.map((r) => ({ id: r.id, date: r.created_at, removed: r.removed, authorId: r.author_id })),
    seen,
    viewer?.id ?? null,
    ctx.now(),
  );
  const mentions = await mentionsOf(
    ctx,
    rows.filter((r) => !r.removed).map((r) => r.text),
  );
  return treeOrder(rows, sorting).map(({ row, level }) =>
    present(ctx.config.secret, row, level, viewer, entry, fresh.has(row.id), mentions),
  );
}

/** Trimmed, within the limit, non-empty unless the comment carries a gif. */
export function cleanText(text: string, hasAttach = false): string {
  const clean = normalizeCommentText(text);
  if (!clean && !hasAttach) throw badRequest(messages.commentEmpty, { errors: { text: messages.commentEmpty } });
  if (clean.length > COMMENT_MAX_LENGTH) {
    const rm = messages.commentTooLong(COMMENT_MAX_LENGTH);
    throw badRequest(rm, { errors: { text: rm } });
  }
  return clean;
}

export async function presentOne(ctx: Ctx, viewer: Viewer, id: number, entry: q.EntryRow): Promise<Comment> {
  const [row, level] = await Promise.all([
    q.findComment(ctx.read, id, viewer?.id ?? null),
    q.commentLevel(ctx.read, id),
  ]);
  if (!row) throw new Error(`comment ${id} to present was not found`);
  return present(ctx.config.secret, row, level, viewer, entry, false, await mentionsOf(ctx, [row.text]));
}

/**
 * One comment as `GET /comments` shows it to an anonymous reader; realtime sends it to every listener. Null for a
 * private community's comment.
 */
export async function presentForReaders(ctx: Ctx, id: number): Promise<Comment | null> {
  const row = await q.findComment(ctx.read, id, null);
  const entry = row && (await q.findEntry(ctx.read, row.entry_id));
  // The entry's channel is open to anyone: a private community's comments are not sent (members see them on reload).
  return row && entry && !entry.subsite_private
    ? present(
        ctx.config.secret,
        row,
        await q.commentLevel(ctx.db, id),
        null,
        entry,
        false,
        await mentionsOf(ctx, [row.text]),
      )
    : null;
}

/** The entry's stored comments count (0 for an unknown entry), for the socket messages. */
export async function entryCommentsCount(ctx: Ctx, entryId: number): Promise<number> {
  return (await q.findEntry(ctx.db, entryId))?.comments_count ?? 0;
}
