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
  /** The entry model's other fields (spec/content.md §3): the author's, then staff's (EntryFields.tsx). */
  fields: DraftFields;
}

export interface DraftFields {
  is_advertisement: boolean;
  is_still_updating: boolean;
  is_enabled_best_comments: boolean;
  is_show_thanks: boolean;
  is_clean_cover: boolean;
  external_access: boolean;
  is_editorial: boolean;
  is_holdonmain: boolean;
  is_holdonflash: boolean;
  is_special: boolean;
  is_filled_by_editors: boolean;
  is_enabled_ad: boolean;
  is_disabled_apps: boolean;
}

export const AUTHOR_FIELDS = [
  'is_advertisement',
  'is_still_updating',
  'is_enabled_best_comments',
  'is_show_thanks',
  'is_clean_cover',
  'external_access',
] as const;
export const STAFF_FIELDS = [
  'is_editorial',
  'is_holdonmain',
  'is_holdonflash',
  'is_special',
  'is_filled_by_editors',
  'is_enabled_ad',
  'is_disabled_apps',
] as const;

const fieldsOf = (entry: Entry | null): DraftFields => ({
  is_advertisement: entry?.is_advertisement ?? false,
  is_still_updating: entry?.is_still_updating ?? false,
  is_enabled_best_comments: entry?.is_enabled_best_comments ?? true,
  is_show_thanks: entry?.is_show_thanks ?? true,
  is_clean_cover: entry?.is_clean_cover ?? false,
  external_access: entry?.external_access ?? false,
  is_editorial: entry?.is_editorial ?? false,
  is_holdonmain: entry?.is_holdonmain ?? false,
  is_holdonflash: entry?.is_holdonflash ?? false,
  is_special: entry?.is_special ?? false,
  is_filled_by_editors: entry?.is_filled_by_editors ?? false,
  is_enabled_ad: entry?.is_enabled_ad ?? true,
  is_disabled_apps: entry?.is_disabled_apps ?? false,
});

export const draftOf = (entry: Entry | null, targets: WritingTarget[]): Draft => ({
  title: entry?.title ?? '',
  blocks: entry?.blocks ?? [],
  subsiteId: entry?.subsite.id ?? targets[0]?.id ?? 0,
  comments: entry?.is_enabled_comments ?? true,
  likes: entry?.is_enabled_likes ?? true,
  nsfw: entry?.is_nsfw ?? false,
  hiddenFromMain: entry?.is_hidden_from_main ?? false,
  fields: fieldsOf(entry),
});

/** The secret link (`external_access_link`) of a saved version, while that version has it on. */
export const accessLinkOf = (entry: Entry | null) => (entry?.external_access ? entry.external_access_link : null);

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
      if (!(copy && copy.base === base && copy.draft && Array.isArray(copy.draft.blocks))) return null;
      // A copy kept before the entry's fields were edited here has none: the defaults stand in.
      return { ...copy.draft, fields: { ...fieldsOf(null), ...copy.draft.fields } };
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
  opts: { staff: boolean; notify: boolean; held: boolean },
) {
  const f = draft.fields;
  const author = Object.fromEntries(AUTHOR_FIELDS.map((k) => [k, f[k]]));
  // A hold is sent only when staff turn it on or off: sending it on again would restart it.
  const staffFields = Object.fromEntries(
    STAFF_FIELDS.filter((k) => k !== 'is_holdonmain' || f[k] !== opts.held).map((k) => [k, f[k]]),
  );
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
      ...author,
      ...(opts.staff ? { is_hidden_from_main: draft.hiddenFromMain, ...staffFields } : {}),
    },
    { format: 'multipart', notify: opts.notify },
  );
}
