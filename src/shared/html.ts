/** HTML text in and out, for both sides: one escape and one way back to plain text. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text → HTML text or a quoted attribute value: the five characters that could open a tag or close a quote. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
/** Tags that end a line or a block: their place keeps a space, so words on either side stay apart. */
const BREAKING_TAG = /<\/?(br|p|div|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th)\b[^>]*>/gi;

/** HTML text (no tags) → plain text: the common entities decoded, `escapeHtml`'s way back. */
export const unescapeHtml = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e]);

/** Inline HTML as the text a reader sees: tags dropped, the common entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return unescapeHtml(html.replace(BREAKING_TAG, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}
