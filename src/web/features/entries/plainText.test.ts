import { describe, expect, it } from 'vitest';
import type { Block } from '../../../shared/blocks.ts';
import { blocksToText, textToBlocks } from './plainText.ts';

describe('the writing form\'s plain text', () => {
  it('makes paragraphs of blank-line separated text and headers of "## " lines', () => {
    expect(textToBlocks('Первый абзац\nвторая строка\n\n\n## Раздел\nТекст сразу после\n   \nПоследний  ')).toEqual([
      { type: 'text', data: { text: 'Первый абзац<br>вторая строка' } },
      { type: 'header', data: { text: 'Раздел', level: 2 } },
      { type: 'text', data: { text: 'Текст сразу после' } },
      { type: 'text', data: { text: 'Последний' } },
    ]);
  });

  it('ignores an empty header mark and Windows line ends', () => {
    expect(textToBlocks('## \r\nа\r\n\r\nб')).toEqual([
      { type: 'text', data: { text: '##<br>а' } },
      { type: 'text', data: { text: 'б' } },
    ]);
    expect(textToBlocks(' \n\n ')).toEqual([]);
  });

  it('round-trips an entry, keeping the blocks it cannot show where they were', () => {
    const blocks: Block[] = [
      { type: 'text', data: { text: 'Привет, <b>мир</b> &amp; друзья<br />вторая' } },
      { type: 'list', data: { style: 'unordered', items: ['a'] } },
      { type: 'header', data: { text: 'Итоги', level: 2 } },
      { type: 'header', data: { text: 'Мелкий', level: 3 } },
      { type: 'text', data: { text: 'Секрет' }, hidden: true },
    ];
    const text = blocksToText(blocks);
    expect(text).toBe('Привет, <b>мир</b> & друзья\nвторая\n\n{{block:1}}\n\n## Итоги\n\n{{block:3}}\n\n{{block:4}}');
    expect(textToBlocks(text, blocks)).toEqual([
      { type: 'text', data: { text: 'Привет, <b>мир</b> & друзья<br>вторая' } },
      blocks[1], blocks[2], blocks[3], blocks[4],
    ]);
  });

  it('treats a marker of a block that does not exist as text', () => {
    expect(textToBlocks('{{block:7}}', [])).toEqual([{ type: 'text', data: { text: '{{block:7}}' } }]);
  });
});
