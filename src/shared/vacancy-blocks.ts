import { z } from 'zod';
import { entryBlocksField, type Block } from './blocks.ts';
import { messages } from './catalogue.ts';
import { htmlToText } from './html.ts';
import { VACANCY_LIMITS as L } from './vacancies.ts';

/**
 * A vacancy's description (issue 29): entry blocks of a reduced set, checked by the entries' schema and then by the
 * rules of a vacancy; every refusal starts with the field's name.
 */

export const VACANCY_BLOCK_TYPES = ['text', 'header', 'list', 'quote', 'delimiter'] as const;
export const VACANCY_BLOCKS_MAX = 100;

/** The inline tags the editor makes (bold, italic, links and the like); any other tag in a text is refused. */
const INLINE_TAG = /^<\/?(b|strong|i|em|a|mark|s|del|code|br)(\s[^>]*)?\/?>$/i;
const TAG = /<\/?[a-z!][^>]*>/gi;
/** Plain fields (a header, a quote's caption) take no tags at all. */
const PLAIN_TAG = /<\/?[a-z!]/i;

const allowed = (b: Block) => (VACANCY_BLOCK_TYPES as readonly string[]).includes(b.type);

function markupOk(b: Block): boolean {
  switch (b.type) {
    case 'text':
      return (b.data.text.match(TAG) ?? []).every((t) => INLINE_TAG.test(t));
    case 'list':
      return b.data.items.every((s) => (s.match(TAG) ?? []).every((t) => INLINE_TAG.test(t)));
    case 'quote':
      return (b.data.text.match(TAG) ?? []).every((t) => INLINE_TAG.test(t)) && !PLAIN_TAG.test(b.data.caption ?? '');
    case 'header':
      return !PLAIN_TAG.test(b.data.text);
    default:
      return true;
  }
}

/** The description as text: search, RSS, the page's meta and JSON-LD read this projection. */
export function descriptionText(blocks: Block[]): string {
  return blocks
    .map((b) => {
      switch (b.type) {
        case 'text':
        case 'header':
          return htmlToText(b.data.text);
        case 'list':
          return b.data.items.map(htmlToText).join('\n');
        case 'quote':
          return [htmlToText(b.data.text), b.data.caption ?? ''].filter(Boolean).join(' — ');
        default:
          return '';
      }
    })
    .filter(Boolean)
    .join('\n\n');
}

/** The `description` field of a vacancy: blocks as a JSON string or an array; the flags of entries are dropped. */
export const vacancyDescriptionField = z.unknown().transform((input, ctx): Block[] => {
  const fail = (message: string) => {
    ctx.issues.push({ code: 'custom', message, input });
    return z.NEVER;
  };
  if (input === undefined || input === null) return fail(messages.vacancyDescriptionRequired);
  const parsed = entryBlocksField.safeParse(input);
  if (!parsed.success) {
    const why = parsed.error.issues[0]?.message ?? messages.entryBlocksInvalid;
    return fail(
      why === messages.entryBlocksInvalid
        ? messages.vacancyDescriptionNotBlocks
        : messages.vacancyDescriptionInvalid(why),
    );
  }
  const blocks = parsed.data.map((b) => ({ type: b.type, data: b.data }) as Block);
  if (!blocks.every(allowed)) return fail(messages.vacancyDescriptionBlock);
  if (blocks.length > VACANCY_BLOCKS_MAX) return fail(messages.vacancyDescriptionBlocksTooMany(VACANCY_BLOCKS_MAX));
  if (!blocks.every(markupOk)) return fail(messages.vacancyDescriptionHtml);
  const text = descriptionText(blocks);
  if (!text) return fail(messages.vacancyDescriptionRequired);
  if (text.length > L.description) return fail(messages.vacancyDescriptionTooLong(L.description));
  return blocks;
});
