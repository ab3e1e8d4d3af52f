import type { LiveStreamCard, LiveStreamSettings } from '../api/livestreams.ts';

/** What pages read of live streams (implemented in src/server/modules/livestreams/page.ts). */
export interface LivestreamsPageServices {
  /**
   * The stream the page's livestream slot shows (the page shell, every page): null where the slot does not apply,
   * when none is on, or when the reader closed this one (`closedKey`, the closed cookie's value).
   */
  forPage(path: string, closedKey: string | null): Promise<LiveStreamCard | null>;
  /** /live/stream: the settings of the site's stream (`subsiteId` null) or a subsite's, for those who run it. */
  settings(
    subsiteId: number | null,
  ): Promise<{ status: 200; settings: LiveStreamSettings } | { status: 401 | 403 | 404 }>;
}
