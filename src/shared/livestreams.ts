/**
 * Live streams (issue 28 point 4; spec/content.md §2, §4, §7): a subsite's managers, or staff for the whole site, set a
 * source, a title, a cover and who may watch; while the stream is on, the layout's livestream slot plays it.
 */

/** Who may watch: everyone, or Plus readers only (their live token opens the stream). */
export const LIVE_STREAM_ACCESS = ['everyone', 'plus'] as const;
export type LiveStreamAccess = (typeof LIVE_STREAM_ACCESS)[number];

/** An HLS playlist (played by the site, through its own proxy), or a VK Video or YouTube live player. */
export const LIVE_STREAM_KINDS = ['hls', 'youtube', 'vk'] as const;
export type LiveStreamKind = (typeof LIVE_STREAM_KINDS)[number];

/** spec/content.md §4 "Live stream: playing, paused, closed". */
export const LIVE_STREAM_STATES = ['playing', 'paused', 'closed'] as const;
export type LiveStreamState = (typeof LIVE_STREAM_STATES)[number];

export const LIVE_STREAM_LIMITS = { title: 120, url: 2000 } as const;

/**
 * A closed player stays closed for this stream until it is turned on again: the cookie holds the stream's `key`.
 * The page shell reads it (a shared copy of a page is kept per its value: shell-cookies.ts).
 */
export const LIVE_STREAM_CLOSED_DAYS = 1;

/** The settings page of a subsite's stream, or of the site's (null). */
export const liveStreamSettingsPath = (subsiteId: number | null) =>
  subsiteId ? `/live/stream?subsite=${subsiteId}` : '/live/stream';

/**
 * The floating screen (spec/content.md §2, §9): a playing stream scrolled out of view plays on in a corner, its width
 * the reader's (cookie `floating_screen_width`, 365 days), default 400, clamped to 400–600 px. Phones (below 860 px)
 * keep it in place: 400 px would not fit.
 */
export const FLOATING_SCREEN = { width: 400, min: 400, max: 600, cookie: 'floating_screen_width', days: 365 } as const;

export const floatingScreenWidth = (asked: number) =>
  Number.isFinite(asked)
    ? Math.min(FLOATING_SCREEN.max, Math.max(FLOATING_SCREEN.min, Math.round(asked)))
    : FLOATING_SCREEN.width;
