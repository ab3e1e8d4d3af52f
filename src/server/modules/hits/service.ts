import { compactCount } from '../../../shared/format.ts';
import { messages } from '../../../shared/catalogue.ts';
import type { HitData } from '../../../shared/reactions.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import * as q from './queries.ts';

/**
 * Views: one per reader per entry per UTC day (DESIGN.md, Ranking and counters). A hit only checks and
 * remembers its mark in memory; every few seconds (the process's own `hits.fold` task, schedule.ts), and on a clean
 * shutdown, the marks are folded into `hit_marks` (which dedupes across nodes and restarts) and the new ones into
 * `entries.hits_count`. Marks older than two days are deleted by the cluster task `hits.cleanup`.
 */
export const HIT_FOLD_INTERVAL_MS = 5000;
const CHUNK = 5000;
/** Marks of today and the two days before are kept; the fold deletes older ones. */
const KEEP_DAYS = 2;

export const dayNumber = (now: Date) => Math.floor(now.getTime() / 86_400_000);

/** Who is reading: a signed-in user by id, an anonymous reader by the `hit_id` cookie. */
export const visitorOf = (userId: number | null, cookieId: string) => (userId ? `u${userId}` : `a${cookieId}`);

class Marks {
  byKey = new Map<string, q.Mark>();
  perEntry = new Map<number, number>();

  static key = (m: q.Mark) => `${m.entryId}|${m.day}|${m.visitor}`;
  has(m: q.Mark) {
    return this.byKey.has(Marks.key(m));
  }
  add(m: q.Mark) {
    if (this.has(m)) return;
    this.byKey.set(Marks.key(m), m);
    this.perEntry.set(m.entryId, (this.perEntry.get(m.entryId) ?? 0) + 1);
  }
  count(entryId: number) {
    return this.perEntry.get(entryId) ?? 0;
  }
}

export interface HitCounter {
  hit(entryId: number, visitor: string): Promise<HitData>;
  /** Folds the waiting marks now (also runs on the timer and on shutdown). */
  fold(): Promise<void>;
  close(): Promise<void>;
}

const registry = new WeakMap<Ctx, HitCounter>();
/** The app's hit counter, for tests that want a fold without waiting for the timer. */
export const hitCounterOf = (ctx: Ctx) => registry.get(ctx.root);

export function startHitCounter(ctx: Ctx): HitCounter {
  let pending = new Marks();
  let folding = new Marks();

  async function hit(entryId: number, visitor: string): Promise<HitData> {
    const day = dayNumber(ctx.now());
    const row = await q.entryHits(ctx.db, entryId, visitor, day);
    if (!row) throw notFound(messages.reactionEntryNotFound);
    const mark = { entryId, visitor, day };
    const isNew = !row.seen && !pending.has(mark) && !folding.has(mark);
    if (isNew) pending.add(mark);
    const value = row.hits_count + pending.count(entryId) + folding.count(entryId);
    if (isNew) ctx.events.emit('hit.counted', { entryId, value });
    return { details: { content_id: entryId, compact: compactCount(value) }, value, is_hited: isNew };
  }

  async function run() {
    folding = pending;
    pending = new Marks();
    const marks = [...folding.byKey.values()];
    try {
      for (let i = 0; i < marks.length; i += CHUNK) {
        try {
          await q.foldMarks(ctx.db, marks.slice(i, i + CHUNK));
        } catch (err) {
          // Nothing is lost: the unfolded marks wait for the next fold (a repeated mark counts once).
          marks.slice(i).forEach((m) => pending.add(m));
          throw err;
        }
      }
    } finally {
      folding = new Marks();
    }
  }

  let chain: Promise<void> = Promise.resolve();
  const fold = () => (chain = chain.then(run, run));

  const counter: HitCounter = {
    hit,
    fold,
    async close() {
      await fold();
    },
  };
  registry.set(ctx.root, counter);
  return counter;
}

/** One view of an entry, counted by the app's hit counter (started with the app, see routes.ts). */
export function hit(ctx: Ctx, entryId: number, visitor: string): Promise<HitData> {
  const counter = hitCounterOf(ctx);
  if (!counter) throw new Error('the hit counter is not started');
  return counter.hit(entryId, visitor);
}

/** Deletes day marks older than two days (a cluster task of the schedule: once per hour across all nodes). */
export async function deleteOldHitMarks(ctx: Ctx): Promise<void> {
  await q.deleteMarksBefore(ctx.db, dayNumber(ctx.now()) - KEEP_DAYS);
}
