import { messages } from '../../../shared/catalogue.ts';
import { REASON_MAX } from '../../../shared/moderation.ts';
import type { AuditItem, BanItem, UserSearchItem } from '../../../shared/api/moderation.ts';
import { boardItemUrl, isBoardKind } from '../../../shared/board.ts';
import type { Gender } from '../../../shared/gender.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { badRequest, notFound, badRequestOf } from '../../lib/errors.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';

/** What the moderation files share: presenting rows, paging, the checks before an action. */
export type Actor = policy.Actor;
export const DAY = 86_400_000;
/** A ban for good is stored in `users.banned_until` as the far future, so `isBanned` needs no second column. */
export const FOREVER = new Date('9999-12-31T00:00:00Z');
export const PAGE = 30;

// ---- presenting ----

export const person = (id: number, name: string, slug: string) => ({
  id,
  name,
  url: subsiteUrl({ id, type: 'user', slug }),
});

export function presentBan(b: q.BanRow, now: Date): BanItem {
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

export function presentAudit(a: q.AuditRow, gender: Gender): AuditItem {
  let url: string | null = null;
  if (a.target_type === 'user' || a.target_type === 'subsite')
    url =
      a.target_slug !== null
        ? subsiteUrl({ id: a.target_id, type: a.target_subsite_type ?? 'user', slug: a.target_slug })
        : null;
  else if (a.target_type === 'entry' && a.entry_id !== null) url = `/${a.entry_id}`;
  else if (a.target_type === 'comment' && a.entry_id !== null) url = `/${a.entry_id}?comment=${a.target_id}`;
  else if (isBoardKind(a.target_type)) url = boardItemUrl(a.target_type, a.target_id);
  // A board item's title is the one it had when staff decided (kept in the row's data).
  const title = typeof a.data.title === 'string' ? a.data.title : null;
  return {
    id: a.id,
    actor: a.actor_id === null ? null : { ...person(a.actor_id, a.actor_name ?? '', a.actor_slug ?? ''), gender },
    action: a.action,
    target_type: a.target_type,
    target_id: a.target_id,
    target_url: url,
    target_name: a.target_name ?? title,
    reason: a.reason,
    data: a.data,
    date: a.created_at.toISOString(),
  };
}

export const presentPerson = (p: q.PersonRow): UserSearchItem => ({
  id: p.id,
  name: p.name,
  url: subsiteUrl({ id: p.id, type: 'user', slug: p.slug }),
  email: p.email,
  role: p.role,
  avatar_url: p.avatar_url,
  avatar_color: p.avatar_color,
  banned_until: p.banned_until?.toISOString() ?? null,
});

// ---- shared checks ----

export function cleanReason(text: string) {
  const reason = text.replace(/\s+/g, ' ').trim();
  if (!reason) throw badRequest(messages.banReasonRequired, { errors: { reason_text: messages.banReasonRequired } });
  if (reason.length > REASON_MAX) throw badRequestOf('banReasonTooLong', REASON_MAX);
  return reason;
}

export async function target(ctx: Ctx, id: number) {
  const p = await q.findPerson(ctx.db, id);
  if (!p) throw notFound(messages.banUserNotFound);
  return p;
}

export async function entryFor(ctx: Ctx, id: number) {
  const e = await q.entryFacts(ctx.db, id);
  if (!e || e.removed) throw notFound(messages.entryNotFound);
  return e;
}
