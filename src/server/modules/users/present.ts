import { subsiteUrl } from '../../../shared/slug.ts';
import { userHash } from './hash.ts';

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

/** What a user entity adds (spec/content.md §3 "User: id, url, name, hash, is_paid"): whether they have Plus. */
export interface UserColumns extends AuthorColumns {
  author_plus: boolean;
}

/** A person as the messenger and a quiz's voters show them: the name, a link to their blog, the avatar or its colour. */
export const presentPerson = (row: AuthorColumns) => ({
  id: row.author_id,
  name: row.author_name,
  url: subsiteUrl({ id: row.author_id, type: row.author_type ?? 'user', slug: row.author_slug }),
  avatar_url: row.author_avatar,
  avatar_color: row.author_color,
});

/**
 * The user entity (spec/content.md §3 "User: id, url, name, hash, is_paid"), as entries, comments, reposts and search
 * show their authors: the person, their stable `hash` (the current user object's own, so a client tells "mine"
 * without comparing ids) and `is_paid` (Plus), kept as `is_plus` too (the badge by the name).
 */
export const presentAuthor = (row: UserColumns, secret: string) => ({
  ...presentPerson(row),
  hash: userHash(secret, row.author_id),
  is_paid: row.author_plus,
  is_plus: row.author_plus,
});
