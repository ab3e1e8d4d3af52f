import type { AuditItem, AuditList, UserCard, UserSearchItem } from '../../../shared/api/moderation.ts';
import { genderOf } from '../../../shared/gender.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { settings } from '../users/index.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { type Actor, PAGE, presentBan, presentAudit, presentPerson, target } from './common.ts';

/** The audit log and the people search and card of /admin. */
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

/** Staff decisions on board items (vacancies, events) reach the log through `board.decided`. */
export function recordBoardDecisions(ctx: Ctx) {
  ctx.events.on('board.decided', (e) =>
    recordAction(ctx, {
      actorId: e.byId,
      action: `${e.kind}.${e.decision}`,
      targetType: e.kind,
      targetId: e.itemId,
      reason: e.reason,
      data: { author_id: e.authorId, title: e.title },
    }),
  );
}

export async function auditLog(
  ctx: Ctx,
  actor: Actor,
  f: { lastId: number | null; action?: string; userId?: number },
): Promise<AuditList> {
  policy.assertStaff(actor);
  const items = await q.auditPage(ctx.db, { ...f, limit: PAGE });
  return {
    items: await presentAuditRows(ctx.db, items),
    last_id: items.length === PAGE ? items[items.length - 1].id : null,
  };
}

/** Log rows with each actor's grammatical gender (the one they stated, else read from the name) for the verbs. */
async function presentAuditRows(db: Db, rows: q.AuditRow[]): Promise<AuditItem[]> {
  const ids = [...new Set(rows.flatMap((a) => (a.actor_id === null ? [] : [a.actor_id])))];
  const stated = await settings.profile.readMany(db, ids);
  return rows.map((a) =>
    presentAudit(a, a.actor_id === null ? 'male' : genderOf(a.actor_name ?? '', stated.get(a.actor_id)?.gender)),
  );
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
    audit: await presentAuditRows(ctx.db, audit),
    can_ban: policy.canBan(actor, p),
    can_ban_forever: actor.role === 'superuser' && policy.canBan(actor, p),
    grantable_roles: policy.grantableRoles(actor, p),
  };
}
