import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/index.ts';

export interface EntryCardRow {
  id: number;
  title: string;
  slug: string;
  blocks: unknown;
  published_at: Date;
  likes_count: number;
  likes_summ: number;
  comments_count: number;
  favorites_count: number;
  hits_count: number;
  author_id: number;
  author_name: string;
  author_slug: string;
  author_color: string;
  subsite_id: number;
  subsite_type: string;
  subsite_name: string;
  subsite_slug: string;
  subsite_color: string;
}

/** Newest published entries with their author and subsite, one index scan on entries_published. */
export async function latestEntries(db: Db, limit: number): Promise<EntryCardRow[]> {
  return queryRows<EntryCardRow>(db, sql`
    select e.id, e.title, e.slug, e.blocks, e.published_at, e.likes_count, e.likes_summ, e.comments_count,
           e.favorites_count, e.hits_count,
           a.id as author_id, a.name as author_name, a.slug as author_slug, a.avatar_color as author_color,
           s.id as subsite_id, s.type as subsite_type, s.name as subsite_name, s.slug as subsite_slug, s.avatar_color as subsite_color
      from entries e
      join subsites a on a.id = e.author_id
      join subsites s on s.id = e.subsite_id
     where e.is_published and not e.removed
     order by e.published_at desc, e.id desc
     limit ${limit}`);
}
