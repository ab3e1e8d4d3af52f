import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/index.ts';

/** A feed card row: the entry, its author and subsite, and the reader's own vote and bookmark. */
export interface EntryCardRow {
  id: number;
  title: string;
  slug: string;
  blocks: unknown;
  published_at: Date;
  is_nsfw: boolean;
  is_enabled_comments: boolean;
  is_enabled_likes: boolean;
  likes_count: number;
  likes_summ: number;
  comments_count: number;
  favorites_count: number;
  hits_count: number;
  hotness: number;
  my_vote: number;
  is_favorited: boolean;
  author_id: number;
  author_name: string;
  author_slug: string;
  author_avatar: string | null;
  author_color: string;
  subsite_id: number;
  subsite_type: 'user' | 'community' | 'company';
  subsite_name: string;
  subsite_slug: string;
  subsite_avatar: string | null;
  subsite_color: string;
}

/**
 * `select … from entries e join …` for cards; callers add `where`, `order by` and `limit`.
 * The reader's vote and bookmark are point lookups on primary keys, so a page of 20 costs 40 index probes.
 */
export function cardSelect(viewerId: number | null): SQL {
  const myVote = viewerId
    ? sql`coalesce((select l.sign from likes l where l.target_type = 'content' and l.target_id = e.id and l.user_id = ${viewerId}), 0)`
    : sql`0`;
  const favorited = viewerId
    ? sql`exists(select 1 from favorites f where f.user_id = ${viewerId} and f.target_type = 'content' and f.target_id = e.id)`
    : sql`false`;
  return sql`
    select e.id, e.title, e.slug, e.blocks, e.published_at, e.is_nsfw, e.is_enabled_comments, e.is_enabled_likes,
           e.likes_count, e.likes_summ, e.comments_count, e.favorites_count, e.hits_count, e.hotness,
           ${myVote}::int as my_vote, ${favorited} as is_favorited,
           a.id as author_id, a.name as author_name, a.slug as author_slug, a.avatar_url as author_avatar, a.avatar_color as author_color,
           s.id as subsite_id, s.type as subsite_type, s.name as subsite_name, s.slug as subsite_slug, s.avatar_url as subsite_avatar, s.avatar_color as subsite_color
      from entries e
      join subsites a on a.id = e.author_id
      join subsites s on s.id = e.subsite_id`;
}

/** Newest published entries (the first-session home page; the feed module supersedes it). */
export async function latestEntries(db: Db, viewerId: number | null, limit: number): Promise<EntryCardRow[]> {
  return queryRows<EntryCardRow>(db, sql`${cardSelect(viewerId)}
     where e.is_published and not e.removed
     order by e.published_at desc, e.id desc
     limit ${limit}`);
}
