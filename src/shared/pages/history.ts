import type { Entry } from '../entries.ts';
import type { HistoryData, HistoryVersion } from '../history.ts';

/** A page's answer, or the status the API would give (401 anonymous, 403 someone else's entry, 404 unknown). */
export type Found<T> = ({ status: 200 } & T) | { status: 401 | 403 | 404 };

/** What history pages read on the server (implemented in src/server/modules/history/page.ts). */
export interface HistoryPageServices {
  /** The entry (removed ones too, for their author and staff) and the first page of its versions. */
  history(id: number): Promise<Found<HistoryData>>;
  /** One version of the entry, for the apply screen. */
  version(id: number, historyId: number): Promise<Found<{ entry: Entry; version: HistoryVersion }>>;
}
