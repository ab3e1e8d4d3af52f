import type { Ctx } from '../../context.ts';
import { hotnessBatchEnd, refreshHotnessBetween, refreshHotnessOf } from './hotness-queries.ts';

/** The score's formula and its SQL live in hotness-queries.ts; here, when it is refreshed. */
export { COMMENT_WEIGHT, HOTNESS_DECAY_SECONDS, HOTNESS_EPOCH, hotnessOf } from './hotness-queries.ts';

/** Batch refresh: entries of the last days get their score recomputed from the folded counters. */
export const HOTNESS_REFRESH_DAYS = 7;
export const HOTNESS_REFRESH_INTERVAL_MS = 5 * 60_000;
const BATCH = 1000;

/**
 * Recomputes hotness for published entries (of `since` and later, or all when null), walking ids in
 * batches of 1000 so a big refresh never holds one long lock. Writes only the rows whose score moved.
 * Returns how many rows changed.
 */
export async function refreshHotness(db: Ctx['db'], since: Date | null): Promise<number> {
  let after = 0;
  let changed = 0;
  for (;;) {
    const last = await hotnessBatchEnd(db, after, since, BATCH);
    if (last === null) return changed;
    changed += await refreshHotnessBetween(db, after, last, since);
    after = last;
  }
}

/** The on-demand refresh after a vote or a comment changed one entry's counters. */
export async function refreshEntryHotness(ctx: Pick<Ctx, 'db'>, entryId: number): Promise<void> {
  await refreshHotnessOf(ctx.db, entryId);
}

/** The periodic refresh of recent entries: folds counters that were changed without a per-entry refresh. */
export function refreshRecentHotness(ctx: Pick<Ctx, 'db' | 'now'>): Promise<number> {
  return refreshHotness(ctx.db, new Date(ctx.now().getTime() - HOTNESS_REFRESH_DAYS * 86400_000));
}
