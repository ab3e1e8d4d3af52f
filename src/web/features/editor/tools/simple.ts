import type { BlockAPI, BlockToolOptions } from '../editorjs-types.ts';
import { ui } from '../../../../shared/catalogue.ts';
import { ICONS, h, plainInput } from './dom.ts';

const t = ui.writing.editor.tools;

/**
 * A block of labelled plain fields (number, person): one input per field, data = the inputs' values.
 * Typing in inputs is seen by Editor.js's observer, so autosave needs no extra signal.
 */
function fieldsTool(
  name: string,
  toolbox: { title: string; icon: string },
  fields: { key: string; placeholder: string; className?: string }[],
) {
  return class FieldsTool {
    static get toolbox() {
      return toolbox;
    }
    static get isReadOnlySupported() {
      return true;
    }
    static get sanitize() {
      return Object.fromEntries(fields.map((f) => [f.key, true]));
    }
    private readonly inputs: Record<string, HTMLInputElement>;
    private readonly root: HTMLElement;

    constructor({ data, readOnly }: BlockToolOptions<Record<string, string>>) {
      this.inputs = Object.fromEntries(
        fields.map((f) => {
          const input = plainInput(f.className ?? '', f.placeholder, data?.[f.key] ?? '', `editor-${name}-${f.key}`);
          input.readOnly = readOnly;
          return [f.key, input];
        }),
      );
      this.root = h('div', { className: `ed-fields ed-${name}` }, Object.values(this.inputs));
    }

    render() {
      return this.root;
    }

    save() {
      return Object.fromEntries(fields.map((f) => [f.key, this.inputs[f.key].value]));
    }
  };
}

export const NumberTool = fieldsTool('number', { title: t.number, icon: ICONS.number }, [
  { key: 'number', placeholder: t.numberValue, className: 'ed-number__value' },
  { key: 'title', placeholder: t.numberTitle },
]);

/** The donation attacher (issue 12): readers of the entry can send its author a donation where it stands. */
export const DonationTool = fieldsTool('donation', { title: ui.billing.donation.attach, icon: ICONS.donation }, [
  { key: 'title', placeholder: ui.billing.donation.attachPlaceholder },
]);

export const PersonTool = fieldsTool('person', { title: t.person, icon: ICONS.person }, [
  { key: 'name', placeholder: t.personName, className: 'ed-person__name' },
  { key: 'description', placeholder: t.personDescription },
  { key: 'image', placeholder: t.personImage },
]);

/** The incut: a highlighted paragraph with the inline toolbar; a paragraph converts to it and back. */
export class IncutTool {
  static get toolbox() {
    return { title: t.incut, icon: ICONS.incut };
  }
  static get isReadOnlySupported() {
    return true;
  }
  static get conversionConfig() {
    return { export: 'text', import: 'text' };
  }
  private readonly root: HTMLElement;

  constructor({ data, readOnly }: BlockToolOptions<{ text?: string }>) {
    this.root = h('div', {
      className: 'ed-incut',
      contenteditable: readOnly ? 'false' : 'true',
      'data-placeholder': t.incutPlaceholder,
      'data-testid': 'editor-incut',
    });
    this.root.innerHTML = data?.text ?? '';
  }

  render() {
    return this.root;
  }

  save() {
    return { text: this.root.innerHTML };
  }
}

export const CODE_LANGUAGES = [
  '',
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'go',
  'html',
  'java',
  'js',
  'json',
  'kotlin',
  'php',
  'python',
  'ruby',
  'rust',
  'sql',
  'swift',
  'ts',
  'yaml',
];

/** Code with its language: a textarea (Enter is a new line, Tab indents) and a language choice. */
export class CodeTool {
  static get toolbox() {
    return { title: t.code, icon: ICONS.code };
  }
  static get isReadOnlySupported() {
    return true;
  }
  static get enableLineBreaks() {
    return true;
  }
  static get sanitize() {
    return { code: true, lang: true };
  }
  static get pasteConfig() {
    return { tags: ['pre'] };
  }
  private readonly text: HTMLTextAreaElement;
  private readonly lang: HTMLSelectElement;
  private readonly root: HTMLElement;
  private readonly block: BlockAPI;

  constructor({ data, readOnly, block }: BlockToolOptions<{ code?: string; lang?: string }>) {
    this.block = block;
    this.text = h('textarea', {
      className: 'ed-code__text',
      placeholder: t.codePlaceholder,
      spellcheck: 'false',
      'aria-label': t.code,
      'data-testid': 'editor-code',
    });
    this.text.value = data?.code ?? '';
    this.text.readOnly = readOnly;
    this.text.addEventListener('keydown', (e) => {
      if (e.key !== 'Tab' || e.shiftKey) return;
      e.preventDefault();
      e.stopPropagation();
      this.text.setRangeText('  ', this.text.selectionStart, this.text.selectionEnd, 'end');
    });
    this.text.addEventListener('input', () => this.grow());
    this.lang = h(
      'select',
      { className: 'ed-code__lang', 'aria-label': t.codeLang, disabled: readOnly },
      CODE_LANGUAGES.map((l) => h('option', { value: l, text: l || t.codeLang })),
    );
    const lang = data?.lang ?? '';
    this.lang.value = CODE_LANGUAGES.includes(lang) ? lang : '';
    this.lang.addEventListener('change', () => this.block.dispatchChange());
    this.root = h('div', { className: 'ed-code' }, [this.lang, this.text]);
  }

  private grow() {
    this.text.style.height = 'auto';
    this.text.style.height = `${this.text.scrollHeight + 2}px`;
  }

  render() {
    queueMicrotask(() => this.grow());
    return this.root;
  }

  onPaste(event: CustomEvent<{ data: HTMLElement }>) {
    this.text.value = event.detail.data.textContent ?? '';
    this.grow();
  }

  save() {
    return { code: this.text.value, lang: this.lang.value };
  }
}
