/** Complaints and misprint reports (spec/content.md §2, §7; issue 11): wire types and limits. */

/** The complaint modal's reasons; 'other' asks for a text. */
export const COMPLAINT_REASONS = ['spam', 'insult', 'illegal', 'nsfw', 'misinformation', 'copyright', 'other'] as const;
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];
export type ComplaintTarget = 'entry' | 'comment' | 'subsite';

/** A complaint's free text and a misprint's comment. */
export const COMPLAINT_TEXT_MAX = 1000;
/** The selected fragment of a misprint report, and its context on each side. */
export const MISPRINT_FRAGMENT_MAX = 300;
export const MISPRINT_CONTEXT_MAX = 1000;

export interface ComplaintItem {
  id: number;
  target_type: ComplaintTarget;
  target_id: number;
  /** The entry page, the comment on it, or the subsite. */
  target_url: string | null;
  target_text: string;
  reason: ComplaintReason;
  text: string;
  by: { id: number; name: string };
  /** Open complaints about the same target. */
  count: number;
  date: string;
}

export interface MisprintItem {
  id: number;
  entry_id: number;
  entry_title: string;
  entry_url: string;
  fragment: string;
  context: string;
  comment: string;
  by: { id: number; name: string } | null;
  date: string;
  fixed: boolean;
}

/**
 * An entry waiting to be published: held for staff as a new account's entry with links ('spam'), or in a moderated
 * community's approval queue ('approval').
 */
export interface ReviewItem {
  entry_id: number;
  title: string;
  url: string;
  author: { id: number; name: string; url: string };
  subsite: { id: number; name: string; url: string };
  reason: 'spam' | 'approval';
  date: string;
}

export interface BlockedPerson {
  id: number;
  name: string;
  url: string;
  avatar_url: string | null;
  avatar_color: string;
}
