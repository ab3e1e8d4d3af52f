/**
 * The part of Editor.js's API our tools and the editor use, typed here (see vendor.js for why the package's
 * own types stay out of the program).
 */
import type { EditorData } from './convert.ts';

export interface BlockAPI {
  readonly id: string;
  readonly name: string;
  readonly holder: HTMLElement;
  dispatchChange(): void;
}

export interface API {
  blocks: {
    getCurrentBlockIndex(): number;
    getBlockByIndex(index: number): BlockAPI | undefined;
    getBlockIndex(id: string): number;
    move(toIndex: number, fromIndex?: number): void;
    insert(
      type?: string,
      data?: object,
      config?: object,
      index?: number,
      needToFocus?: boolean,
      replace?: boolean,
    ): BlockAPI;
  };
  caret: { setToBlock(index: number, position?: 'end' | 'start' | 'default', offset?: number): boolean };
  selection: { findParentTag(tagName: string): HTMLElement | null; expandToTag(node: HTMLElement): void };
  styles: { inlineToolButton: string; inlineToolButtonActive: string };
}

export interface BlockToolOptions<D> {
  data: D;
  api: API;
  block: BlockAPI;
  readOnly: boolean;
}

/** Editor.js paste events: a file, a matched pattern (`data` is the text) or an element (`data`). */
export type PasteEvent = CustomEvent<{ file?: File; data?: string | HTMLElement; key?: string }>;

export interface ToolSettings {
  class: unknown;
  inlineToolbar?: boolean | string[];
  shortcut?: string;
  /** Overrides the tool's toolbox entries, merged by position. */
  toolbox?: object[];
  config?: object;
}

export interface EditorConfig {
  holder: HTMLElement;
  data: EditorData;
  tools: Record<string, ToolSettings | { inlineToolbar?: boolean; config?: object }>;
  tunes: string[];
  inlineToolbar: string[];
  placeholder: string;
  minHeight: number;
  i18n: { messages: object };
  onChange(): void;
}

export interface EditorInstance extends API {
  toolbar: { toggleBlockSettings(open?: boolean): void };
  isReady: Promise<void>;
  save(): Promise<EditorData>;
  focus(atEnd?: boolean): boolean;
  destroy(): void;
}
