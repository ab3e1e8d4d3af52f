import type { API } from '../editorjs-types.ts';
import { ui } from '../../../../shared/catalogue.ts';
import { ICONS } from './dom.ts';

/** Strikethrough (`<s>`), the one inline style Editor.js does not ship. */
export class StrikeTool {
  static get isInline() {
    return true;
  }
  static get title() {
    return ui.writing.editor.tools.strike;
  }
  static get sanitize() {
    return { s: {} };
  }
  private readonly button: HTMLButtonElement;
  private readonly api: API;

  constructor({ api }: { api: API }) {
    this.api = api;
    this.button = document.createElement('button');
    this.button.type = 'button';
    this.button.innerHTML = ICONS.strike;
    this.button.classList.add(api.styles.inlineToolButton);
  }

  render() {
    return this.button;
  }

  surround(range: Range) {
    const existing = this.api.selection.findParentTag('S');
    if (existing) {
      existing.replaceWith(...existing.childNodes);
      return;
    }
    const s = document.createElement('s');
    s.append(range.extractContents());
    range.insertNode(s);
    this.api.selection.expandToTag(s);
  }

  checkState() {
    const active = Boolean(this.api.selection.findParentTag('S'));
    this.button.classList.toggle(this.api.styles.inlineToolButtonActive, active);
    return active;
  }
}
