/**
 * Hashtags (spec/content.md §1, §7): `#тег` in an entry's text or a comment. One rule for both sides: the server
 * stores the tags a save contains, the web client turns the same matches into links to `/tag/{name}`.
 */
import type { z } from 'zod';
import type { hashtagItem } from './api/cards.ts';

/** Longest tag name, without the `#`. */
export const HASHTAG_MAX_LENGTH = 50;
/** Tags kept per entry or comment; more are ignored (a wall of tags is spam, not topics). */
export const HASHTAGS_PER_TEXT = 30;
/** `POST /hashtags/mute|unmute` take at most this many tags at once. */
export const HASHTAGS_PER_REQUEST = 20;
/** A reader may mute at most this many tags. */
export const HASHTAG_MUTES_MAX = 500;
/** Suggestions shown in the editor and the search box. */
export const HASHTAG_SUGGEST_LIMIT = 10;
/** Page size of `searchHashtags` and of the subsite hashtag list. */
export const HASHTAG_PAGE_SIZE = 20;

/**
 * A tag starts with a letter or `_` after a `#` that does not continue a word, an address (`/page#part`) or an
 * HTML entity (`&#39;`), and runs over letters, digits and `_`.
 */
const HASHTAG_RE = /(?<![\p{L}\p{N}_&#/])#([\p{L}_][\p{L}\p{N}_]*)/gu;

/** The stored form of a tag: lower case, `ё` kept. Null when it is no tag. */
export function normalizeHashtag(raw: string): string | null {
  const name = raw.replace(/^#/, '').trim().toLowerCase();
  if (!name || name.length > HASHTAG_MAX_LENGTH || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) return null;
  if (!/\p{L}/u.test(name)) return null;
  return name;
}

/** The tags of a plain text, normalized, each once, in the order they first appear. */
export function hashtagsOf(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(HASHTAG_RE)) {
    if (m[1].length > HASHTAG_MAX_LENGTH) continue;
    const tag = normalizeHashtag(m[1]);
    if (tag) out.add(tag);
    if (out.size >= HASHTAGS_PER_TEXT) break;
  }
  return [...out];
}

/** The address of a tag's page. */
export const hashtagUrl = (name: string) => `/tag/${encodeURIComponent(name)}`;

/**
 * Inline HTML (sanitized by the server) with its hashtags turned into links. Text inside tags' attributes, inside
 * links and code stays as it is, so an address or a code sample never gains a link.
 */
export function linkHashtagsHtml(html: string): string {
  if (!html.includes('#')) return html;
  let out = '';
  let skipDepth = 0;
  for (const part of html.split(/(<[^>]*>)/)) {
    if (part.startsWith('<')) {
      const m = /^<(\/?)(a|code|pre)\b/i.exec(part);
      if (m) skipDepth = Math.max(0, skipDepth + (m[1] ? -1 : 1));
      out += part;
      continue;
    }
    if (skipDepth > 0 || !part.includes('#')) {
      out += part;
      continue;
    }
    out += part.replace(HASHTAG_RE, (whole, name: string) => {
      const tag = name.length <= HASHTAG_MAX_LENGTH ? normalizeHashtag(name) : null;
      return tag ? `<a href="${hashtagUrl(tag)}" class="hashtag" data-hashtag="${tag}">${whole}</a>` : whole;
    });
  }
  return out;
}

/** One tag as lists and suggestions show it (src/shared/api/cards.ts). */
export type HashtagItem = z.output<typeof hashtagItem>;

export interface HashtagList {
  items: HashtagItem[];
  is_finished: boolean;
}

export type { HashtagMuteData } from './api/hashtags.ts';

/** A tag's page header: its name, entry count and the reader's mute. */
export interface HashtagDetails extends HashtagItem {
  is_muted: boolean;
}

export const HASHTAG_ORDERS = ['relevant', 'date', 'popular'] as const;
export type HashtagOrder = (typeof HASHTAG_ORDERS)[number];
