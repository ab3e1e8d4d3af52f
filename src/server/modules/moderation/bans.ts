import { messages } from '../../../shared/catalogue.ts';
import { banDays, REASON_MAX, RESTORE_DAYS } from '../../../shared/moderation.ts';
import type { BanItem } from '../../../shared/api/moderation.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, expected, forbidden, notFound, badRequestOf } from '../../lib/errors.ts';
import { isStaff } from '../auth/index.ts';
import * as comments from '../comments/service.ts';
import * as history from '../history/service.ts';
import { enqueue } from '../../jobs/queue.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { type Actor, DAY, PAGE, presentBan, cleanReason, target, FOREVER } from './common.ts';
import { recordAction } from './audit.ts';
import { userWrites } from '../users/index.ts';

/** Bans: placing, lifting, their history, the expiry task, and the log of staff actions taken elsewhere. */
// ---- bans ----

export interface BanInput {
  reason_text: string;
  days: number | null;
  remove_all_data: boolean;
  whole_platfrom: boolean;
  subsite_id: number | null;
}

/**
 * `POST /admin/users/{id}/ban` (spec/foundation.md §3, §5): site-wide, or in one subsite. Days over 1095 are lowered
 * to 1095; 0 or empty is for good (site-wide: superusers only). A new ban of the same scope replaces the one that
 * holds. With `remove_all_data` the person's entries and comments leave the site, restorable by an unban for
 * 30 days. The person is notified; the action goes to the audit log.
 */
export async function ban(ctx: Ctx, actor: Actor, userId: number, input: BanInput): Promise<{ ban: BanItem }> {
  policy.assertNotSelf(actor, userId);
  const reason = cleanReason(input.reason_text);
  const days = banDays(input.days);
  const siteWide = input.subsite_id === null || input.whole_platfrom;
  const subsiteId = siteWide ? null : input.subsite_id;
  return transaction(ctx, async (ctx) => {
    const now = ctx.now();
    const who = await target(ctx, userId);
    if (subsiteId === null) {
      policy.assertCanBanSiteWide(actor, who, days === null);
    } else {
      const subsite = await q.findSubsite(ctx.db, subsiteId);
      if (!subsite) throw notFound(messages.banSubsiteNotFound);
      policy.assertCanBanInSubsite(
        actor,
        await q.subsiteRole(ctx.db, subsiteId, actor.id),
        who,
        await q.subsiteRole(ctx.db, subsiteId, userId),
        days === null,
      );
    }
    // 'Remove all data' reaches the whole site: staff only, whatever the scope.
    if (input.remove_all_data && !isStaff(actor)) throw forbidden(messages.banSiteForbidden);
    const until = days === null ? null : new Date(now.getTime() + days * DAY);
    const previous = await q.activeBan(ctx.db, userId, subsiteId, now);
    if (previous) await q.endBan(ctx.db, previous.id, actor.id, now);

    const removedEntryIds = input.remove_all_data ? await history.setAllRemoved(ctx, { authorId: userId }, true) : [];
    const removedCommentIds = input.remove_all_data
      ? await comments.setAllRemoved(ctx, { authorId: userId }, true)
      : [];
    const id = await q.insertBan(ctx.db, {
      userId,
      subsiteId,
      byId: actor.id,
      reason,
      days,
      until,
      removeAllData: input.remove_all_data,
      removedEntryIds,
      removedCommentIds,
      restorableUntil: input.remove_all_data ? new Date(now.getTime() + RESTORE_DAYS * DAY) : null,
      now,
    });
    if (subsiteId === null) {
      await userWrites.setBannedUntil(ctx.db, userId, until ?? FOREVER);
      await enqueue(ctx, 'notify.ban', { userId, until: until?.toISOString() ?? null, reason });
    }
    await recordAction(ctx, {
      actorId: actor.id,
      action: 'user.ban',
      targetType: 'user',
      targetId: userId,
      reason,
      data: {
        ban_id: id,
        days,
        subsite_id: subsiteId,
        remove_all_data: input.remove_all_data,
        removed_entries: removedEntryIds.length,
        removed_comments: removedCommentIds.length,
      },
    });
    return { ban: presentBan(expected(await q.findBan(ctx.db, id), 'the ban just written'), now) };
  });
}

/**
 * `POST /admin/users/{id}/unban`: lifts the ban that holds (site-wide, or in `subsite_id`), and brings back what its
 * 'remove all data' took while that is still kept.
 */
export async function unban(
  ctx: Ctx,
  actor: Actor,
  userId: number,
  input: { subsite_id: number | null; reason_text: string },
): Promise<{ ban: BanItem }> {
  const reason = input.reason_text.replace(/\s+/g, ' ').trim();
  if (reason.length > REASON_MAX) throw badRequestOf('banReasonTooLong', REASON_MAX);
  return transaction(ctx, async (ctx) => {
    const now = ctx.now();
    const who = await target(ctx, userId);
    const subsiteId = input.subsite_id;
    if (subsiteId !== null && !(await q.findSubsite(ctx.db, subsiteId))) throw notFound(messages.banSubsiteNotFound);
    policy.assertCanUnban(
      actor,
      who,
      subsiteId,
      subsiteId === null ? null : await q.subsiteRole(ctx.db, subsiteId, actor.id),
    );
    const current = await q.activeBan(ctx.db, userId, subsiteId, now);
    if (!current) throw new ApiError(404, messages.unbanNotBanned);
    await q.endBan(ctx.db, current.id, actor.id, now);
    let restored = { entries: 0, comments: 0 };
    if (current.restorable_until && current.restorable_until > now) {
      const e = await history.setAllRemoved(ctx, { ids: current.removed_entry_ids }, false);
      const c = await comments.setAllRemoved(ctx, { ids: current.removed_comment_ids }, false);
      restored = { entries: e.length, comments: c.length };
      await q.takeRestorable(ctx.db, current.id);
    }
    if (subsiteId === null) {
      await userWrites.setBannedUntil(ctx.db, userId, null);
      await enqueue(ctx, 'notify.system', { userId, text: messages.unbannedNotice });
    }
    await recordAction(ctx, {
      actorId: actor.id,
      action: 'user.unban',
      targetType: 'user',
      targetId: userId,
      reason,
      data: {
        ban_id: current.id,
        subsite_id: subsiteId,
        restored_entries: restored.entries,
        restored_comments: restored.comments,
      },
    });
    return { ban: presentBan(expected(await q.findBan(ctx.db, current.id), 'the ban just lifted'), now) };
  });
}

/** `GET /admin/users/{id}/bans`: the bans history widget (staff). */
export async function bansHistory(ctx: Ctx, actor: Actor, userId: number): Promise<{ items: BanItem[] }> {
  policy.assertStaff(actor, messages.bansForbidden);
  await target(ctx, userId);
  const now = ctx.now();
  return { items: (await q.bansOf(ctx.db, userId, 100)).map((b) => presentBan(b, now)) };
}

/** `GET /admin/bans`: every ban that holds now. */
export async function activeBans(ctx: Ctx, actor: Actor, lastId: number | null) {
  policy.assertStaff(actor, messages.bansForbidden);
  const now = ctx.now();
  const items = await q.activeBans(ctx.db, now, lastId, PAGE);
  return {
    items: items.map((b) => presentBan(b, now)),
    last_id: items.length === PAGE ? items[items.length - 1].id : null,
  };
}

// ---- periodic work and listeners ----

/**
 * The cluster task `moderation.expire`: bans whose date passed are closed (the history shows them ended) and logged,
 * `banned_until` in the past is cleared, and what 'remove all data' took stops being restorable after 30 days.
 */
export async function expireBans(ctx: Ctx) {
  return transaction(ctx, async (ctx) => {
    const now = ctx.now();
    const ended = await q.expireBans(ctx.db, now);
    for (const b of ended)
      await recordAction(ctx, {
        actorId: null,
        action: 'ban.expired',
        targetType: 'user',
        targetId: b.user_id,
        data: { ban_id: b.id, subsite_id: b.subsite_id },
      });
    await userWrites.clearPastBans(ctx.db, now);
    await q.dropOldRestorable(ctx.db, now);
    return ended.length;
  });
}

/** Staff actions other modules take (removing someone else's comment or entry) reach the log through their events. */
export function listen(ctx: Ctx) {
  const isStaffAction = async (byId: number, authorId: number | null) => {
    if (authorId === byId) return false;
    const p = await q.findPerson(ctx.db, byId);
    return p !== undefined && isStaff(p);
  };
  ctx.events.on('comment.removed', async (e) => {
    const authors = await q.commentAuthors(ctx.db, e.commentIds);
    if (authors.every((a) => a.author_id === e.byId) || !(await isStaffAction(e.byId, null))) return;
    for (const c of authors)
      await recordAction(ctx, {
        actorId: e.byId,
        action: 'comment.remove',
        targetType: 'comment',
        targetId: c.id,
        data: { entry_id: e.entryId, author_id: c.author_id },
      });
  });
  ctx.events.on('entry.removed', async (e) => {
    if (!(await isStaffAction(e.byId, e.authorId))) return;
    await recordAction(ctx, {
      actorId: e.byId,
      action: 'entry.remove',
      targetType: 'entry',
      targetId: e.entryId,
      data: { author_id: e.authorId },
    });
  });
}
