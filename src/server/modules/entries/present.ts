import { htmlToText } from '../../../shared/html.ts';
import type { Block, BlockOf } from '../../../shared/blocks.ts';
import type { Entry, EntryCard } from '../../../shared/entries.ts';
import { slugify, subsiteUrl } from '../../../shared/slug.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import { canEdit } from './policy.ts';
import * as q from './queries.ts';
import { customCoverBlock, presentFields, type ReaderRegion } from './fields.ts';
import { presentAuthor } from '../users/index.ts';

/** How entries are shown: feed cards, the entry itself, the bits a card takes from the blocks. */

/** The first text block, stripped of markup: what a feed card shows under the title. */
export function introOf(blocks: Block[]): string {
  const first = blocks.find((b) => b.type === 'text' && typeof b.data.text === 'string' && !b.hidden);
  return first?.type === 'text' ? htmlToText(first.data.text) : '';
}

/** The block flagged as cover, else the first media block; what the feed shows above the intro. */
export function coverOf(blocks: Block[]): EntryCard['cover'] {
  const list = blocks.filter((b) => !b.hidden);
  const cover = list.find((b) => b.cover) ?? list.find((b) => b.type === 'media' || b.type === 'video');
  return cover ? { type: cover.type, data: cover.data } : null;
}

/** The first quiz out of a spoiler, unless it is the cover already: the feed card shows it under the intro. */
export function cardQuizOf(blocks: Block[]): { quiz?: BlockOf<'quiz'> } {
  const quiz = blocks.find((b): b is BlockOf<'quiz'> => b.type === 'quiz' && !b.hidden);
  return quiz && coverOf(blocks)?.type !== 'quiz' ? { quiz: { type: 'quiz', data: quiz.data } } : {};
}

/** The first audio out of a spoiler, unless it is the cover already: the feed card plays it under the intro. */
export function cardAudioOf(blocks: Block[]): { audio?: BlockOf<'audio'> } {
  const audio = blocks.find((b): b is BlockOf<'audio'> => b.type === 'audio' && !b.hidden);
  return audio && coverOf(blocks)?.type !== 'audio' ? { audio: { type: 'audio', data: audio.data } } : {};
}

export function entryUrl(e: {
  id: number;
  slug: string;
  subsite_id: number;
  subsite_type: string;
  subsite_slug: string;
}) {
  const base = subsiteUrl({ id: e.subsite_id, type: e.subsite_type, slug: e.subsite_slug });
  return `${base}/${e.id}${e.slug ? `-${e.slug}` : ''}`;
}

/** A feed card; `secret` makes the author's `hash` (the app's `ctx.config.secret`). */
export function presentCard(row: q.EntryCardRow, secret: string): EntryCard {
  return {
    id: row.id,
    url: entryUrl(row),
    title: row.title,
    intro: introOf(row.blocks),
    cover: row.custom_cover ? customCoverBlock(row.custom_cover) : coverOf(row.blocks),
    ...cardQuizOf(row.blocks),
    ...cardAudioOf(row.blocks),
    audio_listens: row.audio_listens ?? {},
    date: row.published_at.toISOString(),
    author: presentAuthor(row, secret),
    subsite: {
      id: row.subsite_id,
      type: row.subsite_type,
      name: row.subsite_name,
      url: subsiteUrl({ id: row.subsite_id, type: row.subsite_type, slug: row.subsite_slug }),
      avatar_url: row.subsite_avatar,
      avatar_color: row.subsite_color,
      ...(row.subsite_private ? { is_private: true } : {}),
    },
    likes: { count: row.likes_count, summ: row.likes_summ, is_liked: row.my_vote },
    counters: {
      comments: row.comments_count,
      favorites: row.favorites_count,
      hits: row.hits_count,
      reposts: row.reposts_count,
    },
    is_favorited: row.is_favorited,
    is_nsfw: row.is_nsfw,
    is_enabled_comments: row.is_enabled_comments,
    is_enabled_likes: row.is_enabled_likes,
    is_advertisement: row.is_advertisement,
    is_still_updating: row.is_still_updating,
    is_editorial: row.is_editorial,
    is_special: row.is_special,
    is_filled_by_editors: row.is_filled_by_editors,
    is_clean_cover: row.is_clean_cover,
  };
}

export const entrySlug = (title: string) => slugify(title, 60);

export type Viewer = Pick<UserRow, 'id' | 'role'> | null;

/** How the entry is read: the reader's region (`withheld`), when known. */
export interface ReadOptions {
  region?: ReaderRegion;
}

export function presentEntry(ctx: Ctx, row: q.EntryRow, viewer: Viewer, opts: ReadOptions = {}): Entry {
  const date = row.published_at ?? row.created_at;
  const card = presentCard({ ...row, published_at: date }, ctx.config.secret);
  const editor = canEdit(viewer, { authorId: row.author_id });
  const fields = presentFields(row, {
    editor,
    region: opts.region ?? null,
    publicUrl: ctx.config.publicUrl,
    entryUrl: card.url,
    now: ctx.now(),
  });
  // Withheld in the reader's region: the legal wording stands in for the text (the page says it).
  const hidden = fields.is_withheld_here;
  return {
    ...card,
    ...(hidden ? { intro: '', cover: null, quiz: undefined } : {}),
    ...fields,
    type: 'entry',
    blocks: hidden ? [] : row.blocks,
    modification_date: row.updated_at.toISOString(),
    is_published: row.is_published,
    removed: row.removed,
    is_approved_for_public_rss: row.is_approved_for_public_rss,
    is_hidden_from_main: row.is_hidden_from_main,
    is_hidden_for_plus: row.is_hidden_for_plus,
    locked_by_admin: row.locked_by_admin,
    // The marker is the closer's own (spec/content.md §6).
    is_closed_editing: viewer !== null && row.closed_editing_by === viewer.id,
    pinned_feeds: row.pinned_feeds,
    awaiting_review: canEdit(viewer, { authorId: row.author_id }) ? row.awaiting_review : null,
    rejection: canEdit(viewer, { authorId: row.author_id }) ? row.rejection : null,
    subsite_id: row.subsite_id,
    user_id: row.author_id,
    can_edit: editor,
  };
}
