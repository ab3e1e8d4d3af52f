import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, entryBlocksField, type Block } from '../../../shared/blocks.ts';
import { htmlToText } from '../../../shared/html.ts';
import { toBlocks, toEditorData, type EditorData } from './convert.ts';

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** One block of every type the entry model has, with every optional field set somewhere. */
const every: Block[] = [
  {
    type: 'text',
    data: {
      text: 'Привет, <b>мир</b> <i>и</i> <a href="https://example.ru/">ссылка</a> <mark>м</mark> <s>з</s> <code>x</code>',
    },
  },
  { type: 'header', data: { text: 'Заголовок & <не тег>', level: 2 } },
  { type: 'header', data: { text: 'Подзаголовок', level: 3 }, hidden: true },
  { type: 'list', data: { style: 'unordered', items: ['один', '<b>два</b>'] } },
  { type: 'list', data: { style: 'ordered', items: ['первый'] } },
  { type: 'quote', data: { text: 'Цитата', caption: 'Автор' } },
  { type: 'quote', data: { text: 'Без подписи' } },
  { type: 'incut', data: { text: 'Врезка <i>курсивом</i>' } },
  {
    type: 'media',
    data: {
      items: [
        { image: { uuid, width: 640, height: 480 }, title: 'Подпись', author: 'Фотограф' },
        { image: { url: 'https://example.ru/a.png', width: 10, height: 20 } },
      ],
    },
    cover: true,
  },
  {
    type: 'video',
    data: {
      service: 'youtube',
      id: 'dQw4w9WgXcQ',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    },
  },
  { type: 'video', data: { service: 'vk', id: '-1_2', url: 'https://vk.com/video-1_2' } },
  {
    type: 'video',
    data: { service: 'vimeo', id: '76979871', url: 'https://vimeo.com/76979871#t=75s', title: 'Фильм', timecode: 75 },
  },
  // An uploaded video once made, and one its job is still making (no size yet).
  { type: 'video', data: { mp4: uuid, width: 320, height: 180, has_audio: true } },
  { type: 'video', data: { mp4: uuid } },
  {
    type: 'link',
    data: { url: 'https://example.ru/', title: 'Пример', description: 'Описание', image: 'https://example.ru/og.png' },
  },
  { type: 'link', data: { url: 'https://example.ru/bare' } },
  { type: 'code', data: { text: 'const a = 1 < 2;\n  return a;', lang: 'js' } },
  { type: 'code', data: { text: 'plain' } },
  { type: 'delimiter', data: {} },
  { type: 'audio', data: { url: 'https://example.ru/a.mp3', title: 'Подкаст' } },
  { type: 'audio', data: { uuid, duration: 125, size: 48_000, type: 'mp3', title: 'Запись эфира' } },
  { type: 'audio', data: { uuid } },
  { type: 'warning', data: { title: 'Внимание', text: 'Текст <b>предупреждения</b>' } },
  { type: 'number', data: { number: '42', title: 'ответ' } },
  { type: 'person', data: { name: 'Иван Петров', description: 'редактор', image: 'https://example.ru/p.jpg' } },
  { type: 'person', data: { name: 'Без фото' } },
  { type: 'donation', data: { title: 'На кофе автору' } },
  { type: 'donation', data: {} },
  {
    type: 'quiz',
    data: {
      hash: 'quizHash0001',
      title: 'Что читать?',
      items: [
        { hash: 'quizItem0001', text: 'Книги' },
        { hash: 'quizItem0002', text: 'Статьи' },
      ],
      multiple: true,
      results: 'before',
    },
  },
];

describe('editor data ⇄ entry blocks', () => {
  it('covers every block type of the entry model', () => {
    expect(new Set(every.map((b) => b.type))).toEqual(new Set(BLOCK_TYPES));
  });

  it('round-trips every block type with its flags', () => {
    expect(toBlocks(toEditorData(every))).toEqual(every);
  });

  it('gives blocks that the server schema accepts', () => {
    const back = toBlocks(toEditorData(every));
    expect(entryBlocksField.safeParse(back).success).toBe(true);
  });

  it('survives a JSON trip through the editor (what Editor.js hands back)', () => {
    const viaJson = JSON.parse(JSON.stringify(toEditorData(every))) as EditorData;
    expect(toBlocks(viaJson)).toEqual(every);
  });

  it('drops empty quiz options and leaves out a quiz with nothing typed', () => {
    const quiz = (title: string, texts: string[]) => ({
      type: 'quiz',
      data: { hash: 'quizHash0002', title, items: texts.map((text, i) => ({ hash: `quizItem000${i}`, text })) },
    });
    expect(toBlocks({ blocks: [quiz('', ['', ' '])] })).toEqual([]);
    expect(toBlocks({ blocks: [quiz(' Вопрос ', ['Да', '', ' Нет '])] })).toEqual([
      {
        type: 'quiz',
        data: {
          hash: 'quizHash0002',
          title: 'Вопрос',
          items: [
            { hash: 'quizItem0000', text: 'Да' },
            { hash: 'quizItem0002', text: 'Нет' },
          ],
          multiple: false,
          results: 'after',
        },
      },
    ]);
  });

  it('maps stock tools to their Editor.js shapes', () => {
    const [text, header, , list, , quote] = toEditorData(every).blocks;
    expect(text).toMatchObject({ type: 'paragraph' });
    expect(header.data).toEqual({ text: 'Заголовок &amp; &lt;не тег&gt;', level: 2 });
    expect(list.data).toMatchObject({
      style: 'unordered',
      items: [
        { content: 'один', items: [] },
        { content: '<b>два</b>', items: [] },
      ],
    });
    expect(quote.data).toMatchObject({ text: 'Цитата', caption: 'Автор' });
  });

  it('flattens nested lists and reads the old string list', () => {
    const data: EditorData = {
      blocks: [
        {
          type: 'list',
          data: {
            style: 'ordered',
            items: [
              { content: 'a', items: [{ content: 'a.1', items: [] }] },
              { content: 'b', items: [] },
            ],
          },
        },
        { type: 'list', data: { style: 'checklist', items: ['x', ''] } },
      ],
    };
    expect(toBlocks(data)).toEqual([
      { type: 'list', data: { style: 'ordered', items: ['a', 'a.1', 'b'] } },
      { type: 'list', data: { style: 'unordered', items: ['x'] } },
    ]);
  });

  it('leaves out blocks that say nothing yet', () => {
    const data: EditorData = {
      blocks: [
        { type: 'paragraph', data: { text: '&nbsp;<br>' } },
        { type: 'header', data: { text: '<b></b>', level: 2 } },
        { type: 'media', data: { items: [] } },
        { type: 'video', data: { url: '' } },
        { type: 'link', data: {} },
        { type: 'code', data: { code: '  ' } },
        { type: 'unknown-tool', data: { text: 'x' } },
        { type: 'paragraph', data: { text: 'есть' } },
      ],
    };
    expect(toBlocks(data)).toEqual([{ type: 'text', data: { text: 'есть' } }]);
  });

  it('keeps one cover: the first flagged block', () => {
    const data: EditorData = {
      blocks: [
        { type: 'paragraph', data: { text: 'a' }, tunes: { cover: { cover: true } } },
        { type: 'paragraph', data: { text: 'b' }, tunes: { cover: { cover: true }, spoiler: { hidden: true } } },
      ],
    };
    expect(toBlocks(data)).toEqual([
      { type: 'text', data: { text: 'a' }, cover: true },
      { type: 'text', data: { text: 'b' }, hidden: true },
    ]);
  });

  it('reads the audio tool: a file over an address, with what the upload told', () => {
    const data: EditorData = {
      blocks: [
        { type: 'audio', data: { uuid, duration: 3, size: 10, type: 'm4a', url: '', title: '  Эфир  ' } },
        { type: 'audio', data: { uuid, duration: '3', type: 'jpg', title: '' } },
        { type: 'audio', data: { url: 'https://example.ru/a.ogg', title: 'Ссылка' } },
        { type: 'audio', data: { url: '', title: 'Ни файла, ни ссылки' } },
      ],
    };
    expect(toBlocks(data)).toEqual([
      { type: 'audio', data: { uuid, duration: 3, size: 10, type: 'm4a', title: 'Эфир' } },
      { type: 'audio', data: { uuid } },
      { type: 'audio', data: { url: 'https://example.ru/a.ogg', title: 'Ссылка' } },
    ]);
    expect(toEditorData([{ type: 'audio', data: { uuid, duration: 3, type: 'ogg' } }]).blocks[0].data).toEqual({
      uuid,
      duration: 3,
      type: 'ogg',
    });
  });

  it('turns header HTML into plain text', () => {
    expect(htmlToText('Год&nbsp;<b>2026</b> &amp; <i>дальше</i><br>ещё')).toBe('Год 2026 & дальше ещё');
    expect(toBlocks({ blocks: [{ type: 'header', data: { text: 'A <b>B</b>', level: 4 } }] })).toEqual([
      { type: 'header', data: { text: 'A B', level: 2 } },
    ]);
  });
});
