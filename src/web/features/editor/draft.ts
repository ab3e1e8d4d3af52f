import type { Block } from '../../../shared/blocks.ts';
import type { Entry, WritingTarget } from '../../../shared/entries.ts';
import type { save } from '../../../shared/api/entries.ts';
import { call } from '../../api/call.ts';
import { storage } from '../../ui/overlays/store.ts';

/** What the author edits: the entry's fields as the editor holds them. */
export interface Draft {
  title: string;
  blocks: Block[];
  subsiteId: number;
  comments: boolean;
  likes: boolean;
  nsfw: boolean;
  hiddenFromMain: boolean;
}

export const draftOf = (entry: Entry | null, targets: WritingTarget[]): Draft => ({
  title: entry?.title ?? '',
  blocks: entry?.blocks ?? [],
  subsiteId: entry?.subsite.id ?? targets[0]?.id ?? 0,
  comments: entry?.is_enabled_comments ?? true,
  likes: entry?.is_enabled_likes ?? true,
  nsfw: entry?.is_nsfw ?? false,
  hiddenFromMain: entry?.is_hidden_from_main ?? false,
});

export const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** The server refuses an entry with neither a title nor text; autosave waits until there is something. */
export const hasContent = (d: Draft) => d.title.trim() !== '' || d.blocks.length > 0;

/**
 * The device copy of unsaved changes, one per entry (`new` before the first save). `base` is the server version
 * (modification date) it was made from: a copy of an older version than the server now has is stale and dropped.
 */
interface LocalCopy {
  draft: Draft;
  base: string | null;
}
const keyOf = (id: number | null) => `sreda:editor:${id ?? 'new'}`;

export const localDraft = {
  read(id: number | null, base: string | null): Draft | null {
    try {
      const copy = JSON.parse(storage.get(keyOf(id)) ?? 'null') as LocalCopy | null;
      return copy && copy.base === base && copy.draft && Array.isArray(copy.draft.blocks) ? copy.draft : null;
    } catch {
      return null;
    }
  },
  write(id: number | null, base: string | null, draft: Draft) {
    storage.set(keyOf(id), JSON.stringify({ draft, base } satisfies LocalCopy));
  },
  clear(id: number | null) {
    storage.remove(keyOf(id));
  },
};

/**
 * `POST /v3.0/writing/save`. Multipart keeps the blocks' JSON as raw UTF-8 (a urlencoded form would triple
 * Cyrillic text). `is_hidden_from_main` goes only from staff: the server refuses a change from anyone else.
 */
export function saveEntry(
  id: number | null,
  draft: Draft,
  publish: boolean,
  opts: { staff: boolean; notify: boolean },
) {
  return call<typeof save>(
    'POST /writing/save',
    {
      ...(id ? { id } : {}),
      title: draft.title,
      subsite_id: draft.subsiteId,
      entry: JSON.stringify(draft.blocks),
      is_published: publish,
      is_enabled_comments: draft.comments,
      is_enabled_likes: draft.likes,
      is_nsfw: draft.nsfw,
      ...(opts.staff ? { is_hidden_from_main: draft.hiddenFromMain } : {}),
    },
    { format: 'multipart', notify: opts.notify },
  );
}
