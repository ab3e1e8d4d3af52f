// Editor.js and its stock tools, re-exported from plain JS: the packages' own type sources are .ts files with
// enums, which this project's `erasableSyntaxOnly` check refuses, so TypeScript sees vendor.d.ts instead.
export { default as EditorJS } from '@editorjs/editorjs';
export { default as Header } from '@editorjs/header';
export { default as List } from '@editorjs/list';
export { default as Quote } from '@editorjs/quote';
export { default as Delimiter } from '@editorjs/delimiter';
export { default as Warning } from '@editorjs/warning';
export { default as InlineCode } from '@editorjs/inline-code';
export { default as Marker } from '@editorjs/marker';
