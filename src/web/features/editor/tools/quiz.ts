import type { BlockAPI, BlockToolOptions } from '../editorjs-types.ts';
import { ui } from '../../../../shared/catalogue.ts';
import { QUIZ_HASH_LENGTH, QUIZ_ITEMS_MAX, QUIZ_ITEMS_MIN, randomAlphanumerics } from '../../../../shared/quiz.ts';
import { ICONS, h, plainInput } from './dom.ts';

const t = ui.quiz;
const newHash = () => randomAlphanumerics(QUIZ_HASH_LENGTH);

interface QuizData {
  hash?: string;
  title?: string;
  items?: { hash: string; text: string }[];
  multiple?: boolean;
  results?: 'before' | 'after';
}

/**
 * The quiz block (issue 28): a question, 2–10 options, one or several answers, results before voting or only after.
 * The quiz and each option get a hash here, kept through edits: votes are counted by them.
 */
export class QuizTool {
  static get toolbox() {
    return { title: t.toolTitle, icon: ICONS.quiz };
  }
  static get isReadOnlySupported() {
    return true;
  }
  private readonly hash: string;
  private readonly question: HTMLInputElement;
  private readonly list: HTMLElement;
  private readonly add: HTMLButtonElement;
  private readonly multiple: HTMLInputElement;
  private readonly before: HTMLInputElement;
  private readonly root: HTMLElement;
  private readonly block: BlockAPI;
  private readonly readOnly: boolean;
  private items: { hash: string; input: HTMLInputElement; row: HTMLElement }[] = [];

  constructor({ data, readOnly, block }: BlockToolOptions<QuizData>) {
    this.block = block;
    this.readOnly = readOnly;
    this.hash = data?.hash ?? newHash();
    this.question = plainInput('ed-quiz__question', t.question, data?.title ?? '', 'editor-quiz-question');
    this.question.readOnly = readOnly;
    this.list = h('div', { className: 'ed-quiz__items' });
    this.add = h('button', {
      type: 'button',
      className: 'ed-quiz__add',
      text: `+ ${t.addItem}`,
      'data-testid': 'editor-quiz-add',
      onclick: () => {
        this.addItem({ hash: newHash(), text: '' }).focus();
        this.changed();
      },
    });
    this.multiple = h('input', { type: 'checkbox', 'data-testid': 'editor-quiz-multiple', disabled: readOnly });
    this.multiple.checked = data?.multiple === true;
    this.before = h('input', { type: 'checkbox', 'data-testid': 'editor-quiz-before', disabled: readOnly });
    this.before.checked = data?.results === 'before';
    for (const box of [this.multiple, this.before]) box.addEventListener('change', () => this.changed());
    const start = data?.items?.length ? data.items : [];
    for (const item of start) this.addItem(item);
    while (this.items.length < QUIZ_ITEMS_MIN) this.addItem({ hash: newHash(), text: '' });
    this.root = h('div', { className: 'ed-quiz', 'data-testid': 'editor-quiz' }, [
      h('div', { className: 'ed-quiz__label', text: t.label }),
      this.question,
      this.list,
      readOnly ? null : this.add,
      h('div', { className: 'ed-quiz__options' }, [
        h('label', {}, [this.multiple, t.multiple]),
        h('label', {}, [this.before, t.resultsBefore]),
      ]),
    ]);
    this.refresh();
  }

  private addItem(item: { hash: string; text: string }): HTMLInputElement {
    const input = plainInput('ed-quiz__item', t.item(this.items.length + 1), item.text, 'editor-quiz-item');
    input.readOnly = this.readOnly;
    const entry = { hash: item.hash, input, row: h('div', { className: 'ed-quiz__row' }) };
    const remove = h('button', {
      type: 'button',
      className: 'ed-quiz__remove',
      title: t.removeItem,
      'aria-label': t.removeItem,
      onclick: () => {
        this.items = this.items.filter((i) => i !== entry);
        entry.row.remove();
        this.refresh();
        this.changed();
      },
    });
    remove.innerHTML = ICONS.remove;
    entry.row.append(input, this.readOnly ? '' : remove);
    this.items.push(entry);
    this.list.append(entry.row);
    this.refresh();
    return input;
  }

  /** Placeholders follow the order; at two options none can go, at ten none can come. */
  private refresh() {
    this.items.forEach((i, n) => {
      i.input.placeholder = t.item(n + 1);
      i.input.setAttribute('aria-label', t.item(n + 1));
      i.row.querySelector('button')?.toggleAttribute('disabled', this.items.length <= QUIZ_ITEMS_MIN);
    });
    this.add?.toggleAttribute('hidden', this.items.length >= QUIZ_ITEMS_MAX);
  }

  /** Checkboxes and added or removed rows are not typing: Editor.js is told (autosave). */
  private changed() {
    this.block.dispatchChange();
  }

  render() {
    return this.root;
  }

  save() {
    return {
      hash: this.hash,
      title: this.question.value,
      items: this.items.map((i) => ({ hash: i.hash, text: i.input.value })),
      multiple: this.multiple.checked,
      results: this.before.checked ? 'before' : 'after',
    };
  }
}
