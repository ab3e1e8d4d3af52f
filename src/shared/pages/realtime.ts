import type { LiveItem } from '../realtime.ts';

/** What pages read for realtime (implemented in src/server/modules/realtime/page.ts). */
export interface RealtimePageServices {
  /** The live feed's newest items (as `GET /v3.0/live/initial` answers), for `/live` to render on the server. */
  live(): Promise<LiveItem[]>;
  /** Credentials for the reader's private channel `user-{id}` (spec/foundation.md §3: time and hash); null for anonymous readers. */
  socketAuth(): { channel: string; time: number; hash: string } | null;
}
