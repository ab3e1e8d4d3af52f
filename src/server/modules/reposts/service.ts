import type { RepostCard, RepostData, RepostTargets, WhoReposted } from '../../../shared/api/reposts.ts';
import { messages } from '../../../shared/catalogue.ts';
import { MANAGER_ROLES } from '../../../shared/moderation.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, expected, forbidden, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import { entryWrites } from '../entries/index.ts';
import { presentCard } from '../entries/service.ts';
import { managesSubsite } from '../subsites/service.ts';
import { assertCanRepost, canRemove } from './policy.ts';
import { presentAuthor } from '../users/index.ts';
import * as q from './queries.ts';

export { REPOSTS_PAGE } from '../../../shared/api/reposts.ts';
import { REPOSTS_PAGE } from '../../../shared/api/reposts.ts';

export interface RepostInput {
  entry_id: number;
  subsite_id: number;
  comment?: string;
}

/** Reposts the entry into a subsite the person manages; its count grows in the same transaction; its author is told. */
export async function create(ctx: Ctx, user: UserRow, input: RepostInput): Promise<RepostData> {
  return transaction(ctx, async (ctx) => {
    const original = assertCanRepost(
      await q.original(ctx.db, input.entry_id),
      await managesSubsite(ctx, { userId: user.id, subsiteId: input.subsite_id }),
    );
    const id = await q.insert(ctx.db, {
      entryId: original.id,
      subsiteId: input.subsite_id,
      userId: user.id,
      comment: input.comment ?? '',
      now: ctx.now(),
    });
    if (id === null) throw new ApiError(409, messages.repostTwice);
    const count = expected(await entryWrites.addReposts(ctx.db, original.id, 1), 'the reposted entry');
    ctx.events.emit('repost.created', {
      repostId: id,
      entryId: original.id,
      authorId: original.author_id,
      userId: user.id,
    });
    return { id, entry_id: original.id, count };
  });
}

/** Undo: the repost goes and the original's count drops with it. */
export async function remove(ctx: Ctx, user: UserRow, id: number): Promise<RepostData> {
  return transaction(ctx, async (ctx) => {
    const repost = await q.find(ctx.db, id);
    if (!repost) throw notFound(messages.repostNotFound);
    const manages = await managesSubsite(ctx, { userId: user.id, subsiteId: repost.subsiteId });
    if (!canRemove(user, repost, manages)) throw forbidden(messages.repostRemoveForbidden);
    await q.remove(ctx.db, id);
    const count = expected(await entryWrites.addReposts(ctx.db, repost.entryId, -1), 'the reposted entry');
    return { id, entry_id: repost.entryId, count };
  });
}

/** The repost popup: the entry's count and where the person may repost it. */
export async function targets(ctx: Ctx, user: UserRow, entryId: number): Promise<RepostTargets> {
  const original = await q.original(ctx.db, entryId);
  if (!original) throw notFound(messages.entryNotFound);
  const items = await q.targets(ctx.db, user.id, entryId, MANAGER_ROLES);
  return {
    count: original.reposts_count,
    items: items.map((t) => ({
      id: t.id,
      type: t.type,
      name: t.name,
      url: subsiteUrl(t),
      avatar_url: t.avatar_url,
      avatar_color: t.avatar_color,
      repost_id: t.repost_id,
    })),
  };
}

export function presentRepost(row: q.RepostCardRow, secret: string): RepostCard {
  return {
    id: row.repost_id,
    date: row.repost_date.toISOString(),
    comment: row.repost_comment,
    by: presentAuthor(
      {
        author_id: row.by_id,
        author_name: row.by_name,
        author_slug: row.by_slug,
        author_avatar: row.by_avatar,
        author_color: row.by_color,
        author_plus: row.by_plus,
      },
      secret,
    ),
    subsite: {
      id: row.into_id,
      type: row.into_type,
      name: row.into_name,
      url: subsiteUrl({ id: row.into_id, type: row.into_type, slug: row.into_slug }),
      avatar_url: row.into_avatar,
      avatar_color: row.into_color,
    },
    entry: presentCard(row, secret),
  };
}

/**
 * Reposts a feed shows: into one subsite (its page), or into the subsites a reader follows (their feed); newest first,
 * `before` a repost id for the next page.
 */
export async function feed(
  ctx: Ctx,
  viewerId: number | null,
  source: { subsiteId: number } | { subscriberId: number },
  before: number | null,
): Promise<RepostCard[]> {
  const ids = 'subsiteId' in source ? [source.subsiteId] : await q.subscribedIds(ctx.db, source.subscriberId);
  return (await q.cardsInto(ctx.db, viewerId, ids, before, REPOSTS_PAGE)).map((row) =>
    presentRepost(row, ctx.config.secret),
  );
}

/** The entry page's list of who reposted it (`GET /reposts/entry/:id`): the count and the newest reposts. */
export async function who(ctx: Ctx, entryId: number): Promise<WhoReposted> {
  const original = await q.original(ctx.db, entryId);
  if (!original) throw notFound(messages.entryNotFound);
  const items = original.reposts_count ? await q.whoReposted(ctx.db, entryId, REPOSTS_PAGE) : [];
  return {
    count: original.reposts_count,
    items: items.map((r) => ({
      id: r.id,
      date: r.date.toISOString(),
      by: { id: r.by_id, name: r.by_name, url: subsiteUrl({ id: r.by_id, type: 'user', slug: r.by_slug }) },
      subsite: {
        id: r.into_id,
        type: r.into_type,
        name: r.into_name,
        url: subsiteUrl({ id: r.into_id, type: r.into_type, slug: r.into_slug }),
      },
    })),
  };
}
