import type { EntryCard } from '../../../shared/entries.ts';
import type { FavoriteData } from '../../../shared/api/bookmarks.ts';
import type { BookmarkedComment, BookmarksPage, ReactionTarget } from '../../../shared/reactions.ts';
import { BOOKMARKS_PAGE_SIZE } from '../../../shared/reactions.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { entryUrl, presentCard } from '../entries/service.ts';
import { assertCanBookmark } from './policy.ts';
import { presentAuthor } from '../users/index.ts';
import { closedTo, readsPrivateSubsite } from '../subsites/service.ts';
import type { Role } from '../../../shared/api.ts';
import * as q from './queries.ts';

export interface FavoriteInput {
  id: number;
  type: ReactionTarget;
  state: 0 | 1;
}

type Reader = { id: number; role: Role };

/**
 * `state` 1 keeps a bookmark, 0 drops it; asking twice changes nothing. A private community's entries and comments are
 * bookmarked by its members alone.
 */
export async function change(ctx: Ctx, reader: Reader, input: FavoriteInput): Promise<FavoriteData> {
  const userId = reader.id;
  const target = await q.findTarget(ctx.db, input.type, input.id);
  const closed =
    input.state === 1 && !!target?.is_private && !(await readsPrivateSubsite(ctx, reader, target.subsite_id));
  assertCanBookmark(input.type, target, input.state, closed);
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

/** The reader's bookmarked entries; those of a private community they left (or that closed) are not shown. */
export function entries(ctx: Ctx, reader: Reader, cursor: q.Cursor | null): Promise<BookmarksPage<EntryCard>> {
  return page(ctx, reader.id, 'content', cursor, async (ids) =>
    (await q.entryCards(ctx.db, reader.id, ids, await closedTo(ctx, reader))).map((row) =>
      presentCard(row, ctx.config.secret),
    ),
  );
}

function presentComment(r: q.BookmarkedCommentRow, secret: string): BookmarkedComment {
  return {
    id: r.id,
    url: `/${r.entry_id}?comment=${r.id}`,
    text: r.text,
    date: r.created_at.toISOString(),
    author: presentAuthor(r, secret),
    entry: { id: r.entry_id, title: r.entry_title, url: entryUrl({ ...r, id: r.entry_id, slug: r.entry_slug }) },
    likes: { count: r.likes_count, summ: r.likes_summ, is_liked: r.my_vote },
  };
}

export function comments(ctx: Ctx, reader: Reader, cursor: q.Cursor | null): Promise<BookmarksPage<BookmarkedComment>> {
  return page(ctx, reader.id, 'comment', cursor, async (ids) =>
    (await q.bookmarkedComments(ctx.db, reader.id, ids, await closedTo(ctx, reader))).map((r) =>
      presentComment(r, ctx.config.secret),
    ),
  );
}
