import type { SubsiteCard, SubscribeData } from '../../../shared/api.ts';
import { messages } from '../../../shared/catalogue.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { assertCanSubscribe } from './policy.ts';
import * as q from './queries.ts';

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

export async function subscribe(ctx: Ctx, userId: number, subsiteId: number): Promise<SubscribeData> {
  const subsite = await existing(ctx, subsiteId);
  assertCanSubscribe(userId, subsite);
  const count = await q.subscribe(ctx.db, userId, subsiteId);
  return { subsite_id: subsiteId, is_subscribed: true, subscribers_count: count };
}

export async function unsubscribe(ctx: Ctx, userId: number, subsiteId: number): Promise<SubscribeData> {
  await existing(ctx, subsiteId);
  const count = await q.unsubscribe(ctx.db, userId, subsiteId);
  return { subsite_id: subsiteId, is_subscribed: false, subscribers_count: count };
}

export async function communities(ctx: Ctx, userId: number | null, limit = 20): Promise<SubsiteCard[]> {
  const [rows, subscribed] = await Promise.all([
    q.listCommunities(ctx.db, limit),
    userId ? q.subscribedIds(ctx.db, userId) : Promise.resolve(new Set<number>()),
  ]);
  return rows.map((s) => presentSubsite(s, subscribed));
}
