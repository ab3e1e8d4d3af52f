import type { EntryCard } from '../../../shared/entries.ts';
import { slugify, subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import * as q from './queries.ts';

/** The first text block, stripped of markup: what a feed card shows under the title. */
function introOf(blocks: unknown): string {
  if (!Array.isArray(blocks)) return '';
  const first = blocks.find((b) => b && b.type === 'text' && typeof b.data?.text === 'string');
  return first ? String(first.data.text).replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() : '';
}

export function entryUrl(row: { id: number; slug: string; subsite_id: number; subsite_type: string; subsite_slug: string }) {
  const base = subsiteUrl({ id: row.subsite_id, type: row.subsite_type, slug: row.subsite_slug });
  return `${base}/${row.id}${row.slug ? `-${row.slug}` : ''}`;
}

export function presentCard(row: q.EntryCardRow): EntryCard {
  return {
    id: row.id,
    url: entryUrl(row),
    title: row.title,
    intro: introOf(row.blocks),
    date: new Date(row.published_at).toISOString(),
    author: { id: row.author_id, name: row.author_name, url: subsiteUrl({ id: row.author_id, type: 'user', slug: row.author_slug }), avatar_color: row.author_color },
    subsite: { id: row.subsite_id, name: row.subsite_name, url: subsiteUrl({ id: row.subsite_id, type: row.subsite_type, slug: row.subsite_slug }), type: row.subsite_type, avatar_color: row.subsite_color },
    likes: { count: Number(row.likes_count), summ: Number(row.likes_summ) },
    counters: { comments: Number(row.comments_count), favorites: Number(row.favorites_count), hits: Number(row.hits_count) },
  };
}

export async function latest(ctx: Ctx, limit: number): Promise<EntryCard[]> {
  return (await q.latestEntries(ctx.db, limit)).map(presentCard);
}

export const entrySlug = (title: string) => slugify(title, 60);
