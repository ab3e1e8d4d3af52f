import type { Block, BlockOf } from '../../../shared/blocks.ts';
import { videoBlockData, type VideoService } from '../../../shared/extract.ts';
import { escapeHtml, htmlToText } from '../../../shared/html.ts';
import { isAudioType } from '../../../shared/media.ts';

type AudioData = BlockOf<'audio'>['data'];

/**
 * Editor.js data ⇄ the entry's block list (src/shared/blocks.ts). Pure: no DOM, no Editor.js import, so it is
 * unit-tested and the server never sees Editor.js shapes. Our own tools keep our block data as is; only the
 * stock tools differ (paragraph, nested list, quote's alignment, warning's message, code's text field).
 */

export interface EditorBlock {
  id?: string;
  type: string;
  data: Record<string, unknown>;
  tunes?: { spoiler?: { hidden?: boolean }; cover?: { cover?: boolean } };
}
export interface EditorData {
  blocks: EditorBlock[];
  time?: number;
  version?: string;
}

interface ListItem {
  content: string;
  items?: ListItem[];
}

/** Editor.js tool names that differ from our block types ('link' is Editor.js's own inline link tool). */
const TOOL_OF: Partial<Record<Block['type'], string>> = { text: 'paragraph', link: 'linkCard' };
export const editorToolOf = (type: Block['type']): string => TOOL_OF[type] ?? type;

/** Text that says something once markup is gone: empty paragraphs are not blocks. */
const saysSomething = (html: string) => htmlToText(html).length > 0;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** A plain field our own tools keep in an input: whitespace collapsed. */
const plain = (v: unknown) => str(v).replace(/\s+/g, ' ').trim();
/** An optional plain field, present only when it says something; `fromHtml` for stock tools' contenteditable fields. */
const opt = <K extends string>(key: K, v: unknown, fromHtml = false): Partial<Record<K, string>> => {
  const s = fromHtml ? htmlToText(str(v)) : plain(v);
  return s ? ({ [key]: s } as Record<K, string>) : {};
};

/** What the upload told of an audio file, kept with the block for the page (its length) and as is otherwise. */
const audioFacts = (d: Record<string, unknown>): Pick<AudioData, 'duration' | 'size' | 'type'> => ({
  ...(typeof d.duration === 'number' ? { duration: d.duration } : {}),
  ...(typeof d.size === 'number' ? { size: d.size } : {}),
  ...(typeof d.type === 'string' && isAudioType(d.type) ? { type: d.type } : {}),
});
/** The cover, who speaks and the block's hash (its listens), whichever way the sound came. */
const audioExtras = (d: Record<string, unknown>): Pick<AudioData, 'cover' | 'author' | 'hash'> => ({
  ...(str(d.cover) ? { cover: str(d.cover) } : {}),
  ...opt('author', d.author),
  ...(str(d.hash) ? { hash: str(d.hash) } : {}),
});

/** List tool 2.x nests items ({content, items}); older data is a string list. Our lists are flat. */
function flatItems(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: string | ListItem) =>
    typeof item === 'string' ? [item] : [str(item?.content), ...flatItems(item?.items)],
  );
}

/** One Editor.js block as our block data, or null when it is incomplete (an empty paragraph, a media block before upload). */
function toBlockData(b: EditorBlock): Pick<Block, 'type' | 'data'> | null {
  const d = b.data ?? {};
  switch (b.type) {
    case 'paragraph':
      return saysSomething(str(d.text)) ? { type: 'text', data: { text: str(d.text) } } : null;
    case 'header': {
      const text = htmlToText(str(d.text));
      return text ? { type: 'header', data: { text, level: d.level === 3 ? 3 : 2 } } : null;
    }
    case 'list': {
      const items = flatItems(d.items).filter(saysSomething);
      return items.length
        ? { type: 'list', data: { style: d.style === 'ordered' ? 'ordered' : 'unordered', items } }
        : null;
    }
    case 'quote':
      return saysSomething(str(d.text))
        ? { type: 'quote', data: { text: str(d.text), ...opt('caption', d.caption, true) } }
        : null;
    case 'incut':
      return saysSomething(str(d.text)) ? { type: 'incut', data: { text: str(d.text) } } : null;
    case 'warning':
      return saysSomething(str(d.message)) || htmlToText(str(d.title))
        ? { type: 'warning', data: { title: htmlToText(str(d.title)), text: str(d.message) } }
        : null;
    case 'code':
      return str(d.code).trim()
        ? { type: 'code', data: { text: str(d.code), ...(str(d.lang) ? { lang: str(d.lang) } : {}) } }
        : null;
    case 'delimiter':
      return { type: 'delimiter', data: {} };
    case 'media': {
      const items = (Array.isArray(d.items) ? d.items : []) as BlockOf<'media'>['data']['items'];
      if (!items.length) return null;
      return {
        type: 'media',
        data: {
          items: items.map((i) => ({ image: { ...i.image }, ...opt('title', i.title), ...opt('author', i.author) })),
        },
      };
    }
    case 'video':
      // An uploaded video: its uuid from the start (the job may still be making it), its size once made.
      if (typeof d.mp4 === 'string' && d.mp4)
        return {
          type: 'video',
          data: {
            mp4: d.mp4,
            ...(typeof d.width === 'number' && d.width > 0 ? { width: d.width } : {}),
            ...(typeof d.height === 'number' && d.height > 0 ? { height: d.height } : {}),
            ...(typeof d.has_audio === 'boolean' ? { has_audio: d.has_audio } : {}),
          },
        };
      return d.service && d.id && d.url
        ? {
            type: 'video',
            data: videoBlockData({
              service: d.service as VideoService,
              id: str(d.id),
              url: str(d.url),
              thumbnail: d.thumbnail ? str(d.thumbnail) : null,
              title: d.title ? str(d.title) : undefined,
              timecode: typeof d.timecode === 'number' ? d.timecode : undefined,
            }),
          }
        : null;
    case 'linkCard':
      return d.url
        ? {
            type: 'link',
            data: {
              url: str(d.url),
              ...opt('title', d.title),
              ...opt('description', d.description),
              ...(d.image ? { image: str(d.image) } : {}),
            },
          }
        : null;
    case 'audio':
      // An uploaded file wins over an address: the tool hides the address once a file is in.
      if (str(d.uuid))
        return {
          type: 'audio',
          data: { uuid: str(d.uuid), ...audioFacts(d), ...opt('title', d.title), ...audioExtras(d) },
        };
      return d.url ? { type: 'audio', data: { url: str(d.url), ...opt('title', d.title), ...audioExtras(d) } } : null;
    case 'number':
      return plain(d.number) ? { type: 'number', data: { number: plain(d.number), title: plain(d.title) } } : null;
    case 'donation':
      return { type: 'donation', data: opt('title', d.title) };
    case 'quiz': {
      // Empty options go; a quiz with nothing typed is left out, a half-filled one goes to the site, which says
      // what is missing.
      const items = Array.isArray(d.items)
        ? (d.items as { hash?: unknown; text?: unknown }[])
            .map((i) => ({ hash: str(i.hash), text: plain(i.text) }))
            .filter((i) => i.text)
        : [];
      if (!plain(d.title) && !items.length) return null;
      return {
        type: 'quiz',
        data: {
          hash: str(d.hash),
          title: plain(d.title),
          items,
          multiple: d.multiple === true,
          results: d.results === 'before' ? 'before' : 'after',
        },
      };
    }
    case 'person':
      return plain(d.name)
        ? {
            type: 'person',
            data: {
              name: plain(d.name),
              ...opt('description', d.description),
              ...(d.image ? { image: str(d.image) } : {}),
            },
          }
        : null;
    default:
      return null;
  }
}

/** Editor.js output → the blocks `writing/save` takes. Incomplete blocks are left out; one cover at most (the first flagged). */
export function toBlocks(data: EditorData): Block[] {
  let coverTaken = false;
  const out: Block[] = [];
  for (const b of data.blocks) {
    const body = toBlockData(b);
    if (!body) continue;
    const cover: boolean = !coverTaken && b.tunes?.cover?.cover === true;
    coverTaken ||= cover;
    out.push({
      ...body,
      ...(cover ? { cover: true } : {}),
      ...(b.tunes?.spoiler?.hidden ? { hidden: true } : {}),
    } as Block);
  }
  return out;
}

/** One of our blocks as the Editor.js tool that edits it. */
function toEditorBlock(b: Block): EditorBlock {
  const tunes = { spoiler: { hidden: b.hidden === true }, cover: { cover: b.cover === true } };
  switch (b.type) {
    case 'text':
      return { type: 'paragraph', data: { text: b.data.text }, tunes };
    case 'header':
      return { type: 'header', data: { text: escapeHtml(b.data.text), level: b.data.level }, tunes };
    case 'list':
      return {
        type: 'list',
        data: {
          style: b.data.style,
          meta: {},
          items: b.data.items.map((content) => ({ content, meta: {}, items: [] })),
        },
        tunes,
      };
    case 'quote':
      return {
        type: 'quote',
        data: { text: b.data.text, caption: escapeHtml(b.data.caption ?? ''), alignment: 'left' },
        tunes,
      };
    case 'warning':
      return { type: 'warning', data: { title: escapeHtml(b.data.title), message: b.data.text }, tunes };
    case 'code':
      return { type: 'code', data: { code: b.data.text, lang: b.data.lang ?? '' }, tunes };
    default:
      // our own tools (incut, media, video, link card, audio, number, person, delimiter) store our data as is
      return { type: editorToolOf(b.type), data: structuredClone(b.data), tunes };
  }
}

/** Our blocks → Editor.js data to start the editor with. */
export function toEditorData(blocks: Block[]): EditorData {
  return { blocks: blocks.map(toEditorBlock) };
}
