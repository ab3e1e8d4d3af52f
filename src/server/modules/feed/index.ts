/** What other modules may use of the feed besides service.ts: refreshing an entry's hotness after its counters move. */
export { refreshEntryHotness } from './ranking.ts';
