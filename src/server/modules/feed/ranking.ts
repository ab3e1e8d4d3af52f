/** The feed's ranking is the entries' hotness, which entries keep as their counters move (entries/hotness.ts). */
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
} from '../entries/index.ts';
