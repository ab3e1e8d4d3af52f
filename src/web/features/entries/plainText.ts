import type { Block } from '../../../shared/blocks.ts';

/**
 * The simple writing form edits an entry as plain text: a blank line separates paragraphs (text blocks),
 * a line starting with '## ' is a header, a line break inside a paragraph is kept as <br>.
 * Blocks the form cannot show (lists, quotes, code, spoilers…) appear as `{{block:N}}` lines and are put back as they were.
 */

const MARKER = /^\{\{block:(\d+)\}\}$/;
const HEADER = /^##\s+(.*)$/;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': '\u00a0' };

const fromHtml = (html: string) => html.replace(/<br\s*\/?>/gi, '\n').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m]);

export function blocksToText(blocks: Block[]): string {
  return blocks.map((b, i) => {
    if (b.type === 'text' && !b.hidden && !b.cover) return fromHtml(b.data.text);
    if (b.type === 'header' && b.data.level === 2 && !b.hidden && !b.cover) return `## ${b.data.text}`;
    return `{{block:${i}}}`;
  }).join('\n\n');
}

export function textToBlocks(text: string, original: Block[] = []): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const body = paragraph.join('\n').trim();
    paragraph = [];
    if (body) blocks.push({ type: 'text', data: { text: body.replace(/\n/g, '<br>') } });
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const marker = MARKER.exec(line.trim());
    const header = HEADER.exec(line);
    if (!line.trim()) {
      flush();
    } else if (marker && original[Number(marker[1])]) {
      flush();
      blocks.push(original[Number(marker[1])]);
    } else if (header && header[1].trim()) {
      flush();
      blocks.push({ type: 'header', data: { text: header[1].trim(), level: 2 } });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
