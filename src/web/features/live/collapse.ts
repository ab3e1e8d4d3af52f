/** Live collapse states and the two buttons of spec/content.md §4, remembered in a cookie for 365 days (§9). */
export { LIVE_COOKIE } from '../../../shared/shell-cookies.ts';
export const LIVE_COOKIE_DAYS = 365;
export type LiveCollapse = 'auto' | 'shown' | 'collapsed';

/** In 'auto' the widget shows this many items; 'shown' shows all it keeps. */
export const LIVE_AUTO_ITEMS = 5;

/** Small button: auto → shown, shown → auto, collapsed → shown. */
export const smallButton = (s: LiveCollapse): LiveCollapse => (s === 'shown' ? 'auto' : 'shown');
/** Big button: auto → collapsed, shown → collapsed, collapsed → auto. */
export const bigButton = (s: LiveCollapse): LiveCollapse => (s === 'collapsed' ? 'auto' : 'collapsed');

export const parseCollapse = (v: string | null): LiveCollapse => (v === 'shown' || v === 'collapsed' ? v : 'auto');
