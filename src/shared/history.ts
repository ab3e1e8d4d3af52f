/** Entry history as the API and the pages see it (`/v3.0/writing/{id}/history…`, remove, restore). */
import type { EntryRemovedData, HistoryListData, HistoryVersionData } from './api/history.ts';
import type { Entry } from './entries.ts';

/** One version: the entry as a save left it (title and blocks), when and by whom (src/shared/api/history.ts). */
export type HistoryItem = HistoryListData['items'][number];
export type HistoryList = HistoryListData;
export type HistoryVersion = HistoryVersionData['version'];

/** The history screen: the entry (removed ones included, for their author and staff) and the first page of versions. */
export interface HistoryData {
  entry: Entry;
  history: HistoryList;
}

/** Answer of `POST /v3.0/writing/{id}/remove` and `…/restore`. */
export type EntryRemovedState = EntryRemovedData;
