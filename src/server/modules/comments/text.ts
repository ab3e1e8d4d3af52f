/**
 * Comments are stored as the plain text their authors wrote and turned into HTML when read: everything is
 * escaped first, then paragraphs, line breaks and http(s) links are the only markup added. Nothing the
 * author typed can become a tag or an attribute, so no HTML sanitizer is needed for comments.
 */
import { escapeHtml } from '../../lib/html.ts';

// A URL runs to the next whitespace or angle bracket; trailing punctuation belongs to the sentence.
const URL_RE = /\bhttps?:\/\/[^\s<>"'«»]+/gi;
const TRAILING = /[.,;:!?…)\]}]+$/;

/** Drops the sentence punctuation after a URL, keeping a closing bracket that the URL itself opened. */
function trimUrl(raw: string): string {
  let url = raw;
  while (TRAILING.test(url)) {
    const ch = url.slice(-1);
    // "https://ru.wikipedia.org/wiki/Кофе_(напиток)" keeps its closing bracket.
    if (ch === ')' && (url.match(/\(/g)?.length ?? 0) >= (url.match(/\)/g)?.length ?? 0)) break;
    url = url.slice(0, -1);
  }
  return url;
}

function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

function linkify(line: string): string {
  let html = '';
  let last = 0;
  for (const m of line.matchAll(URL_RE)) {
    const url = trimUrl(m[0]);
    if (!isWebUrl(url)) continue;
    const start = m.index;
    html += escapeHtml(line.slice(last, start));
    const safe = escapeHtml(url);
    html += `<a href="${safe}" target="_blank" rel="nofollow noopener ugc">${safe}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** Plain comment text → safe HTML: blank lines make paragraphs, single line breaks `<br>`, URLs links. */
export function renderCommentText(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => `<p>${para.split('\n').map(linkify).join('<br>')}</p>`)
    .join('');
}
