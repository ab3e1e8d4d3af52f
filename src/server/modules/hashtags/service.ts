import type { Block } from '../../../shared/blocks.ts';
import { htmlToText } from '../../../shared/html.ts';
import {
  HASHTAG_PAGE_SIZE,
  HASHTAG_SUGGEST_LIMIT,
  HASHTAGS_PER_TEXT,
  hashtagsOf,
  hashtagUrl,
  normalizeHashtag,
  type HashtagDetails,
  type HashtagItem,
  type HashtagList,
  type HashtagMuteData,
  type HashtagOrder,
} from '../../../shared/hashtags.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { assertMuteRoom } from './policy.ts';
import * as q from './queries.ts';

const present = (r: q.TagRow): HashtagItem => ({ name: r.name, url: hashtagUrl(r.name), count: r.count });

/** The text of the blocks whose inline HTML the page shows with hashtag links (src/web/features/entries/Blocks.tsx). */
function textsOf(blocks: readonly Block[]): string[] {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.type === 'text' || b.type === 'quote' || b.type === 'incut' || b.type === 'warning') out.push(b.data.text);
    else if (b.type === 'list') out.push(...b.data.items);
  }
  return out;
}

/** The tags of an entry's blocks, as stored. */
export function entryHashtags(blocks: readonly Block[]): string[] {
  return hashtagsOf(textsOf(blocks).map(htmlToText).join('\n')).slice(0, HASHTAGS_PER_TEXT);
}

/**
 * Stores the tags of an entry's saved blocks. Called by the entries service inside its save transaction
 * (the caller's ctx), so the tags and the text never disagree.
 */
export async function syncEntry(ctx: Ctx, entryId: number, blocks: readonly Block[]): Promise<string[]> {
  const tags = entryHashtags(blocks);
  await q.replaceEntryTags(ctx.db, entryId, tags);
  return tags;
}

/** Stores the tags of a comment's plain text; called inside the comment's add or edit transaction. */
export async function syncComment(ctx: Ctx, commentId: number, text: string): Promise<string[]> {
  const tags = hashtagsOf(text);
  await q.replaceCommentTags(ctx.db, commentId, tags);
  return tags;
}

/** `/search-hashtag`: tags starting with what the author typed after `#`. An empty or invalid prefix finds none. */
export async function suggest(ctx: Ctx, query: string): Promise<{ items: HashtagItem[] }> {
  const prefix = normalizeHashtag(query);
  if (!prefix) return { items: [] };
  return { items: (await q.suggest(ctx.read, prefix, HASHTAG_SUGGEST_LIMIT)).map(present) };
}

/**
 * Search over tags for `GET /search_ajax/v2/hashtags/{order}/{page}`: tags containing the query (with or
 * without `#`, any case), `page` from 1, HASHTAG_PAGE_SIZE a page. `relevant` puts the exact tag and then
 * those starting with the query first; `date` the tags of the newest entries; `popular` the most used.
 */
export async function searchHashtags(
  ctx: Ctx,
  { query, order, page }: { query: string; order: HashtagOrder; page: number },
): Promise<HashtagList> {
  const needle = query.replace(/^#+/, '').trim().toLowerCase();
  if (!needle || page < 1) return { items: [], is_finished: true };
  const found = await q.search(ctx.read, needle, order, (page - 1) * HASHTAG_PAGE_SIZE, HASHTAG_PAGE_SIZE + 1);
  return { items: found.slice(0, HASHTAG_PAGE_SIZE).map(present), is_finished: found.length <= HASHTAG_PAGE_SIZE };
}

/** The subsite hashtag list (spec/content.md §3): the tags its entries use, the most used first. */
export async function subsiteHashtags(
  ctx: Ctx,
  subsite: { id: number; type: string },
  limit = HASHTAG_PAGE_SIZE,
): Promise<{ items: HashtagItem[] }> {
  return { items: (await q.subsiteTags(ctx.read, subsite.id, subsite.type === 'user', limit)).map(present) };
}

/** The most used tags of the site. */
export async function popularHashtags(ctx: Ctx, limit = HASHTAG_PAGE_SIZE): Promise<{ items: HashtagItem[] }> {
  return { items: (await q.subsiteTags(ctx.read, null, false, limit)).map(present) };
}

/** A tag's page header; the tag must already be normalized. */
export async function details(ctx: Ctx, viewerId: number | null, tag: string): Promise<HashtagDetails> {
  const [count, muted] = await Promise.all([
    q.tagCount(ctx.read, tag),
    viewerId ? q.isMuted(ctx.read, viewerId, tag) : Promise.resolve(false),
  ]);
  return { name: tag, url: hashtagUrl(tag), count, is_muted: muted };
}

export const mutedHashtags = (ctx: Ctx, userId: number) => q.mutedTags(ctx.db, userId);

/** Mutes tags for the reader: entries with any of them leave every feed of theirs except the tag's own page. */
export function mute(ctx: Ctx, userId: number, tags: string[]): Promise<HashtagMuteData> {
  return transaction(ctx, async (ctx) => {
    const current = await q.mutedTags(ctx.db, userId);
    const adding = tags.filter((t) => !current.includes(t));
    assertMuteRoom(current.length, adding.length);
    await q.mute(ctx.db, userId, adding);
    return { hashtags: tags, is_muted: true };
  });
}

export async function unmute(ctx: Ctx, userId: number, tags: string[]): Promise<HashtagMuteData> {
  await q.unmute(ctx.db, userId, tags);
  return { hashtags: tags, is_muted: false };
}
