import type { SubsiteCard } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { Role } from '../../../shared/api.ts';
import { type FeedSorting, type MuteData, type NotifyData, type SubsiteDetails } from '../../../shared/feed.ts';
import { MANAGER_ROLES, SUBSITE_ROLE_NAMES, subsiteRoleName } from '../../../shared/moderation.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { assertCanMute, assertCanNotify } from './policy.ts';
import { readsPrivateSubsite } from './membership.ts';
import * as q from './queries.ts';
import { settings as userSettings } from '../users/index.ts';

export {
  closedTo,
  decideJoin,
  dropJoinRequests,
  forgetJoinRequests,
  joinRequests,
  privateSubsiteIds,
  readsPrivateSubsite,
  subscribe,
  unsubscribe,
} from './membership.ts';

type Viewer = { id: number; role: Role } | null;

export function presentSubsite(s: q.SubsiteRow, subscribed: Set<number>): SubsiteCard {
  return {
    id: s.id,
    type: s.type,
    name: s.name,
    url: subsiteUrl(s),
    description: s.description,
    avatar_url: s.avatarUrl,
    avatar_color: s.avatarColor,
    subscribers_count: s.subscribersCount,
    is_subscribed: subscribed.has(s.id),
  };
}

async function existing(ctx: Ctx, id: number) {
  const subsite = await q.findSubsite(ctx.db, id);
  if (!subsite) throw notFound(messages.subsiteNotFound);
  return subsite;
}

/** The ids of the subsites a reader is subscribed to (the messenger offers the people among them). */
export async function subscriptionIds(ctx: Ctx, userId: number): Promise<number[]> {
  return [...(await q.subscribedIds(ctx.db, userId))];
}

export async function communities(ctx: Ctx, userId: number | null, limit = 20): Promise<SubsiteCard[]> {
  const [rows, subscribed] = await Promise.all([
    q.listCommunities(ctx.read, limit),
    userId ? q.subscribedIds(ctx.read, userId) : Promise.resolve(new Set<number>()),
  ]);
  return rows.map((s) => presentSubsite(s, subscribed));
}

/** Cards of the given subsites in the given order (missing ids left out), with the reader's subscriptions. */
export async function cardsByIds(ctx: Ctx, ids: number[], userId: number | null): Promise<SubsiteCard[]> {
  if (!ids.length) return [];
  const [rows, subscribed] = await Promise.all([
    q.findSubsites(ctx.read, ids),
    userId ? q.subscribedIds(ctx.read, userId) : Promise.resolve(new Set<number>()),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentSubsite(row, subscribed)] : [];
  });
}

/**
 * A person's role in running a subsite (owner — its creator —, admin, moderator, editor, author), null for none: the one answer
 * every module asks (accounts' settings, the messenger's channels, the subsite header).
 */
export const roleOf = (ctx: Ctx, { userId, subsiteId }: { userId: number; subsiteId: number }) =>
  q.roleIn(ctx.db, userId, subsiteId);

/** Whether the person runs the subsite: its owner or one of its admins. */
export const managesSubsite = async (ctx: Ctx, who: { userId: number; subsiteId: number }) =>
  MANAGER_ROLES.includes((await roleOf(ctx, who)) ?? '');

/**
 * The subsite page header for one reader (anonymous readers see no relation). A private community tells whether the
 * reader reads it, whether they asked to join, and its managers how many wait.
 */
export async function details(ctx: Ctx, subsite: q.SubsiteRow, viewer: Viewer): Promise<SubsiteDetails> {
  const viewerId = viewer?.id ?? null;
  const [relation, entriesCount, isDeleted, role, canRead, requested] = await Promise.all([
    viewerId
      ? q.readerRelation(ctx.read, viewerId, subsite.id)
      : Promise.resolve({ isSubscribed: false, isNotify: false, isMuted: false }),
    q.entriesCount(ctx.read, subsite),
    q.isDeletedAccount(ctx.read, subsite),
    viewerId ? roleOf(ctx, { userId: viewerId, subsiteId: subsite.id }) : Promise.resolve(null),
    !subsite.isPrivate || readsPrivateSubsite(ctx, viewer, subsite.id),
    viewerId && subsite.isPrivate ? q.hasJoinRequest(ctx.read, viewerId, subsite.id) : Promise.resolve(false),
  ]);
  const manages = role === 'owner' || role === 'admin';
  const isMine = subsite.type === 'user' && subsite.id === viewerId;
  return {
    ...presentSubsite(subsite, new Set(relation.isSubscribed ? [subsite.id] : [])),
    slug: subsite.slug,
    cover_url: subsite.coverUrl,
    is_private: subsite.isPrivate,
    is_muted: relation.isMuted,
    is_notify: relation.isNotify,
    is_mine: isMine,
    is_deleted: isDeleted,
    can_manage: !isDeleted && (isMine || manages),
    can_read: canRead,
    plus_join: subsite.isPrivate && subsite.plusJoin,
    is_join_requested: requested,
    join_requests_count: manages && subsite.isPrivate ? await q.joinRequestsCount(ctx.read, subsite.id) : 0,
    entries_count: entriesCount,
    created: subsite.createdAt.toISOString(),
    roles: SUBSITE_ROLE_NAMES.map((name) => ({ name, active: subsiteRoleName(role) === name })),
  };
}

export async function detailsById(ctx: Ctx, id: number, viewer: Viewer): Promise<SubsiteDetails> {
  return details(ctx, await existing(ctx, id), viewer);
}

/** `/u/{id}-{slug}` and `/s/{slug}` lookups for the pages; undefined when there is no such subsite. */
export const byId = (ctx: Ctx, id: number) => q.findSubsite(ctx.db, id);
export const communityBySlug = (ctx: Ctx, slug: string) => q.findCommunityBySlug(ctx.db, slug);

export async function mute(ctx: Ctx, userId: number, subsiteId: number): Promise<MuteData> {
  assertCanMute(userId, await existing(ctx, subsiteId));
  await q.mute(ctx.db, userId, subsiteId);
  return { subsite_id: subsiteId, is_muted: true };
}

export async function unmute(ctx: Ctx, userId: number, subsiteId: number): Promise<MuteData> {
  await existing(ctx, subsiteId);
  await q.unmute(ctx.db, userId, subsiteId);
  return { subsite_id: subsiteId, is_muted: false };
}

export async function notify(ctx: Ctx, userId: number, subsiteId: number, on: boolean): Promise<NotifyData> {
  await existing(ctx, subsiteId);
  if (on) assertCanNotify(await q.readerRelation(ctx.db, userId, subsiteId));
  await q.setNotify(ctx.db, userId, subsiteId, on);
  return { subsite_id: subsiteId, is_notify: on };
}

export async function saveDefaultSorting(
  ctx: Ctx,
  userId: number,
  sorting: FeedSorting,
): Promise<{ sorting: FeedSorting }> {
  await userSettings.subsites.merge(ctx.db, userId, { feed_sorting: sorting });
  return { sorting };
}

/** The sorting the main page `/` opens with for this reader; null when never saved. */
export async function defaultSorting(ctx: Ctx, userId: number | null): Promise<FeedSorting | null> {
  if (!userId) return null;
  return (await userSettings.subsites.read(ctx.db, userId)).feed_sorting ?? null;
}

/** A community `managerId` owns or administers that `memberId` belongs to (subscribed or on its team), or undefined. */
export const managedCommunityOf = (ctx: Ctx, p: { managerId: number; memberId: number }) =>
  q.managedCommunityOf(ctx.db, p.managerId, p.memberId);
