import { routeId } from '../../lib/route-id.ts';

/** The query of the editor popup (spec/content.md §2): `name=editor`, optionally `id` and `static=true`. */
export const EDITOR_NAME = 'editor';
const EDITOR_PARAMS = ['name', 'id', 'static'];

/** An address without the editor's query parameters (what closing the popup goes back to). */
export function withoutEditorParams(href: string): string {
  const url = new URL(href, 'http://x');
  if (url.searchParams.get('name') === EDITOR_NAME) EDITOR_PARAMS.forEach((p) => url.searchParams.delete(p));
  return url.pathname + url.search + url.hash;
}

/** The address while the editor is open over `href`. */
export function editorLocation(href: string, id?: number): string {
  const url = new URL(href, 'http://x');
  url.searchParams.set('name', EDITOR_NAME);
  if (id) url.searchParams.set('id', String(id));
  return url.pathname + url.search + url.hash;
}

/** What `?name=editor…` asks for: null when the address names no editor. */
export function editorRequest(search: string): { id?: number; static: boolean } | null {
  const q = new URLSearchParams(search);
  if (q.get('name') !== EDITOR_NAME) return null;
  return { id: routeId(q.get('id') ?? undefined) ?? undefined, static: q.get('static') === 'true' };
}

/**
 * Opens the block editor in the full-page editor popup; with an id, edits that entry. The popup's code
 * (and Editor.js after it) loads on first use.
 */
export function openEditor(options: { id?: number } = {}): void {
  void import('./EditorPopup.tsx').then(({ showEditorPopup }) => showEditorPopup(options));
}
