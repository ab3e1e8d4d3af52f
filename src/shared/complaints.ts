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
