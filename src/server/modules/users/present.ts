import { subsiteUrl } from '../../../shared/slug.ts';

/** The columns a list reads of a person who wrote something (an entry, a comment, a message). */
export interface AuthorColumns {
  author_id: number;
  author_name: string;
  author_slug: string;
  author_avatar: string | null;
  author_color: string;
  /** A comment written as a community or company shows that subsite: its type makes the link. */
  author_type?: 'user' | 'community' | 'company';
}

/** A person as every list shows them: the name, a link to their blog, the avatar or its colour. */
export const presentAuthor = (row: AuthorColumns) => ({
  id: row.author_id,
  name: row.author_name,
  url: subsiteUrl({ id: row.author_id, type: row.author_type ?? 'user', slug: row.author_slug }),
  avatar_url: row.author_avatar,
  avatar_color: row.author_color,
});
