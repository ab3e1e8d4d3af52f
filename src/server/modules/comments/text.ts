/**
 * Comments are stored as the plain text their authors wrote and turned into HTML when read: everything is
 * escaped first, then paragraphs, line breaks and http(s) links are the only markup added. Nothing the
 * author typed can become a tag or an attribute, so no HTML sanitizer is needed for comments.
 */
import { escapeHtml } from '../../../shared/html.ts';
import { webLinks } from '../../../shared/links.ts';

/**
 * `@slug` names a person by their blog's slug (`/u/{id}-{slug}`): Latin letters, digits and hyphens, as `slugify`
 * makes them, after an @ that does not end a word (so an email address is no mention).
 */
const MENTION_RE = /(?<![\p{L}\p{N}_.@-])@([a-z0-9]+(?:-[a-z0-9]+)*)(?![\p{L}\p{N}_@-])/giu;

/** The slugs a comment mentions (lower case, each once). */
export function mentionedSlugs(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION_RE)].map((m) => m[1].toLowerCase()))];
}

/** Slug (lower case) → the person's blog URL; only people that exist are in it. */
export type Mentions = ReadonlyMap<string, string>;

/** Text between links: escaped, with the mentions of existing people turned into links to their blogs. */
function withMentions(text: string, mentions: Mentions): string {
  if (!mentions.size) return escapeHtml(text);
  let html = '';
  let last = 0;
  for (const m of text.matchAll(MENTION_RE)) {
    const url = mentions.get(m[1].toLowerCase());
    if (!url) continue;
    html += escapeHtml(text.slice(last, m.index));
    html += `<a href="${escapeHtml(url)}" class="mention">${escapeHtml(m[0])}</a>`;
    last = m.index + m[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

function linkify(line: string, mentions: Mentions): string {
  let html = '';
  let last = 0;
  for (const { index: start, url } of webLinks(line)) {
    html += withMentions(line.slice(last, start), mentions);
    const safe = escapeHtml(url);
    html += `<a href="${safe}" target="_blank" rel="nofollow noopener ugc">${safe}</a>`;
    last = start + url.length;
  }
  return html + withMentions(line.slice(last), mentions);
}

/**
 * Plain comment text → safe HTML: blank lines make paragraphs, single line breaks `<br>`, URLs links, and `@slug`
 * a link to that person's blog when `mentions` knows the slug (an unknown one stays text).
 */
export function renderCommentText(text: string, mentions: Mentions = new Map()): string {
  // A gif alone has no text: no empty paragraph either.
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map(
      (para) =>
        `<p>${para
          .split('\n')
          .map((line) => linkify(line, mentions))
          .join('<br>')}</p>`,
    )
    .join('');
}
