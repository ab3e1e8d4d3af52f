import type { EntryCard } from '../../../shared/entries.ts';
import { slugify, subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import * as q from './queries.ts';

type Block = { type: string; data: Record<string, unknown>; cover?: boolean; hidden?: boolean };

const asBlocks = (blocks: unknown): Block[] => (Array.isArray(blocks) ? (blocks as Block[]) : []);

/** The first text block, stripped of markup: what a feed card shows under the title. */
export function introOf(blocks: unknown): string {
  const first = asBlocks(blocks).find((b) => b?.type === 'text' && typeof b.data?.text === 'string' && !b.hidden);
  return first ? String(first.data.text).replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').trim() : '';
}

/** The block flagged as cover, else the first media block; what the feed shows above the intro. */
export function coverOf(blocks: unknown): EntryCard['cover'] {
  const list = asBlocks(blocks).filter((b) => !b?.hidden);
  const cover = list.find((b) => b.cover) ?? list.find((b) => b.type === 'media' || b.type === 'video');
  return cover ? { type: cover.type, data: cover.data } : null;
}

export function entryUrl(e: { id: number; slug: string; subsite_id: number; subsite_type: string; subsite_slug: string }) {
  const base = subsiteUrl({ id: e.subsite_id, type: e.subsite_type, slug: e.subsite_slug });
  return `${base}/${e.id}${e.slug ? `-${e.slug}` : ''}`;
}

export function presentCard(row: q.EntryCardRow): EntryCard {
  return {
    id: row.id,
    url: entryUrl(row),
    title: row.title,
    intro: introOf(row.blocks),
    cover: coverOf(row.blocks),
    date: new Date(row.published_at).toISOString(),
    author: {
      id: row.author_id, name: row.author_name, url: subsiteUrl({ id: row.author_id, type: 'user', slug: row.author_slug }),
      avatar_url: row.author_avatar, avatar_color: row.author_color,
    },
    subsite: {
      id: row.subsite_id, type: row.subsite_type, name: row.subsite_name,
      url: subsiteUrl({ id: row.subsite_id, type: row.subsite_type, slug: row.subsite_slug }),
      avatar_url: row.subsite_avatar, avatar_color: row.subsite_color,
    },
    likes: { count: Number(row.likes_count), summ: Number(row.likes_summ), is_liked: Number(row.my_vote) },
    counters: { comments: Number(row.comments_count), favorites: Number(row.favorites_count), hits: Number(row.hits_count) },
    is_favorited: Boolean(row.is_favorited),
    is_nsfw: row.is_nsfw,
    is_enabled_comments: row.is_enabled_comments,
    is_enabled_likes: row.is_enabled_likes,
  };
}

export async function latest(ctx: Ctx, viewerId: number | null, limit: number): Promise<EntryCard[]> {
  return (await q.latestEntries(ctx.db, viewerId, limit)).map(presentCard);
}

export const entrySlug = (title: string) => slugify(title, 60);
