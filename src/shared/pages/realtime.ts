/** What pages read for realtime (implemented in src/server/modules/realtime/page.ts). */
export interface RealtimePageServices {
  /** Credentials for the reader's private channel `user-{id}` (spec/foundation.md §3: time and hash); null for anonymous readers. */
  socketAuth(): { channel: string; time: number; hash: string } | null;
}
