/**
 * The http(s) links in what people write: comments link them when read, entries' text when saved. A URL runs to the
 * next whitespace, angle bracket or quote; the sentence's punctuation after it is left out.
 */
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

/** The web addresses in plain text, in order: where each starts and the address itself. */
export function webLinks(text: string): { index: number; url: string }[] {
  return [...text.matchAll(URL_RE)].flatMap((m) => {
    const url = trimUrl(m[0]);
    return isWebUrl(url) ? [{ index: m.index, url }] : [];
  });
}

/**
 * A link field's value with its protocol (spec/foundation.md §5: a URL without one gets https:// in front):
 * `example.ru` → `https://example.ru`; one that names a protocol (`http://`, `https://`, `mailto:`…) and '' stay.
 */
export function withHttps(value: string): string {
  const s = value.trim();
  if (s === '' || /^[a-z][a-z\d+.-]*:\/\//i.test(s) || /^(mailto|tel):/i.test(s)) return s;
  return `https://${s.replace(/^\/+/, '')}`;
}
