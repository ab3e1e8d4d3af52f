import { messages } from '../../../shared/catalogue.ts';
import { REASON_MAX } from '../../../shared/moderation.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, notFound, badRequestOf } from '../../lib/errors.ts';
import * as comments from '../comments/service.ts';
import * as entries from '../entries/service.ts';
import { enqueue } from '../../jobs/queue.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { type Actor, entryFor } from './common.ts';
import { recordAction } from './audit.ts';
import { settings } from '../users/index.ts';

/** Staff actions on entries and comments: unpublish, flags, pins, closed editing; the reader's 18+ choices. */
// ---- entry actions (spec/content.md §4) ----

/**
 * `POST /content/unpublish/{id} {reason_text, reason_id}`: staff take an entry back to drafts with `locked_by_admin`;
 * its author is told why and cannot publish it again until staff release it (`/admin/content/unlock/{id}`).
 */
export async function unpublish(
  ctx: Ctx,
  actor: Actor,
  id: number,
  input: { reason_text: string; reason_id: number | null },
): Promise<{ id: number; is_published: false; locked_by_admin: true }> {
  policy.assertStaff(actor, messages.entryActionForbidden);
  const reason = input.reason_text.replace(/\s+/g, ' ').trim();
  if (!reason)
    throw badRequest(messages.unpublishReasonRequired, { errors: { reason_text: messages.unpublishReasonRequired } });
  if (reason.length > REASON_MAX) throw badRequestOf('banReasonTooLong', REASON_MAX);
  return transaction(ctx, async (ctx) => {
    const e = await entryFor(ctx, id);
    if (!e.is_published) throw badRequest(messages.entryNotPublished);
    await entries.setModerationFlags(ctx, id, { isPublished: false });
    await q.lockEntry(ctx.db, id, actor.id, reason, input.reason_id, ctx.now());
    if (e.author_id !== actor.id) await enqueue(ctx, 'notify.unpublished', { entryId: id, reason });
    await recordAction(ctx, {
      actorId: actor.id,
      action: 'entry.unpublish',
      targetType: 'entry',
      targetId: id,
      reason,
      data: { author_id: e.author_id, reason_id: input.reason_id },
    });
    return { id, is_published: false, locked_by_admin: true };
  });
}

/**
 * `POST /admin/content/unlock/{id}`: staff release an entry they unpublished: it is published again as it was (its
 * publication date kept, nobody told of it anew), and its author may publish and unpublish it freely again.
 */
export async function unlock(ctx: Ctx, actor: Actor, id: number) {
  policy.assertStaff(actor, messages.entryActionForbidden);
  return transaction(ctx, async (ctx) => {
    const e = await entryFor(ctx, id);
    if (!(await q.unlockEntry(ctx.db, id))) throw badRequest(messages.entryNotLocked);
    await entries.setModerationFlags(ctx, id, { isPublished: true });
    await recordAction(ctx, {
      actorId: actor.id,
      action: 'entry.unlock',
      targetType: 'entry',
      targetId: id,
      data: { author_id: e.author_id },
    });
    return { id, is_published: true, locked_by_admin: false };
  });
}

/** `/content/unforce/{id}` (hide from the main page) and the 18+ marks: staff (`can_mark_nsfw` is theirs). */
export async function setEntryFlag(
  ctx: Ctx,
  actor: Actor,
  id: number,
  flag: 'unforce' | 'nsfw' | 'unnsfw',
): Promise<{ id: number; is_nsfw: boolean; is_hidden_from_main: boolean }> {
  policy.assertStaff(actor, flag === 'unforce' ? messages.entryActionForbidden : messages.nsfwForbidden);
  return transaction(ctx, async (ctx) => {
    const e = await entryFor(ctx, id);
    const next = flag === 'unforce' ? { isHiddenFromMain: true } : { isNsfw: flag === 'nsfw' };
    await entries.setModerationFlags(ctx, id, next);
    await recordAction(ctx, {
      actorId: actor.id,
      action: `entry.${flag}`,
      targetType: 'entry',
      targetId: id,
      data: { author_id: e.author_id },
    });
    return {
      id,
      is_nsfw: next.isNsfw ?? e.is_nsfw,
      is_hidden_from_main: next.isHiddenFromMain ?? e.is_hidden_from_main,
    };
  });
}

// ---- 18+ (spec/content.md §8): the reader's choices live with the user (users/service.ts) ----

export { adultPrefs, ownBan, type AdultPrefs } from '../users/service.ts';

/** `POST /subsite/is_adult`: kept on the account when signed in (the route also sets a cookie for everyone). */
export async function setAdult(ctx: Ctx, userId: number | null, isAdult: boolean): Promise<{ is_adult: boolean }> {
  if (userId !== null) await settings.adult.merge(ctx.db, userId, { is_adult: isAdult });
  return { is_adult: isAdult };
}

/** `POST /subsite/is_blur_nsfw`: the signed-in reader's choice to keep 18+ entries blurred. */
export async function setBlurNsfw(ctx: Ctx, userId: number, blur: boolean): Promise<{ is_blur_nsfw: boolean }> {
  await settings.adult.merge(ctx.db, userId, { is_blur_nsfw: blur });
  return { is_blur_nsfw: blur };
}

// ---- comment pins (spec/content.md §6, §7) ----

/**
 * `POST /admin/comments/pin {id, state}`: staff and the managers of the entry's subsite pin one top-level comment per
 * entry (pinning another replaces it) or unpin it. Logged; the cached discussions are dropped.
 */
export async function pinComment(
  ctx: Ctx,
  actor: Actor,
  id: number,
  state: boolean,
): Promise<{ id: number; entry_id: number; is_pinned: boolean; unpinned_id: number | null }> {
  return transaction(ctx, async (ctx) => {
    const c = await q.commentFacts(ctx.db, id);
    if (!c || c.entry_removed) throw notFound(messages.commentNotFound);
    policy.assertCanPinComment(actor, await q.subsiteRole(ctx.db, c.subsite_id, actor.id));
    let replaced: number | null = null;
    if (state) {
      if (c.removed) throw badRequest(messages.commentPinRemoved);
      if (c.reply_to !== null) throw badRequest(messages.commentPinReply);
      if (c.pinned) return { id, entry_id: c.entry_id, is_pinned: true, unpinned_id: null };
      replaced = await q.pinComment(ctx.db, c.entry_id, id, actor.id, ctx.now());
    } else if (!(await q.unpinComment(ctx.db, id))) {
      throw badRequest(messages.commentNotPinned);
    }
    await recordAction(ctx, {
      actorId: actor.id,
      action: state ? 'comment.pin' : 'comment.unpin',
      targetType: 'comment',
      targetId: id,
      data: { entry_id: c.entry_id, author_id: c.author_id, replaced },
    });
    comments.dropCached(ctx, c.entry_id);
    return { id, entry_id: c.entry_id, is_pinned: state, unpinned_id: replaced };
  });
}

// ---- feed pins (spec/content.md §7 /admin/content/pin) ----

/**
 * `POST /admin/content/pin {content_id, subsite_id, state}`: pins a published entry to the top of its subsite's feed,
 * or of the main feed when `subsite_id` is 0 (one per feed, pinning another replaces it); state 0 unpins. Staff, and
 * the managers of the subsite for its own feed. Logged.
 */
export async function pinToFeed(
  ctx: Ctx,
  actor: Actor,
  input: { content_id: number; subsite_id: number; state: boolean },
): Promise<{ content_id: number; subsite_id: number; is_pinned: boolean; unpinned_id: number | null }> {
  return transaction(ctx, async (ctx) => {
    const e = await q.entryFacts(ctx.db, input.content_id);
    if (!e || e.removed) throw notFound(messages.entryNotFound);
    const feedId = input.subsite_id;
    if (feedId !== 0 && !(await q.findSubsite(ctx.db, feedId))) throw notFound(messages.banSubsiteNotFound);
    policy.assertCanPinToFeed(actor, feedId, feedId === 0 ? null : await q.subsiteRole(ctx.db, feedId, actor.id));
    if (feedId !== 0 && e.subsite_id !== feedId) throw badRequest(messages.feedPinNotInSubsite);
    let replaced: number | null = null;
    if (input.state) {
      if (!e.is_published) throw badRequest(messages.entryNotPublished);
      replaced = await q.pinToFeed(ctx.db, feedId, input.content_id, actor.id, ctx.now());
    } else if (!(await q.unpinFromFeed(ctx.db, feedId, input.content_id))) {
      throw badRequest(messages.feedNotPinned);
    }
    await recordAction(ctx, {
      actorId: actor.id,
      action: input.state ? 'entry.pin' : 'entry.unpin',
      targetType: 'entry',
      targetId: input.content_id,
      data: { subsite_id: feedId, author_id: e.author_id, replaced },
    });
    return { content_id: input.content_id, subsite_id: feedId, is_pinned: input.state, unpinned_id: replaced };
  });
}

// ---- closed editing (spec/content.md §3 is_closed_editing, §6) ----

/** `POST /admin/content/close_editing/{id} {state}`: staff close (or open) an entry's editing to its author. */
export async function setEditingClosed(
  ctx: Ctx,
  actor: Actor,
  id: number,
  closed: boolean,
): Promise<{ id: number; is_closed_editing: boolean }> {
  policy.assertStaff(actor, messages.entryActionForbidden);
  return transaction(ctx, async (ctx) => {
    const e = await entryFor(ctx, id);
    if (closed) await q.closeEditing(ctx.db, id, actor.id, ctx.now());
    else if (!(await q.openEditing(ctx.db, id))) throw badRequest(messages.editingNotClosed);
    await recordAction(ctx, {
      actorId: actor.id,
      action: closed ? 'entry.close_editing' : 'entry.open_editing',
      targetType: 'entry',
      targetId: id,
      data: { author_id: e.author_id },
    });
    return { id, is_closed_editing: closed };
  });
}
