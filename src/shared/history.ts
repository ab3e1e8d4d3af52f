/** Entry history as the API and the pages see it (`/v3.0/writing/{id}/history…`, remove, restore). */
import type { Block } from './blocks.ts';
import type { Entry } from './entries.ts';

/** Who made the save a version records; null when the account is gone. */
export interface HistoryAuthor {
  id: number;
  name: string;
  url: string;
}

/**
 * One version: the entry as a save of the published entry left it (title and blocks), when and by whom.
 * `is_current` marks the newest version while the entry still reads exactly like it.
 */
export interface HistoryItem {
  id: number;
  date: string;
  title: string;
  author: HistoryAuthor | null;
  is_current: boolean;
}

/** `GET /v3.0/writing/{id}/history`: newest first, paged by `last_id`. */
export interface HistoryList {
  items: HistoryItem[];
  last_id: number | null;
  is_finished: boolean;
}

/** `GET /v3.0/writing/{id}/history/{historyId}`: a version with its blocks, for the preview. */
export interface HistoryVersion extends HistoryItem {
  entry_id: number;
  blocks: Block[];
}

/** The history screen: the entry (removed ones included, for their author and staff) and the first page of versions. */
export interface HistoryData {
  entry: Entry;
  history: HistoryList;
}

/** Answer of `POST /v3.0/writing/{id}/remove` and `…/restore`. */
export interface EntryRemovedState {
  id: number;
  removed: boolean;
  url: string;
}
