import { messages } from '../../../shared/catalogue.ts';
import { formatFullDate } from '../../../shared/format.ts';
import {
  banDays,
  REASON_MAX,
  RESTORE_DAYS,
  type AuditItem,
  type AuditList,
  type BanItem,
  type OwnBan,
  type UserCard,
  type UserSearchItem,
} from '../../../shared/moderation.ts';
import type { BlockedPerson, ReviewItem } from '../../../shared/complaints.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isStaff } from '../auth/index.ts';
import * as comments from '../comments/service.ts';
import * as history from '../history/service.ts';
import * as entries from '../entries/service.ts';
import { notifyBan, notifyUnpublished, sendSystem } from '../notifications/service.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';

type Actor = policy.Actor;
const DAY = 86_400_000;
/** A ban for good is stored in `users.banned_until` as the far future, so `isBanned` needs no second column. */
export const FOREVER = new Date('9999-12-31T00:00:00Z');
const PAGE = 30;

// ---- presenting ----

const person = (id: number, name: string, slug: string) => ({ id, name, url: subsiteUrl({ id, type: 'user', slug }) });

function presentBan(b: q.BanRow, now: Date): BanItem {
  const active = b.ended_at === null && (b.until === null || b.until > now);
  return {
    id: b.id,
    user: person(b.user_id, b.user_name, b.user_slug),
    by: b.by_name === null ? null : { id: b.by_id, name: b.by_name },
    subsite:
      b.subsite_id === null
        ? null
        : {
            id: b.subsite_id,
            name: b.subsite_name ?? '',
            url: subsiteUrl({ id: b.subsite_id, type: b.subsite_type ?? 'community', slug: b.subsite_slug ?? '' }),
          },
    reason: b.reason,
    days: b.days,
    until: b.until?.toISOString() ?? null,
    remove_all_data: b.remove_all_data,
    removed_entries: b.removed_entry_ids.length,
    removed_comments: b.removed_comment_ids.length,
    restorable_until:
      b.removed_entry_ids.length + b.removed_comment_ids.length ? (b.restorable_until?.toISOString() ?? null) : null,
    date: b.created_at.toISOString(),
    ended: active ? null : ((b.ended_at ?? b.until)?.toISOString() ?? null),
    lifted_by: b.lifted_by === null ? null : { id: b.lifted_by, name: b.lifted_by_name ?? '' },
    is_active: active,
  };
}

function presentAudit(a: q.AuditRow): AuditItem {
  let url: string | null = null;
  if (a.target_type === 'user' || a.target_type === 'subsite')
    url =
      a.target_slug !== null
        ? subsiteUrl({ id: a.target_id, type: a.target_subsite_type ?? 'user', slug: a.target_slug })
        : null;
  else if (a.target_type === 'entry' && a.entry_id !== null) url = `/${a.entry_id}`;
  else if (a.target_type === 'comment' && a.entry_id !== null) url = `/${a.entry_id}?comment=${a.target_id}`;
  return {
    id: a.id,
    actor: a.actor_id === null ? null : person(a.actor_id, a.actor_name ?? '', a.actor_slug ?? ''),
    action: a.action,
    target_type: a.target_type,
    target_id: a.target_id,
    target_url: url,
    target_name: a.target_name,
    reason: a.reason,
    data: a.data,
    date: a.created_at.toISOString(),
  };
}

const presentPerson = (p: q.PersonRow): UserSearchItem => ({
  id: p.id,
  name: p.name,
  url: subsiteUrl({ id: p.id, type: 'user', slug: p.slug }),
  email: p.email,
  role: p.role,
  avatar_url: p.avatar_url,
  avatar_color: p.avatar_color,
  banned_until: p.banned_until?.toISOString() ?? null,
});

// ---- the audit log ----

/**
 * Records one staff action in the append-only log (a trigger refuses updates and deletes). Runs in the caller's
 * transaction, so an action and its record commit or fail together. Other modules call it for their staff actions.
 */
export async function recordAction(
  ctx: Ctx,
  a: {
    actorId: number | null;
    action: string;
    targetType: string;
    targetId: number;
    reason?: string;
    data?: Record<string, unknown>;
  },
) {
  await q.insertAudit(ctx.db, { ...a, now: ctx.now() });
}

export async function auditLog(
  ctx: Ctx,
  actor: Actor,
  f: { lastId: number | null; action?: string; userId?: number },
): Promise<AuditList> {
  policy.assertStaff(actor);
  const items = await q.auditPage(ctx.db, { ...f, limit: PAGE });
  return { items: items.map(presentAudit), last_id: items.length === PAGE ? items[items.length - 1].id : null };
}

// ---- bans ----

export interface BanInput {
  reason_text: string;
  days: number | null;
  remove_all_data: boolean;
  whole_platfrom: boolean;
  subsite_id: number | null;
}

function cleanReason(text: string) {
  const reason = text.replace(/\s+/g, ' ').trim();
  if (!reason) throw badRequest(messages.banReasonRequired, { errors: { reason_text: messages.banReasonRequired } });
  if (reason.length > REASON_MAX) throw badRequest(messages.banReasonTooLong(REASON_MAX));
  return reason;
}

async function target(ctx: Ctx, id: number) {
  const p = await q.findPerson(ctx.db, id);
  if (!p) throw notFound(messages.banUserNotFound);
  return p;
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
      await q.setBannedUntil(ctx.db, userId, until ?? FOREVER);
      await notifyBan(ctx, userId, until, reason);
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
    return { ban: presentBan((await q.findBan(ctx.db, id))!, now) };
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
  if (reason.length > REASON_MAX) throw badRequest(messages.banReasonTooLong(REASON_MAX));
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
      await q.setBannedUntil(ctx.db, userId, null);
      await sendSystem(ctx, userId, messages.unbannedNotice);
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
    return { ban: presentBan((await q.findBan(ctx.db, current.id))!, now) };
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

/** The refusal a banned person's write gets: why and until when. */
export function banMessage(b: OwnBan): string {
  return b.until
    ? messages.bannedUntil(formatFullDate(b.until, { timeZone: 'Europe/Moscow' }), b.reason)
    : messages.bannedForever(b.reason);
}

// ---- people ----

export async function searchUsers(ctx: Ctx, actor: Actor, query: string): Promise<{ items: UserSearchItem[] }> {
  policy.assertStaff(actor);
  return { items: (await q.searchPeople(ctx.db, query.trim(), 20)).map(presentPerson) };
}

export async function userCard(ctx: Ctx, actor: Actor, userId: number): Promise<UserCard> {
  policy.assertStaff(actor);
  const p = await target(ctx, userId);
  const now = ctx.now();
  const [bans, roles, counts, recent, audit] = await Promise.all([
    q.bansOf(ctx.db, userId, 50),
    q.subsiteRolesOf(ctx.db, userId),
    q.activityCounts(ctx.db, userId),
    q.recentActivity(ctx.db, userId, 10),
    q.auditPage(ctx.db, { lastId: null, limit: 20, userId }),
  ]);
  const items = bans.map((b) => presentBan(b, now));
  return {
    user: { ...presentPerson(p), created: p.created_at.toISOString(), rating: p.rating },
    ban: items.find((b) => b.is_active && b.subsite === null) ?? null,
    bans: items,
    subsite_roles: roles.map((r) => ({
      subsite_id: r.subsite_id,
      name: r.name,
      url: subsiteUrl({ id: r.subsite_id, type: r.type, slug: r.slug }),
      role: r.role,
    })),
    counts,
    recent: recent.map((r) => ({
      type: r.type,
      id: r.id,
      text: r.text,
      url: r.type === 'entry' ? `/${r.entry_id}` : `/${r.entry_id}?comment=${r.id}`,
      date: r.date.toISOString(),
      removed: r.removed,
    })),
    audit: audit.map(presentAudit),
    can_ban: policy.canBan(actor, p),
    can_ban_forever: actor.role === 'superuser' && policy.canBan(actor, p),
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
    await q.clearPastBans(ctx.db, now);
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

// ---- entry actions (spec/content.md §4) ----

async function entryFor(ctx: Ctx, id: number) {
  const e = await q.entryFacts(ctx.db, id);
  if (!e || e.removed) throw notFound(messages.entryNotFound);
  return e;
}

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
  if (reason.length > REASON_MAX) throw badRequest(messages.banReasonTooLong(REASON_MAX));
  return transaction(ctx, async (ctx) => {
    const e = await entryFor(ctx, id);
    if (!e.is_published) throw badRequest(messages.entryNotPublished);
    await entries.setModerationFlags(ctx, id, { isPublished: false });
    await q.lockEntry(ctx.db, id, actor.id, reason, input.reason_id, ctx.now());
    if (e.author_id !== actor.id) await notifyUnpublished(ctx, id, reason);
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

/** `POST /admin/content/unlock/{id}`: staff release an unpublished entry; its author may publish it again. */
export async function unlock(ctx: Ctx, actor: Actor, id: number) {
  policy.assertStaff(actor, messages.entryActionForbidden);
  return transaction(ctx, async (ctx) => {
    const e = await entryFor(ctx, id);
    if (!(await q.unlockEntry(ctx.db, id))) throw badRequest(messages.entryNotLocked);
    await recordAction(ctx, {
      actorId: actor.id,
      action: 'entry.unlock',
      targetType: 'entry',
      targetId: id,
      data: { author_id: e.author_id },
    });
    return { id, locked_by_admin: false };
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

export { adultPrefs, adultPrefsOf, ownBan, type AdultPrefs } from '../users/service.ts';

/** `POST /subsite/is_adult`: kept on the account when signed in (the route also sets a cookie for everyone). */
export async function setAdult(ctx: Ctx, userId: number | null, isAdult: boolean): Promise<{ is_adult: boolean }> {
  if (userId !== null) await q.mergeSettings(ctx.db, userId, { is_adult: isAdult });
  return { is_adult: isAdult };
}

/** `POST /subsite/is_blur_nsfw`: the signed-in reader's choice to keep 18+ entries blurred. */
export async function setBlurNsfw(ctx: Ctx, userId: number, blur: boolean): Promise<{ is_blur_nsfw: boolean }> {
  await q.mergeSettings(ctx.db, userId, { is_blur_nsfw: blur });
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

// ---- entries held for review ----

const REVIEW_PAGE = 100;

function presentReview(r: q.ReviewRow): ReviewItem {
  return {
    entry_id: r.entry_id,
    title: r.title,
    url: `/${r.entry_id}`,
    author: person(r.author_id, r.author_name, r.author_slug),
    subsite: {
      id: r.subsite_id,
      name: r.subsite_name,
      url: subsiteUrl({ id: r.subsite_id, type: r.subsite_type, slug: r.subsite_slug }),
    },
    reason: r.reason === 'approval' ? 'approval' : 'spam',
    date: r.created_at.toISOString(),
  };
}

/**
 * `GET /admin/reviews {reason}`: staff's queues, oldest first: entries held as spam (a new account's entry with
 * links), or every community's entries awaiting approval.
 */
export async function reviewQueue(
  ctx: Ctx,
  actor: Actor,
  reason: 'spam' | 'approval' = 'spam',
): Promise<{ items: ReviewItem[] }> {
  policy.assertStaff(actor, messages.queueForbidden);
  return { items: (await q.reviews(ctx.db, { reason, subsiteId: null, limit: REVIEW_PAGE })).map(presentReview) };
}

/** `GET /subsite/reviews/{id}`: a moderated community's approval queue, for its managers and staff. */
export async function subsiteReviewQueue(ctx: Ctx, actor: Actor, subsiteId: number): Promise<{ items: ReviewItem[] }> {
  if (!(await q.findSubsite(ctx.db, subsiteId))) throw notFound(messages.subsiteNotFound);
  policy.assertCanReview(actor, 'approval', await q.subsiteRole(ctx.db, subsiteId, actor.id));
  return {
    items: (await q.reviews(ctx.db, { reason: 'approval', subsiteId, limit: REVIEW_PAGE })).map(presentReview),
  };
}

/**
 * `POST /admin/reviews/{id}/approve` publishes a waiting entry (its publication time is now, unless it had been
 * published before); `/reject {reason_text}` leaves it a draft, which its author may edit and send again (a
 * community's rejection stays on the draft, with its reason, until then). Held spam
 * is staff's; a community's approval queue also its managers', whose rejection needs a reason the author is told.
 * Logged.
 */
export async function decideReview(
  ctx: Ctx,
  actor: Actor,
  entryId: number,
  decision: { approve: boolean; reason_text?: string },
) {
  const reason = (decision.reason_text ?? '').replace(/\s+/g, ' ').trim();
  if (reason.length > REASON_MAX) throw badRequest(messages.banReasonTooLong(REASON_MAX));
  return transaction(ctx, async (ctx) => {
    const review = await q.findReview(ctx.db, entryId);
    if (!review || review.removed) throw notFound(messages.reviewNotFound);
    policy.assertCanReview(actor, review.reason, await q.subsiteRole(ctx.db, review.subsite_id, actor.id));
    const approval = review.reason === 'approval';
    if (!decision.approve && approval && !reason)
      throw badRequest(messages.approvalReasonRequired, { errors: { reason_text: messages.approvalReasonRequired } });
    await q.takeReview(ctx.db, entryId);
    if (decision.approve && !(await entries.publishApproved(ctx, entryId))) throw notFound(messages.reviewNotFound);
    // The author sees a community's rejection and its reason on the draft until they send it again.
    if (!decision.approve && approval) await q.rejectEntry(ctx.db, entryId, review.subsite_id, reason, ctx.now());
    if (approval && review.author_id !== actor.id)
      await sendSystem(
        ctx,
        review.author_id,
        decision.approve
          ? messages.approvalApprovedNotice(review.title, review.subsite_name)
          : messages.approvalRejectedNotice(review.title, review.subsite_name, reason),
      );
    await recordAction(ctx, {
      actorId: actor.id,
      action: decision.approve ? 'entry.approve' : 'entry.reject',
      targetType: 'entry',
      targetId: entryId,
      reason,
      data: { reason: review.reason, subsite_id: review.subsite_id, author_id: review.author_id },
    });
    return { entry_id: entryId, is_published: decision.approve };
  });
}

// ---- the blocklist ----

/** `GET /blocklist`: the people the reader blocklisted (their muted blogs), for the settings section. */
export async function blocklist(ctx: Ctx, userId: number): Promise<{ items: BlockedPerson[] }> {
  return {
    items: (await q.blocklist(ctx.db, userId)).map((p) => ({
      id: p.id,
      name: p.name,
      url: subsiteUrl({ id: p.id, type: 'user', slug: p.slug }),
      avatar_url: p.avatar_url,
      avatar_color: p.avatar_color,
    })),
  };
}
