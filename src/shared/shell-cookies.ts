/** Cookies the server-rendered page shell reads (src/web/root.tsx): a shared copy of a page is kept per their values. */
export const SIDEBAR_COOKIE = 'sidebar-collapsing';
export const LIVE_COOKIE = 'live-collapsing';
export const SHELL_COOKIES = [SIDEBAR_COOKIE, LIVE_COOKIE] as const;
