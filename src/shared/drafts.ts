import type { Entry } from './entries.ts';

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
  /** Sent to be published and waiting (a community's approval, or held for staff), as the entry says it. */
  awaiting_review: Entry['awaiting_review'];
  /** Its community's reviewers rejected it, with their reason. */
  rejection: Entry['rejection'];
}

/** Newest change first, paged by `last_id`. */
export interface DraftsList {
  items: DraftItem[];
  last_id: number | null;
  is_finished: boolean;
}
