import type { Role } from '../../../shared/api.ts';
import { COMMENTS_SEEN_TTL_DAYS, type Comment, type CommentRemoved } from '../../../shared/comments.ts';
import type { Ctx } from '../../context.ts';
import { commentTextOrGif } from '../../db/comment-text.ts';
import { transaction } from '../../db/transaction.ts';
import { refreshEntryHotness } from '../feed/index.ts';
import { syncComment as syncCommentHashtags } from '../hashtags/service.ts';
import * as policy from './policy.ts';
import * as subsites from '../subsites/service.ts';
import * as q from './queries.ts';
import { ownGif } from '../media/service.ts';
import { mentionedSlugs } from './text.ts';
import { assertNotBannedIn, assertNotBlocked } from '../restrictions/index.ts';
import { DAY, forget, visibleEntry, presentOne, cleanText, seenCleanup } from './reading.ts';

/** Comments: reading (reading.ts) and writing (here). */
export * from './reading.ts';

/** Stores a comment, counts it and refreshes the entry's hotness in one transaction. */
export async function add(
  ctx: Ctx,
  viewer: { id: number; role: Role },
  input: { entryId: number; text: string; replyTo: number | null; asSubsiteId?: number | null; attach?: string },
): Promise<Comment> {
  const asSubsiteId = input.asSubsiteId ?? null;
  return transaction(ctx, async (ctx) => {
    const entry = await visibleEntry(ctx, input.entryId, viewer);
    policy.assertCommentsOpen(entry);
    if (asSubsiteId !== null)
      policy.assertCanWriteAs(
        await subsites.byId(ctx, asSubsiteId),
        await subsites.managesSubsite(ctx, { userId: viewer.id, subsiteId: asSubsiteId }),
      );
    await assertNotBannedIn(ctx, viewer.id, entry.subsite_id);
    // A gif alone is a comment too; the gif must be the writer's own upload.
    const attachUuid = input.attach ? (await ownGif(ctx, viewer.id, input.attach)).uuid : null;
    const text = cleanText(input.text, attachUuid !== null);
    const parent = input.replyTo !== null ? await q.findComment(ctx.db, input.replyTo, null) : undefined;
    if (input.replyTo !== null) policy.assertReplyTarget(parent, entry.id);
    // The blocklist: nobody replies to or mentions a person who blocklisted them.
    const mentioned = (await q.peopleBySlugs(ctx.db, mentionedSlugs(text))).map((p) => p.id);
    await assertNotBlocked(ctx, viewer.id, parent?.author_id ?? null, mentioned);
    const id = await q.insertComment(ctx.db, {
      entryId: entry.id,
      authorId: viewer.id,
      asSubsiteId,
      replyTo: input.replyTo,
      text,
      attachUuid,
      now: ctx.now(),
    });
    await syncCommentHashtags(ctx, id, text);
    forget(ctx, entry.id);
    // Comments count towards hotness (docs/modules/feed.md, Ranking).
    await refreshEntryHotness(ctx, entry.id);
    ctx.events.emit('comment.created', {
      commentId: id,
      entryId: entry.id,
      authorId: viewer.id,
      asSubsiteId,
      replyTo: input.replyTo,
      // A gif alone is quoted in the notifications and their letters as «[GIF]».
      text: commentTextOrGif(text, attachUuid !== null),
    });
    return presentOne(ctx, viewer, id, entry);
  });
}

/** The comment and its entry, both still there (a removed comment only when `removedToo`). */
async function existing(ctx: Ctx, viewer: { id: number; role: Role }, id: number, removedToo = false) {
  const comment = await q.findComment(ctx.db, id, null);
  policy.assertCommentExists(comment, removedToo);
  const entry = await visibleEntry(ctx, comment.entry_id, viewer);
  return { comment, entry };
}

export async function edit(
  ctx: Ctx,
  viewer: { id: number; role: Role },
  input: { id: number; text: string; attach?: string },
): Promise<Comment> {
  return transaction(ctx, async (ctx) => {
    const { comment, entry } = await existing(ctx, viewer, input.id);
    policy.assertCanEdit(viewer, comment, entry);
    // Absent: the gif stays; '': it goes; a uuid: the same gif, or another of the editor's own uploads.
    const attachUuid =
      input.attach === undefined || input.attach === comment.attach_uuid
        ? comment.attach_uuid
        : input.attach
          ? (await ownGif(ctx, viewer.id, input.attach)).uuid
          : null;
    const text = cleanText(input.text, attachUuid !== null);
    await q.updateText(ctx.db, comment.id, text, ctx.now(), attachUuid);
    await syncCommentHashtags(ctx, comment.id, text);
    forget(ctx, entry.id);
    ctx.events.emit('comment.edited', { commentId: comment.id, entryId: entry.id, authorId: comment.author_id, text });
    return presentOne(ctx, viewer, comment.id, entry);
  });
}

/** Removes a comment: its author or staff. Its replies stay; the list shows it as a stub while they do. */
export async function remove(ctx: Ctx, viewer: { id: number; role: Role }, id: number): Promise<CommentRemoved> {
  return transaction(ctx, async (ctx) => {
    const { comment, entry } = await existing(ctx, viewer, id);
    policy.assertCanRemove(viewer, comment);
    return removeAndCount(ctx, viewer.id, entry.id, await q.removeComments(ctx.db, entry.id, comment.id, false));
  });
}

/** Staff: removes the comment and every reply under it; also under an already removed comment (a stub). */
export async function removeBranch(ctx: Ctx, viewer: { id: number; role: Role }, id: number): Promise<CommentRemoved> {
  return transaction(ctx, async (ctx) => {
    const { comment, entry } = await existing(ctx, viewer, id, true);
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
  viewer: { id: number; role: Role },
  entryId: number,
  count: number,
): Promise<{ count: number }> {
  const entry = await visibleEntry(ctx, entryId, viewer);
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
