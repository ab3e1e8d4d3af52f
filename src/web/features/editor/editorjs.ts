/**
 * Editor.js with our tools, loaded only in the browser by a dynamic import (BlockEditor.tsx): the server render
 * and the main bundle never carry it.
 */
import { Delimiter, EditorJS, Header, InlineCode, List, Marker, Quote, Warning } from './vendor.js';
import type { EditorInstance, ToolSettings } from './editorjs-types.ts';
import { ui } from '../../../shared/catalogue.ts';
import type { EditorData } from './convert.ts';
import { LinkTool, VideoTool } from './tools/embed.ts';
import { AudioTool } from './tools/audio.ts';
import { MediaTool } from './tools/media.ts';
import { CodeTool, DonationTool, IncutTool, NumberTool, PersonTool } from './tools/simple.ts';
import { StrikeTool } from './tools/strike.ts';
import { QuizTool } from './tools/quiz.ts';
import { CoverTune, SpoilerTune } from './tools/tunes.ts';

const t = ui.writing.editor;

export interface EditorHandle {
  save(): Promise<EditorData>;
  /** Puts the caret into the first block. */
  focus(): void;
  destroy(): void;
}

const tool = (cls: unknown, settings: Omit<ToolSettings, 'class'> = {}): ToolSettings => ({ class: cls, ...settings });

/** Block tools in toolbox order (the video tool precedes the link card so a pasted video link becomes a video); fresh per editor. */
const toolsOf = () => ({
  paragraph: { inlineToolbar: true, config: { preserveBlank: false } },
  header: tool(Header, {
    inlineToolbar: false,
    shortcut: 'CMD+SHIFT+H',
    config: { levels: [2, 3], defaultLevel: 2, placeholder: ui.entries.writing.titlePlaceholder },
  }),
  // Bulleted and numbered only (the first two of the tool's three toolbox entries): entries have no checklists.
  list: tool(List, {
    inlineToolbar: true,
    shortcut: 'CMD+SHIFT+L',
    toolbox: [{}, {}],
    config: { defaultStyle: 'unordered', maxLevel: 1 },
  }),
  quote: tool(Quote, {
    inlineToolbar: true,
    shortcut: 'CMD+SHIFT+O',
    config: { quotePlaceholder: t.tools.quoteText, captionPlaceholder: t.tools.quoteCaption },
  }),
  incut: tool(IncutTool, { inlineToolbar: true, shortcut: 'CMD+SHIFT+I' }),
  media: tool(MediaTool, { shortcut: 'CMD+SHIFT+P' }),
  video: tool(VideoTool),
  linkCard: tool(LinkTool),
  code: tool(CodeTool, { shortcut: 'CMD+SHIFT+K' }),
  warning: tool(Warning, {
    inlineToolbar: true,
    config: { titlePlaceholder: t.tools.warningTitle, messagePlaceholder: t.tools.warningText },
  }),
  delimiter: tool(Delimiter, { shortcut: 'CMD+SHIFT+D' }),
  number: tool(NumberTool),
  person: tool(PersonTool),
  audio: tool(AudioTool),
  donation: tool(DonationTool),
  quiz: tool(QuizTool),
  marker: tool(Marker, { shortcut: 'CMD+SHIFT+M' }),
  inlineCode: tool(InlineCode, { shortcut: 'CMD+SHIFT+C' }),
  strike: tool(StrikeTool, { shortcut: 'CMD+SHIFT+X' }),
  spoiler: tool(SpoilerTune),
  cover: tool(CoverTune, { config: { group: new Set() } }),
});

/** Markdown-style starts of a paragraph, turned into blocks as the space after them is typed. */
const MARKDOWN: { prefix: RegExp; block(rest: string): { type: string; data: Record<string, unknown> } }[] = [
  { prefix: /^###(&nbsp;|\s)/, block: (text) => ({ type: 'header', data: { text, level: 3 } }) },
  { prefix: /^##(&nbsp;|\s)/, block: (text) => ({ type: 'header', data: { text, level: 2 } }) },
  {
    prefix: /^[-*](&nbsp;|\s)/,
    block: (text) => ({
      type: 'list',
      data: { style: 'unordered', meta: {}, items: [{ content: text, meta: {}, items: [] }] },
    }),
  },
  {
    prefix: /^1\.(&nbsp;|\s)/,
    block: (text) => ({
      type: 'list',
      data: { style: 'ordered', meta: {}, items: [{ content: text, meta: {}, items: [] }] },
    }),
  },
  { prefix: /^&gt;(&nbsp;|\s)/, block: (text) => ({ type: 'quote', data: { text, caption: '', alignment: 'left' } }) },
];

function markdownShortcuts(editor: EditorInstance, holder: HTMLElement) {
  holder.addEventListener('input', (e) => {
    const ie = e as InputEvent;
    if (ie.inputType !== 'insertText' || ie.data !== ' ') return;
    // The block is found from the typed-in element: Editor.js's current index can lag behind a fresh Enter.
    const field = (e.target as Element | null)?.closest?.<HTMLElement>('.ce-paragraph');
    const holderOfBlock = field?.closest<HTMLElement>('.ce-block');
    const index = holderOfBlock ? [...holder.querySelectorAll('.ce-block')].indexOf(holderOfBlock) : -1;
    if (!field || index < 0 || editor.blocks.getBlockByIndex(index)?.name !== 'paragraph') return;
    const html = field.innerHTML;
    const rule = MARKDOWN.find((r) => r.prefix.test(html));
    if (!rule) return;
    const rest = html.replace(rule.prefix, '');
    const { type, data } = rule.block(rest);
    const inserted = editor.blocks.insert(type, data, undefined, index, true, true);
    // Editor.js learns its current block from `selectionchange`, a task later: an Enter pressed before that was taken
    // for the removed paragraph's and lost, and the next line ran into the heading. Tell it now (its first field: the
    // caret goes to that field's end below).
    editor.caret.setToBlock(index, 'start');
    // At once: the next keystroke must land in the new block's first field (a quote's last one is its caption).
    // Focus is moved by hand: a selection placed in a new element does not always take the focus with it, and the
    // focused paragraph has just left the page.
    const target = inserted.holder.querySelector<HTMLElement>('[contenteditable="true"]');
    if (!target) return;
    target.focus({ preventScroll: true });
    const range = document.createRange();
    range.selectNodeContents(target);
    range.collapse(false);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  });
}

/**
 * Drag to reorder: pressing the block's settings handle (⋮⋮) and moving the pointer drags that block; it lands
 * before or after the block under the pointer. Pointer events rather than HTML5 drag and drop: they work with a
 * finger too, and do not break when Editor.js redraws its toolbar under the pressed handle.
 */
function blockDrag(editor: EditorInstance, holder: HTMLElement): () => void {
  let drag: { from: number; x: number; y: number; active: boolean } | null = null;
  let marked: HTMLElement | null = null;
  const blocks = () => [...holder.querySelectorAll<HTMLElement>('.ce-block')];
  /** The block at the pointer's height (the pointer may be in the margin beside the blocks). */
  const blockAt = (y: number) =>
    blocks().find((b) => {
      const r = b.getBoundingClientRect();
      return y >= r.top && y <= r.bottom;
    });
  const unmark = () => {
    marked?.classList.remove('ed-drop-before', 'ed-drop-after');
    marked = null;
  };
  const end = () => {
    drag = null;
    unmark();
    holder.classList.remove('ed-dragging');
  };
  const onDown = (e: PointerEvent) => {
    const handle = (e.target as Element | null)?.closest?.('.ce-toolbar__settings-btn');
    if (!handle || !holder.contains(handle) || e.button !== 0) return;
    const r = handle.getBoundingClientRect();
    const from = blocks().indexOf(blockAt(r.top + r.height / 2) as HTMLElement);
    drag = from >= 0 ? { from, x: e.clientX, y: e.clientY, active: false } : null;
  };
  const onMove = (e: PointerEvent) => {
    if (!drag) return;
    if (!drag.active) {
      // A press without a move is a click: it opens the block's settings as usual.
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
      drag.active = true;
      editor.toolbar.toggleBlockSettings(false);
      holder.classList.add('ed-dragging');
    }
    e.preventDefault();
    unmark();
    const over = blockAt(e.clientY);
    if (!over) return;
    const r = over.getBoundingClientRect();
    marked = over;
    marked.classList.add(e.clientY > r.top + r.height / 2 ? 'ed-drop-after' : 'ed-drop-before');
  };
  const onUp = (e: PointerEvent) => {
    if (drag?.active && marked) {
      let to = blocks().indexOf(marked) + (marked.classList.contains('ed-drop-after') ? 1 : 0);
      if (to > drag.from) to -= 1;
      if (to !== drag.from) editor.blocks.move(to, drag.from);
      e.preventDefault();
    }
    end();
  };
  holder.addEventListener('pointerdown', onDown, true);
  document.addEventListener('pointermove', onMove);
  document.addEventListener('pointerup', onUp);
  document.addEventListener('pointercancel', end);
  holder.querySelector('.ce-toolbar__settings-btn')?.setAttribute('title', t.tools.dragHandle);
  return () => {
    holder.removeEventListener('pointerdown', onDown, true);
    document.removeEventListener('pointermove', onMove);
    document.removeEventListener('pointerup', onUp);
    document.removeEventListener('pointercancel', end);
  };
}

/**
 * Starts Editor.js in `holder` with the data. `onChange` fires after every edit: Editor.js batches its own
 * change events for 400 ms, so typing is also reported as it happens (a reload right after a keystroke keeps it).
 */
export async function createEditor(
  holder: HTMLElement,
  data: EditorData,
  onChange: () => void,
  /** A reduced set of block tools (a vacancy's description): these, the inline ones, and no tunes. */
  only?: readonly string[],
): Promise<EditorHandle> {
  const all = toolsOf();
  const inline = ['marker', 'inlineCode', 'strike'];
  const tools = only
    ? Object.fromEntries(Object.entries(all).filter(([name]) => only.includes(name) || inline.includes(name)))
    : all;
  const editor = new EditorJS({
    holder,
    data,
    tools,
    tunes: only ? [] : ['spoiler', 'cover'],
    inlineToolbar: ['bold', 'italic', 'link', 'marker', 'strike', 'inlineCode'],
    placeholder: t.placeholder,
    minHeight: 160,
    i18n: { messages: t.i18n },
    onChange: () => onChange(),
  });
  await editor.isReady;
  holder.addEventListener('input', onChange);
  markdownShortcuts(editor, holder);
  const stopDrag = blockDrag(editor, holder);
  return {
    save: () => editor.save(),
    focus: () => void editor.focus(),
    destroy: () => {
      stopDrag();
      editor.destroy();
    },
  };
}
