import type { Role } from '../../../shared/api.ts';
import type { JoinRequests, SubscribeData } from '../../../shared/api/subsites.ts';
import { messages } from '../../../shared/catalogue.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/queue.ts';
import { perAppCache } from '../../lib/cache.ts';
import { notFound } from '../../lib/errors.ts';
import { isStaff, userWrites } from '../users/index.ts';
import { assertCanReviewJoins, assertCanSubscribe, joinsAtOnce, readsPrivate } from './policy.ts';
import * as q from './queries.ts';

/**
 * Membership of subsites: subscribing, and a private community's closed door (issue 32, point 4). A private
 * community's entries reach its members (subscribers and its team) and the site's staff; everyone else is asked to
 * join, and its managers answer. Every module that shows entries asks `closedTo` (the private communities this reader
 * may not read, as ids their SQL leaves out) or `readsSubsite` (one subsite).
 */

type Reader = { id: number; role: Role };
type Viewer = Reader | null;
type Person = { id: number; role: Role; isPaid: boolean; name?: string };

/** How long the list of private communities is shared in production; this node's writes drop it at once. */
const PRIVATE_IDS_MS = 5000;
const privateCache = perAppCache<number[]>(
  'subsites.private',
  PRIVATE_IDS_MS,
  { entries: 1, bytes: 1024 * 1024 },
  { dropOnWrite: true },
);

/** The private communities' ids (few), shared a few seconds in production. */
export function privateSubsiteIds(ctx: Ctx): Promise<number[]> {
  if (!ctx.config.sharedCaches) return q.privateIds(ctx.read);
  return privateCache(ctx).get('all', () => q.privateIds(ctx.read));
}

/**
 * The private communities whose entries this reader may not read: all of them for an anonymous reader, none for the
 * site's staff, else those the reader is neither subscribed to nor on the team of. Usually empty, and then free.
 */
export async function closedTo(ctx: Ctx, viewer: Viewer): Promise<number[]> {
  const ids = await privateSubsiteIds(ctx);
  if (!ids.length || viewer === null) return ids;
  if (isStaff(viewer)) return [];
  const member = new Set(await q.memberOf(ctx.read, viewer.id, ids));
  return ids.filter((id) => !member.has(id));
}

/**
 * Whether the reader reads a private community's entries (the caller knows it is one, from the row it read): its
 * members and the site's staff.
 */
export async function readsPrivateSubsite(ctx: Ctx, viewer: Viewer, subsiteId: number): Promise<boolean> {
  if (viewer === null || isStaff(viewer)) return readsPrivate(viewer, false);
  return readsPrivate(viewer, (await q.memberOf(ctx.read, viewer.id, [subsiteId])).length > 0);
}

async function existing(ctx: Ctx, id: number) {
  const subsite = await q.findSubsite(ctx.db, id);
  if (!subsite) throw notFound(messages.subsiteNotFound);
  return subsite;
}

/**
 * The subscribe button: the subscription and the subscribers count in one transaction (the event waits for the
 * commit). A private community the person may not enter at once gets their request instead (`is_requested`), and
 * its managers are told.
 */
export async function subscribe(ctx: Ctx, person: Person, subsiteId: number): Promise<SubscribeData> {
  return transaction(ctx, async (ctx) => {
    const subsite = await existing(ctx, subsiteId);
    assertCanSubscribe(person.id, subsite);
    const role = await q.roleIn(ctx.db, person.id, subsiteId);
    const subscribed = (await q.readerRelation(ctx.db, person.id, subsiteId)).isSubscribed;
    if (!subscribed && !joinsAtOnce(person, subsite, role)) {
      if (await q.addJoinRequest(ctx.db, person.id, subsiteId)) {
        const name = person.name ?? '';
        for (const managerId of await q.managerIds(ctx.db, subsiteId))
          await enqueue(ctx, 'notify.system', {
            userId: managerId,
            text: messages.joinRequestedNotice(name, subsite.name),
          });
      }
      return {
        subsite_id: subsiteId,
        is_subscribed: false,
        subscribers_count: subsite.subscribersCount,
        is_requested: true,
      };
    }
    await q.removeJoinRequest(ctx.db, person.id, subsiteId);
    const { count, changed } = await q.subscribe(ctx.db, person.id, subsiteId);
    if (changed)
      ctx.events.emit('subscription.changed', {
        subsiteId,
        userId: person.id,
        subscribed: true,
        subscribersCount: count,
      });
    return { subsite_id: subsiteId, is_subscribed: true, subscribers_count: count, is_requested: false };
  });
}

/** Unsubscribing (leaving a private community), which also withdraws a waiting request. */
export async function unsubscribe(ctx: Ctx, userId: number, subsiteId: number): Promise<SubscribeData> {
  return transaction(ctx, async (ctx) => {
    await existing(ctx, subsiteId);
    await q.removeJoinRequest(ctx.db, userId, subsiteId);
    const { count, changed } = await q.unsubscribe(ctx.db, userId, subsiteId);
    if (changed)
      ctx.events.emit('subscription.changed', { subsiteId, userId, subscribed: false, subscribersCount: count });
    return { subsite_id: subsiteId, is_subscribed: false, subscribers_count: count, is_requested: false };
  });
}

/** How many requests the list shows at once (the oldest first; answering them brings the next). */
export const JOIN_REQUESTS_PAGE = 100;

/** A private community's waiting requests, for its managers. */
export async function joinRequests(ctx: Ctx, manager: Reader, subsiteId: number): Promise<JoinRequests> {
  await existing(ctx, subsiteId);
  assertCanReviewJoins(manager, await q.roleIn(ctx.db, manager.id, subsiteId));
  const [items, count] = await Promise.all([
    q.joinRequestsOf(ctx.db, subsiteId, JOIN_REQUESTS_PAGE),
    q.joinRequestsCount(ctx.db, subsiteId),
  ]);
  return {
    items: items.map((r) => ({
      id: r.id,
      name: r.name,
      url: subsiteUrl({ id: r.id, type: 'user', slug: r.slug }),
      avatar_url: r.avatar_url,
      avatar_color: r.avatar_color,
      is_plus: r.is_plus,
      date: r.created_at.toISOString(),
    })),
    count,
  };
}

/**
 * A manager answers a request: approved, the person is subscribed (a member); either way the request goes and they
 * are told. What nodes keep of the person (their feeds' state) is renewed, so the community's entries show at once.
 */
export async function decideJoin(
  ctx: Ctx,
  manager: Reader,
  subsiteId: number,
  userId: number,
  approve: boolean,
): Promise<JoinRequests> {
  await transaction(ctx, async (ctx) => {
    const subsite = await existing(ctx, subsiteId);
    assertCanReviewJoins(manager, await q.roleIn(ctx.db, manager.id, subsiteId));
    if (!(await q.removeJoinRequest(ctx.db, userId, subsiteId))) throw notFound(messages.joinRequestNotFound);
    if (approve) {
      const { count, changed } = await q.subscribe(ctx.db, userId, subsiteId);
      if (changed)
        ctx.events.emit('subscription.changed', { subsiteId, userId, subscribed: true, subscribersCount: count });
    }
    await userWrites.bumpWriteSeq(ctx.db, userId);
    await enqueue(ctx, 'notify.system', {
      userId,
      text: approve ? messages.joinApprovedNotice(subsite.name) : messages.joinRefusedNotice(subsite.name),
    });
  });
  return joinRequests(ctx, manager, subsiteId);
}

/** Whether the person waits for an answer to join (the subsite header's button). */
export const hasJoinRequest = (ctx: Ctx, userId: number, subsiteId: number) =>
  q.hasJoinRequest(ctx.read, userId, subsiteId);

/** A community made open again: its waiting requests go (the caller's transaction: its settings' save). */
export const dropJoinRequests = (ctx: Ctx, subsiteId: number) => q.dropJoinRequests(ctx.db, subsiteId);

/** An account closed: its waiting requests go. */
export const forgetJoinRequests = (ctx: Ctx, userId: number) => q.forgetJoinRequests(ctx.db, userId);
