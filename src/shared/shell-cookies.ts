/** Cookies the server-rendered page shell reads (src/web/root.tsx): a shared copy of a page is kept per their values. */
export const SIDEBAR_COOKIE = 'sidebar-collapsing';
export const LIVE_COOKIE = 'live-collapsing';
/** The live stream a reader closed (its key, shared/livestreams.ts): the slot stays empty for it. */
export const LIVE_STREAM_CLOSED_COOKIE = 'live-stream-closed';
export const SHELL_COOKIES = [SIDEBAR_COOKIE, LIVE_COOKIE, LIVE_STREAM_CLOSED_COOKIE] as const;
/**
 * When a tab last heard of a newer build (ms since the epoch, spec/content.md §9): a tab loaded before it loads its next
 * page whole (src/web/lib/navigation.ts). The browser's alone; the server never reads it.
 */
export const STATIC_VERSION_COOKIE = 'static_version_timestamp';
