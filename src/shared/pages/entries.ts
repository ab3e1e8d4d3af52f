import type { DraftsList } from '../drafts.ts';
import type { Entry, WritingTarget } from '../entries.ts';

/** What page loaders may ask the server about entries; implemented in src/server/modules/entries/page.ts. */
export interface EntriesPageServices {
  /**
   * The entry as the visitor may read it (published; drafts only to their author and staff, or to whoever has the
   * key of the secret link its author shared), else null.
   */
  entry(id: number, options?: { access?: string }): Promise<Entry | null>;
  /**
   * When `entry` answered null because the entry is in a private community the visitor is not a member of: that
   * community's id (the page shows a stub with a join button), else null.
   */
  closedIn(id: number): Promise<number | null>;
  /** The entry for the writing form, with the status `GET /v3.0/writing/get/{id}` would answer. */
  editable(id: number): Promise<{ status: 200; entry: Entry } | { status: 401 | 403 | 404 }>;
  /** Where the signed-in visitor may publish: their blog first (empty for anonymous visitors). */
  writingTargets(): Promise<WritingTarget[]>;
  /** The first page of the signed-in visitor's drafts (null for anonymous visitors). */
  drafts(): Promise<DraftsList | null>;
}
