/** The author's drafts as the API and the `/drafts` page see them (`GET /v3.0/writing/drafts`). */

export interface DraftItem {
  id: number;
  /** As saved: empty when the author has not titled it yet (the page shows 'Без названия'). */
  title: string;
  /** The first text block as plain text, shortened: tells untitled drafts apart. */
  intro: string;
  /** The last change (an autosave counts). */
  date: string;
  subsite: { id: number; name: string; url: string };
}

/** Newest change first, paged by `last_id`. */
export interface DraftsList {
  items: DraftItem[];
  last_id: number | null;
  is_finished: boolean;
}
