/**
 * What other modules may use of entries besides service.ts: the entry card's SQL fragment and row (feeds and
 * bookmarks list cards), the entry row as history reads it, and the read/edit rules.
 */
export { cardSelect, entryById, EntryCardRow, EntryRow } from './queries.ts';
export { canEdit, canRead } from './policy.ts';
/** Hotness, the feed's ranking score, kept as an entry's counters move (comments, votes) and by the schedule. */
export {
  COMMENT_WEIGHT,
  HOTNESS_DECAY_SECONDS,
  HOTNESS_EPOCH,
  HOTNESS_REFRESH_DAYS,
  HOTNESS_REFRESH_INTERVAL_MS,
  hotnessOf,
  refreshEntryHotness,
  refreshHotness,
  refreshRecentHotness,
} from './hotness.ts';
/** The writes other modules make to an entry: its counters, the removed flag, Plus's hiding, a deletion's versions. */
export * as entryWrites from './write-queries.ts';
/** Inline HTML of blocks made safe as saved (vacancies' descriptions take the entries' blocks). */
export { sanitizeBlocks } from './sanitize.ts';
/** Modules above entries keep what they need of an entry's blocks in its save transaction (quizzes). */
export { keepWithBlocks, type BlocksKeeper } from './hooks.ts';
