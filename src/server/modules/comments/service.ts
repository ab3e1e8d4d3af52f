import type { Role } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import {
  COMMENT_MAX_LENGTH,
  COMMENTS_SEEN_TTL_DAYS,
  newCommentIds,
  normalizeCommentText,
  type Comment,
  type CommentRemoved,
  type CommentSorting,
  type CommentsSeen,
} from '../../../shared/comments.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest } from '../../http/errors.ts';
import { refreshEntryHotness } from '../feed/index.ts';
import { syncComment as syncCommentHashtags } from '../hashtags/service.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { mentionedSlugs, renderCommentText, type Mentions } from './text.ts';
import { perAppCache } from '../../lib/cache.ts';
import { assertNotBannedIn, assertNotBlocked } from '../moderation/index.ts';

type Viewer = { id: number; role: Role } | null;

/** Cleanup of old seen marks runs on a save with this chance (spec/content.md §9); tests replace `random`. */
export const seenCleanup = { chance: 0.05, random: Math.random };

const DAY = 86_400_000;

const byDate = (a: q.CommentRow, b: q.CommentRow) =>
  new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id - b.id;
const ROOT_ORDER: Record<CommentSorting, (a: q.CommentRow, b: q.CommentRow) => number> = {
  popular: (a, b) => b.likes_summ - a.likes_summ || byDate(a, b),
  date: byDate,
};

/**
 * Puts an entry's comments in tree order: top-level comments by the sorting (popular: rating, then the older
 * first; date: the older first), each followed by its replies, which always go by date at every depth.
 * A removed comment stays as a stub only while something under it is still there. Iterative, so a
 * thousand-deep chain of replies cannot overflow the stack.
 */
export function treeOrder(rows: q.CommentRow[], sorting: CommentSorting): { row: q.CommentRow; level: number }[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, q.CommentRow[]>();
  const roots: q.CommentRow[] = [];
  for (const r of rows) {
    if (r.reply_to !== null && ids.has(r.reply_to)) {
      const list = children.get(r.reply_to);
      if (list) list.push(r);
      else children.set(r.reply_to, [r]);
    } else {
      roots.push(r);
    }
  }
  // The pinned comment (one per entry) goes first whatever the sorting.
  roots.sort((a, b) => Number(b.pinned) - Number(a.pinned) || ROOT_ORDER[sorting](a, b));
  for (const list of children.values()) list.sort(byDate);

  const order: { row: q.CommentRow; level: number }[] = [];
  const stack = roots.map((row) => ({ row, level: 0 })).reverse();
  while (stack.length) {
    const item = stack.pop()!;
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

/** The people the comments mention, looked up at once: a slug that names one person links to their blog. */
async function mentionsOf(ctx: Ctx, texts: string[]): Promise<Mentions> {
  const slugs = [...new Set(texts.flatMap(mentionedSlugs))];
  const found = await q.peopleBySlugs(ctx.db, slugs);
  const counts = new Map<string, number>();
  for (const p of found) counts.set(p.slug, (counts.get(p.slug) ?? 0) + 1);
  return new Map(
    found
      .filter((p) => counts.get(p.slug) === 1)
      .map((p) => [p.slug, subsiteUrl({ id: p.id, type: 'user', slug: p.slug })]),
  );
}

function present(
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
      likes: { count: 0, summ: 0, is_liked: 0 },
      is_favorited: false,
      is_removed: true,
      can_edit: false,
      can_remove: false,
      is_new: false,
    };
  }
  const canEdit = policy.canEdit(viewer, row, entry);
  return {
    ...base,
    text: renderCommentText(row.text, mentions),
    source: canEdit ? row.text : null,
    author: {
      id: row.author_id,
      name: row.author_name,
      url: subsiteUrl({ id: row.author_id, type: 'user', slug: row.author_slug }),
      avatar_url: row.author_avatar,
      avatar_color: row.author_color,
    },
    likes: { count: row.likes_count, summ: row.likes_summ, is_liked: row.my_vote },
    is_favorited: row.is_favorited,
    is_removed: false,
    can_edit: canEdit,
    can_remove: policy.canRemove(viewer, row),
    is_new: isNew,
  };
}

async function visibleEntry(ctx: Ctx, entryId: number) {
  const entry = await q.findEntry(ctx.db, entryId);
  policy.assertEntryVisible(entry);
  return entry;
}

/** The reader's seen mark; `newCommentIds` ignores an expired one, so answers never depend on whether cleanup ran. */
async function seenMark(ctx: Ctx, viewer: Viewer, entryId: number): Promise<CommentsSeen | null> {
  if (!viewer) return null;
  const row = await q.findSeen(ctx.db, viewer.id, entryId);
  return row ? { count: row.count, at: row.updated_at } : null;
}

/** How long anonymous readers may be served the same discussion; this node's own changes drop it at once. */
export const ANONYMOUS_CACHE_MS = 5000;
const anonymousCache = perAppCache<Comment[]>(ANONYMOUS_CACHE_MS, 500);
const SORTINGS: CommentSorting[] = ['popular', 'date'];
/** Drops the anonymous copies of a discussion once the change that made them stale has committed. */
const forget = (ctx: Ctx, entryId: number) =>
  ctx.afterCommit(() => SORTINGS.forEach((s) => anonymousCache(ctx).delete(`${entryId}:${s}`)));
/** For other modules whose change shows in a discussion (a pinned comment). */
export const dropCached = forget;

/**
 * `GET /comments`: the entry's whole discussion in tree order. Anonymous readers all get the same list, so in
 * production it is built once per few seconds (a long discussion costs tens of milliseconds to build).
 */
export async function list(ctx: Ctx, viewer: Viewer, entryId: number, sorting: CommentSorting): Promise<Comment[]> {
  if (!viewer && ctx.config.isProduction)
    return anonymousCache(ctx).get(`${entryId}:${sorting}`, () => build(ctx, null, entryId, sorting));
  return build(ctx, viewer, entryId, sorting);
}

async function build(ctx: Ctx, viewer: Viewer, entryId: number, sorting: CommentSorting): Promise<Comment[]> {
  const entry = await visibleEntry(ctx, entryId);
  const [rows, seen] = await Promise.all([
    q.entryComments(ctx.db, entryId, viewer?.id ?? null),
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
    present(row, level, viewer, entry, fresh.has(row.id), mentions),
  );
}

/** Trimmed, non-empty, within the limit. */
function cleanText(text: string): string {
  const clean = normalizeCommentText(text);
  if (!clean) throw badRequest(messages.commentEmpty, { errors: { text: messages.commentEmpty } });
  if (clean.length > COMMENT_MAX_LENGTH) {
    const rm = messages.commentTooLong(COMMENT_MAX_LENGTH);
    throw badRequest(rm, { errors: { text: rm } });
  }
  return clean;
}

async function presentOne(ctx: Ctx, viewer: Viewer, id: number, entry: q.EntryRow): Promise<Comment> {
  const [row, level] = await Promise.all([q.findComment(ctx.db, id, viewer?.id ?? null), q.commentLevel(ctx.db, id)]);
  return present(row!, level, viewer, entry, false, await mentionsOf(ctx, [row!.text]));
}

/** One comment as `GET /comments` shows it to an anonymous reader; realtime sends it to every listener. */
export async function presentForReaders(ctx: Ctx, id: number): Promise<Comment | null> {
  const row = await q.findComment(ctx.db, id, null);
  const entry = row && (await q.findEntry(ctx.db, row.entry_id));
  return row && entry
    ? present(row, await q.commentLevel(ctx.db, id), null, entry, false, await mentionsOf(ctx, [row.text]))
    : null;
}

/** The entry's stored comments count (0 for an unknown entry), for the socket messages. */
export async function entryCommentsCount(ctx: Ctx, entryId: number): Promise<number> {
  return (await q.findEntry(ctx.db, entryId))?.comments_count ?? 0;
}

/** Stores a comment, counts it and refreshes the entry's hotness in one transaction. */
export async function add(
  ctx: Ctx,
  viewer: { id: number; role: Role },
  input: { entryId: number; text: string; replyTo: number | null },
): Promise<Comment> {
  return transaction(ctx, async (ctx) => {
    const entry = await visibleEntry(ctx, input.entryId);
    policy.assertCommentsOpen(entry);
    await assertNotBannedIn(ctx, viewer.id, entry.subsite_id);
    const text = cleanText(input.text);
    const parent = input.replyTo !== null ? await q.findComment(ctx.db, input.replyTo, null) : undefined;
    if (input.replyTo !== null) policy.assertReplyTarget(parent, entry.id);
    // The blocklist: nobody replies to or mentions a person who blocklisted them.
    const mentioned = (await q.peopleBySlugs(ctx.db, mentionedSlugs(text))).map((p) => p.id);
    await assertNotBlocked(ctx, viewer.id, parent?.author_id ?? null, mentioned);
    const id = await q.insertComment(ctx.db, {
      entryId: entry.id,
      authorId: viewer.id,
      replyTo: input.replyTo,
      text,
      now: ctx.now(),
    });
    await syncCommentHashtags(ctx, id, text);
    forget(ctx, entry.id);
    // Comments count towards hotness (docs/ARCHITECTURE.md, Ranking).
    await refreshEntryHotness(ctx, entry.id);
    ctx.events.emit('comment.created', {
      commentId: id,
      entryId: entry.id,
      authorId: viewer.id,
      replyTo: input.replyTo,
      text,
    });
    return presentOne(ctx, viewer, id, entry);
  });
}

/** The comment and its entry, both still there (a removed comment only when `removedToo`). */
async function existing(ctx: Ctx, id: number, removedToo = false) {
  const comment = await q.findComment(ctx.db, id, null);
  policy.assertCommentExists(comment, removedToo);
  const entry = await visibleEntry(ctx, comment.entry_id);
  return { comment, entry };
}

export async function edit(
  ctx: Ctx,
  viewer: { id: number; role: Role },
  input: { id: number; text: string },
): Promise<Comment> {
  return transaction(ctx, async (ctx) => {
    const { comment, entry } = await existing(ctx, input.id);
    policy.assertCanEdit(viewer, comment, entry);
    const text = cleanText(input.text);
    await q.updateText(ctx.db, comment.id, text, ctx.now());
    await syncCommentHashtags(ctx, comment.id, text);
    forget(ctx, entry.id);
    ctx.events.emit('comment.edited', { commentId: comment.id, entryId: entry.id, authorId: comment.author_id, text });
    return presentOne(ctx, viewer, comment.id, entry);
  });
}

/** Removes a comment: its author or staff. Its replies stay; the list shows it as a stub while they do. */
export async function remove(ctx: Ctx, viewer: { id: number; role: Role }, id: number): Promise<CommentRemoved> {
  return transaction(ctx, async (ctx) => {
    const { comment, entry } = await existing(ctx, id);
    policy.assertCanRemove(viewer, comment);
    return removeAndCount(ctx, viewer.id, entry.id, await q.removeComments(ctx.db, entry.id, comment.id, false));
  });
}

/** Staff: removes the comment and every reply under it; also under an already removed comment (a stub). */
export async function removeBranch(ctx: Ctx, viewer: { id: number; role: Role }, id: number): Promise<CommentRemoved> {
  return transaction(ctx, async (ctx) => {
    const { comment, entry } = await existing(ctx, id, true);
    policy.assertCanRemoveBranch(viewer);
    return removeAndCount(ctx, viewer.id, entry.id, await q.removeComments(ctx.db, entry.id, comment.id, true));
  });
}

async function removeAndCount(ctx: Ctx, byId: number, entryId: number, removedIds: number[]): Promise<CommentRemoved> {
  forget(ctx, entryId);
  if (removedIds.length) await refreshEntryHotness(ctx, entryId);
  const commentsCount = await q.commentsCount(ctx.db, entryId);
  if (removedIds.length) ctx.events.emit('comment.removed', { commentIds: removedIds, entryId, commentsCount, byId });
  return { removed_ids: removedIds, comments_count: commentsCount };
}

/**
 * Remembers how many comments of an entry the reader has seen (at most as many as there are). Every save has a
 * 5 % chance to clear marks older than 30 days, so the table stays small without a scheduled job.
 */
export async function saveSeen(
  ctx: Ctx,
  viewer: { id: number },
  entryId: number,
  count: number,
): Promise<{ count: number }> {
  const entry = await visibleEntry(ctx, entryId);
  const now = ctx.now();
  const stored = Math.min(count, entry.comments_count);
  await q.saveSeen(ctx.db, viewer.id, entryId, stored, now);
  if (seenCleanup.random() < seenCleanup.chance)
    await q.deleteSeenBefore(ctx.db, new Date(now.getTime() - COMMENTS_SEEN_TTL_DAYS * DAY));
  return { count: stored };
}

/**
 * Moderation ('remove all data' of a ban, and its undo on unban): every comment of a person taken down, or the given
 * ones brought back, with the entries' counts, hotness and cached discussions. Runs in the caller's transaction.
 * Answers the ids it changed.
 */
export async function setAllRemoved(
  ctx: Ctx,
  which: { authorId: number } | { ids: number[] },
  removed: boolean,
): Promise<number[]> {
  if ('ids' in which && which.ids.length === 0) return [];
  return transaction(ctx, async (ctx) => {
    const changed = await q.setCommentsRemoved(ctx.db, which, removed);
    for (const entryId of new Set(changed.map((c) => c.entry_id))) {
      forget(ctx, entryId);
      await refreshEntryHotness(ctx, entryId);
    }
    return changed.map((c) => c.id);
  });
}
