import type { Redis } from 'ioredis';
import type { ReactionTarget } from '../../../shared/reactions.ts';
import type { Ctx } from '../../context.ts';
import { redisUp } from '../../lib/redis.ts';
import { lockInOrder } from '../../db/locks.ts';
import { dayNumber } from '../hits/service.ts';
import * as q from './queries.ts';
import { userWrites } from '../users/index.ts';
import * as hitsQueries from '../hits/index.ts';

/**
 * Vote counters on entries and comments and the authors' ratings are folded in batches (DESIGN.md, Ranking and
 * counters): a vote only marks its target dirty, and about once a second a fold recounts the dirty targets from
 * the likes table in one transaction. A viral entry's row is written once per fold, not once per vote, and a fold
 * is a recount, not a sum of deltas, so it is idempotent: folding twice, on two nodes, or after a lost mark
 * (a crash) never makes a counter drift; the next vote on the target heals it.
 * Dirty marks live in a Redis set shared by every node when REDIS_URL is set, and in this process's memory without
 * Redis or while it is down (a mark Redis refuses is kept here). The `votes.fold` task (schedule.ts) folds them:
 * every process its own memory, a worker also the Redis set. A new or removed comment marks its entry too: the fold
 * also recounts the entries' votes and comments of the day for their statistics (`entry_stats`).
 */
export const VOTE_FOLD_INTERVAL_MS = 1000;
const BATCH = 500;

interface DirtyMarks {
  add(keys: string[]): Promise<void>;
  take(max: number): Promise<string[]>;
}

function memoryMarks(): DirtyMarks {
  const set = new Set<string>();
  return {
    async add(keys) {
      keys.forEach((k) => set.add(k));
    },
    async take(max) {
      const out: string[] = [];
      for (const k of set) {
        if (out.length >= max) break;
        out.push(k);
        set.delete(k);
      }
      return out;
    },
  };
}

function redisMarks(redis: Redis, key: string): DirtyMarks {
  return {
    async add(keys) {
      if (keys.length) await redis.sadd(key, ...keys);
    },
    async take(max) {
      return (await redis.spop(key, max)) ?? [];
    },
  };
}

export interface VoteCounters {
  /** Marks a target whose votes changed; its counters catch up at the next fold. */
  mark(type: ReactionTarget, id: number): Promise<void>;
  /** Folds every dirty target now (also runs on the timer and on shutdown). */
  fold(): Promise<void>;
  close(): Promise<void>;
}

/** Recomputes an entry's stored ranking after its votes changed (feed/ranking.ts). */
type EntryRefresher = (ctx: Pick<Ctx, 'db'>, entryId: number) => Promise<unknown>;

const registry = new WeakMap<Ctx, VoteCounters>();
/** The app's vote counters, for tests that want a fold without waiting for the timer. */
export const voteCountersOf = (ctx: Ctx) => registry.get(ctx.root);

export function startVoteCounters(ctx: Ctx, refreshEntry: EntryRefresher): VoteCounters {
  const local = memoryMarks();
  const redis = ctx.redis;
  const shared = redis ? redisMarks(redis, `sreda:${ctx.config.redisNamespace}votes:dirty`) : null;
  /** The Redis set is everyone's: workers fold it. Each process folds the marks it holds itself. */
  const foldsShared = ctx.config.roles.includes('worker');

  async function foldBatch(marks: DirtyMarks): Promise<number> {
    const keys = await marks.take(BATCH);
    if (!keys.length) return 0;
    const ids = { content: [] as number[], comment: [] as number[] };
    for (const k of keys) {
      const [type, id] = k.split(':');
      if (type === 'content' || type === 'comment') ids[type].push(Number(id));
    }
    try {
      await ctx.db.transaction(async (tx) => {
        // Rows in one order across every fold (db/locks.ts): comments, then entries, each by id.
        await lockInOrder(tx, 'comments', ids.comment);
        await lockInOrder(tx, 'entries', ids.content);
        const entries = await q.recountTargets(
          tx,
          'content',
          ids.content.sort((a, b) => a - b),
        );
        const comments = await q.recountTargets(
          tx,
          'comment',
          ids.comment.sort((a, b) => a - b),
        );
        const authors = [...new Set([...entries, ...comments].map((r) => r.author_id))].sort((a, b) => a - b);
        await userWrites.recountRatings(tx, authors);
        for (const e of entries) await refreshEntry({ db: tx }, e.id);
        // The statistics popup's votes and comments of today (and yesterday, for the marks of its last second).
        const today = dayNumber(ctx.now());
        await hitsQueries.recountDayStats(tx, ids.content, [today - 1, today]);
      });
    } catch (err) {
      // Keep the marks for the next fold (here, if Redis cannot take them back); a recount can be repeated safely.
      await marks.add(keys).catch(() => local.add(keys));
      throw err;
    }
    return keys.length;
  }

  let chain: Promise<void> = Promise.resolve();
  const fold = () => {
    const run = async () => {
      while ((await foldBatch(local)) === BATCH) {
        /* more waiting */
      }
      // Redis down: its marks wait there for its return, nothing to do meanwhile.
      if (shared && foldsShared && redisUp(redis))
        while ((await foldBatch(shared)) === BATCH) {
          /* more waiting */
        }
    };
    chain = chain.then(run, run);
    return chain;
  };

  const counters: VoteCounters = {
    async mark(type, id) {
      const key = `${type}:${id}`;
      if (shared && redisUp(redis)) {
        try {
          await shared.add([key]);
          return;
        } catch {
          // Redis failed this once: the mark stays in this process and is folded here.
        }
      }
      await local.add([key]);
    },
    fold,
    async close() {
      await fold();
    },
  };
  registry.set(ctx.root, counters);
  return counters;
}
