import type { EntryCard } from '../../../shared/entries.ts';
import type { FavoriteData } from '../../../shared/api/bookmarks.ts';
import type { BookmarkedComment, BookmarksPage, ReactionTarget } from '../../../shared/reactions.ts';
import { BOOKMARKS_PAGE_SIZE } from '../../../shared/reactions.ts';
import { subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { entryUrl, presentCard } from '../entries/service.ts';
import { assertCanBookmark } from './policy.ts';
import * as q from './queries.ts';

export interface FavoriteInput {
  id: number;
  type: ReactionTarget;
  state: 0 | 1;
}

/** `state` 1 keeps a bookmark, 0 drops it; asking twice changes nothing. */
export async function change(ctx: Ctx, userId: number, input: FavoriteInput): Promise<FavoriteData> {
  assertCanBookmark(input.type, await q.findTarget(ctx.db, input.type, input.id), input.state);
  // The bookmark and the entry's count change together.
  const count = await transaction(ctx, (ctx) => q.setFavorite(ctx.db, userId, input.type, input.id, input.state));
  return { id: input.id, type: input.type, state: input.state, count };
}

/**
 * One page of bookmarks: the cursor walks the bookmarks themselves (newest first), then the visible targets are
 * loaded by id, so a removed entry leaves a gap in a page but never stops the walk.
 */
async function page<T extends { id: number }>(
  ctx: Ctx,
  userId: number,
  type: ReactionTarget,
  cursor: q.Cursor | null,
  load: (ids: number[]) => Promise<T[]>,
): Promise<BookmarksPage<T>> {
  const rows = await q.listFavorites(ctx.db, userId, type, cursor, BOOKMARKS_PAGE_SIZE);
  const byId = new Map((await load(rows.map((r) => r.target_id))).map((item) => [item.id, item]));
  const last = rows.at(-1);
  return {
    items: rows.map((r) => byId.get(r.target_id)).filter((x): x is T => x !== undefined),
    last_id: last ? last.target_id : null,
    last_sorting_value: last?.sort ?? null,
    is_finished: rows.length < BOOKMARKS_PAGE_SIZE,
  };
}

export function entries(ctx: Ctx, userId: number, cursor: q.Cursor | null): Promise<BookmarksPage<EntryCard>> {
  return page(ctx, userId, 'content', cursor, async (ids) =>
    (await q.entryCards(ctx.db, userId, ids)).map(presentCard),
  );
}

function presentComment(r: q.BookmarkedCommentRow): BookmarkedComment {
  return {
    id: r.id,
    url: `/${r.entry_id}?comment=${r.id}`,
    text: r.text,
    date: r.created_at.toISOString(),
    author: {
      id: r.author_id,
      name: r.author_name,
      url: subsiteUrl({ id: r.author_id, type: r.author_type, slug: r.author_slug }),
      avatar_url: r.author_avatar,
      avatar_color: r.author_color,
    },
    entry: { id: r.entry_id, title: r.entry_title, url: entryUrl({ ...r, id: r.entry_id, slug: r.entry_slug }) },
    likes: { count: r.likes_count, summ: r.likes_summ, is_liked: r.my_vote },
  };
}

export function comments(ctx: Ctx, userId: number, cursor: q.Cursor | null): Promise<BookmarksPage<BookmarkedComment>> {
  return page(ctx, userId, 'comment', cursor, async (ids) =>
    (await q.bookmarkedComments(ctx.db, userId, ids)).map(presentComment),
  );
}
