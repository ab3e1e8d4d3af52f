import type { EditorConfig, EditorInstance } from './editorjs-types.ts';

export declare const EditorJS: new (config: EditorConfig) => EditorInstance;
export declare const Header: unknown;
export declare const List: unknown;
export declare const Quote: unknown;
export declare const Delimiter: unknown;
export declare const Warning: unknown;
export declare const InlineCode: unknown;
export declare const Marker: unknown;
