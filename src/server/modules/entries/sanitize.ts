import sanitizeHtml from 'sanitize-html';
import { INLINE_HTML, type Block } from '../../../shared/blocks.ts';
import { escapeHtml, unescapeHtml } from '../../../shared/html.ts';
import { webLinks } from '../../../shared/links.ts';
import { QUIZ_HASH_LENGTH, randomAlphanumerics } from '../../../shared/quiz.ts';

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'a', 'mark', 's', 'del', 'code', 'br'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Other tags go, their text stays; script, style and the like lose their content too.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      return {
        tagName: 'a',
        attribs: SAFE_HREF.test(href) ? { href, rel: 'nofollow noopener', target: '_blank' } : {},
      };
    },
  },
  // A link without a safe address becomes its bare text. (Renaming the tag instead trips a sanitize-html bug
  // that closes the next allowed tag with the renamed name.)
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/**
 * Inline HTML as entries and comments may carry it: b, strong, i, em, a[href] (http, https, mailto; opened in a new tab,
 * nofollow), mark, s, del, code, br. Everything else is stripped and its text kept.
 */
export function sanitizeInline(html: string): string {
  return linkAddresses(sanitizeHtml(html, OPTIONS));
}

/** Tags of sanitized HTML, and those inside which an address stays text (a link already, or code). */
const TAG = /(<[^>]*>)/;
const KEEP_TEXT = /^<(\/?)(a|code)\b/i;

/**
 * The http(s) addresses typed in the text become links, as in comments (`webLinks`); text inside a link or code is
 * left alone. Runs on the sanitizer's output, whose text between tags is escaped.
 */
function linkAddresses(html: string): string {
  let inside = 0;
  return html
    .split(TAG)
    .map((part) => {
      const tag = KEEP_TEXT.exec(part);
      if (tag) inside = Math.max(0, inside + (tag[1] ? -1 : 1));
      if (part.startsWith('<') || inside > 0 || !/https?:\/\//i.test(part)) return part;
      const text = unescapeHtml(part);
      let out = '';
      let last = 0;
      for (const { index, url } of webLinks(text)) {
        const safe = escapeHtml(url);
        out += `${escapeHtml(text.slice(last, index))}<a href="${safe}" rel="nofollow noopener" target="_blank">${safe}</a>`;
        last = index + url.length;
      }
      return out + escapeHtml(text.slice(last));
    })
    .join('');
}

/** Sanitizes every inline-HTML field of the blocks (INLINE_HTML names them); plain fields are escaped when rendered. */
export function sanitizeBlocks(blocks: Block[]): Block[] {
  return blocks.map((b) => {
    // An audio block is named by a hash for its listens; one saved without (an older editor, the API) gets one.
    if (b.type === 'audio' && !b.data.hash)
      return { ...b, data: { ...b.data, hash: randomAlphanumerics(QUIZ_HASH_LENGTH) } };
    const fields: readonly string[] | undefined = INLINE_HTML[b.type as keyof typeof INLINE_HTML];
    if (!fields) return b;
    const data: Record<string, unknown> = { ...b.data };
    for (const f of fields) {
      const v = data[f];
      data[f] = Array.isArray(v) ? v.map((s: string) => sanitizeInline(s)) : sanitizeInline(String(v));
    }
    return { ...b, data } as Block;
  });
}
