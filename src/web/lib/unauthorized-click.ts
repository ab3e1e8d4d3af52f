/**
 * spec/content.md §6: an anonymous click that met rc 401 raises `unauthorized_click` with where it happened (a quiz:
 * `quiz`), a window event any counter may listen to; the auth popup opens through the request helper as for any 401.
 */
export const UNAUTHORIZED_CLICK = 'unauthorized_click';

export function unauthorizedClick(context: string) {
  window.dispatchEvent(new CustomEvent(UNAUTHORIZED_CLICK, { detail: { context } }));
}
