import { compactCount } from '../../../shared/format.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import type { Role } from '../../../shared/api.ts';
import type { EntryStats, HitData } from '../../../shared/api/hits.ts';
import type { Ctx } from '../../context.ts';
import type { Redis } from 'ioredis';
import { redisUp } from '../../lib/redis.ts';
import { notFound } from '../../lib/errors.ts';
import { entryFacts } from '../restrictions/index.ts';
import { assertCanSeeStats } from './policy.ts';
import * as q from './queries.ts';

/**
 * Views: one per reader per entry per UTC day (DESIGN.md, Ranking and counters). A hit only checks and
 * remembers its mark: in Redis when REDIS_URL is set (so the view outlives this process and any worker may fold it),
 * in this process's memory without Redis or while Redis is down. Every second (the `hits.fold` task, schedule.ts),
 * and on a clean shutdown, the marks are folded into `hit_marks` (which dedupes across nodes, restarts and repeated
 * folds) and the new ones into `entries.hits_count`: each process folds its memory, a worker also Redis.
 * Marks older than two days are deleted by the cluster task `hits.cleanup`.
 */
export const HIT_FOLD_INTERVAL_MS = 1000;
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

/**
 * Marks `{entryId}|{day}|{visitor}` in a Redis set, with the count per entry in a hash, both changed by one script:
 * adding tells whether the mark is new and how many of the entry's views wait; a fold reads a batch (it stays in
 * Redis while the database takes it, so a fold that dies halfway loses nothing: the next one repeats it and
 * `hit_marks` counts it once), then removes exactly what it stored.
 */
const ADD_SCRIPT = `
if ARGV[3] ~= '1' and redis.call('SADD', KEYS[1], ARGV[1]) == 1 then
  return {1, redis.call('HINCRBY', KEYS[2], ARGV[2], 1)}
end
return {0, tonumber(redis.call('HGET', KEYS[2], ARGV[2]) or '0')}`;
const DONE_SCRIPT = `
for i = 1, #ARGV, 2 do
  if redis.call('SREM', KEYS[1], ARGV[i]) == 1 and redis.call('HINCRBY', KEYS[2], ARGV[i + 1], -1) <= 0 then
    redis.call('HDEL', KEYS[2], ARGV[i + 1])
  end
end
return 0`;

type SharedMarksClient = Redis & {
  sredaHitAdd(set: string, counts: string, mark: string, entryId: number, seen: string): Promise<[number, number]>;
  sredaHitDone(set: string, counts: string, ...args: (string | number)[]): Promise<number>;
};

function sharedMarks(redis: Redis, prefix: string) {
  if (!('sredaHitAdd' in redis)) {
    redis.defineCommand('sredaHitAdd', { numberOfKeys: 2, lua: ADD_SCRIPT });
    redis.defineCommand('sredaHitDone', { numberOfKeys: 2, lua: DONE_SCRIPT });
  }
  const r = redis as SharedMarksClient;
  const set = `${prefix}hits:pending`;
  const counts = `${prefix}hits:counts`;
  const encode = (m: q.Mark) => `${m.entryId}|${m.day}|${m.visitor}`;
  const decode = (s: string): q.Mark => {
    const [entryId, day] = s.split('|', 2);
    return { entryId: Number(entryId), day: Number(day), visitor: s.slice(entryId.length + day.length + 2) };
  };
  return {
    /** Adds the mark unless `seen` (already stored); answers whether it was new and how many views of the entry wait. */
    async add(m: q.Mark, seen: boolean) {
      const [added, waiting] = await r.sredaHitAdd(set, counts, encode(m), m.entryId, seen ? '1' : '0');
      return { added: added === 1, waiting: Number(waiting) };
    },
    async peek(max: number): Promise<q.Mark[]> {
      return (await r.srandmember(set, max)).map(decode);
    },
    async done(marks: q.Mark[]) {
      if (marks.length) await r.sredaHitDone(set, counts, ...marks.flatMap((m) => [encode(m), m.entryId]));
    },
  };
}

export function startHitCounter(ctx: Ctx): HitCounter {
  let pending = new Marks();
  let folding = new Marks();
  /**
   * Page views for the entries' statistics (`entry_stats.views`): every counted call, a reader's repeats included,
   * by `{entryId}|{day}`. Always this process's own (a lost second of them is a statistic, not a counter).
   */
  let views = new Map<string, number>();
  const redis = ctx.redis;
  const shared = redis ? sharedMarks(redis, `sreda:${ctx.config.redisNamespace}`) : null;
  /** Views in Redis are everyone's: workers fold them. Each process folds the views it holds itself. */
  const foldsShared = ctx.config.roles.includes('worker');

  /** One batch of marks, stored and counted in one transaction (queries.ts foldMarks: its lock order). */
  const store = (marks: q.Mark[]) => ctx.db.transaction((tx) => q.foldMarks(tx, marks));

  async function hit(entryId: number, visitor: string): Promise<HitData> {
    const day = dayNumber(ctx.now());
    const row = await q.entryHits(ctx.db, entryId, visitor, day);
    if (!row) throw notFound(messages.reactionEntryNotFound);
    const viewKey = `${entryId}|${day}`;
    views.set(viewKey, (views.get(viewKey) ?? 0) + 1);
    const mark = { entryId, visitor, day };
    const heldHere = pending.has(mark) || folding.has(mark);
    let isNew: boolean | null = null;
    let waiting = 0;
    if (shared && redisUp(redis)) {
      try {
        const answer = await shared.add(mark, row.seen || heldHere);
        isNew = answer.added;
        waiting = answer.waiting;
      } catch {
        // Redis failed this once: the view waits in this process and is folded here.
      }
    }
    if (isNew === null) {
      isNew = !row.seen && !heldHere;
      if (isNew) pending.add(mark);
    }
    const value = row.hits_count + waiting + pending.count(entryId) + folding.count(entryId);
    if (isNew) ctx.events.emit('hit.counted', { entryId, value });
    return { details: { content_id: entryId, compact: compactCount(value) }, value, is_hited: isNew };
  }

  /** Views waiting in Redis, batch by batch; while Redis is down they wait there for its return. */
  async function runShared() {
    if (!shared || !foldsShared || !redisUp(redis)) return;
    for (;;) {
      const marks = await shared.peek(CHUNK);
      if (!marks.length) return;
      await store(marks);
      await shared.done(marks);
      if (marks.length < CHUNK) return;
    }
  }

  async function runViews() {
    const batch = views;
    views = new Map();
    const list = [...batch].map(([key, n]) => {
      const [entryId, day] = key.split('|').map(Number);
      return { entryId, day, n };
    });
    let i = 0;
    try {
      for (; i < list.length; i += CHUNK) await q.addViews(ctx.db, list.slice(i, i + CHUNK));
    } catch (err) {
      // The chunks not stored wait for the next fold.
      for (const v of list.slice(i))
        views.set(`${v.entryId}|${v.day}`, (views.get(`${v.entryId}|${v.day}`) ?? 0) + v.n);
      throw err;
    }
  }

  async function runLocal() {
    await runViews();
    folding = pending;
    pending = new Marks();
    const marks = [...folding.byKey.values()];
    try {
      for (let i = 0; i < marks.length; i += CHUNK) {
        try {
          await store(marks.slice(i, i + CHUNK));
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

  async function run() {
    await runLocal();
    await runShared();
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

const STAT_KEYS = ['views', 'readers', 'votes', 'comments'] as const;
const MIN_CHART_DAYS = 7;

/**
 * `GET /content/stats/{id}`: the entry's days from its publication (a week at least), at most `days` of them up to
 * today, with zeros for quiet days; its author and staff.
 */
export async function entryStats(
  ctx: Ctx,
  actor: { id: number; role: Role },
  id: number,
  days: number,
): Promise<EntryStats> {
  const entry = await entryFacts(ctx, id);
  if (!entry || entry.removed) throw notFound(messages.entryNotFound);
  assertCanSeeStats(actor, entry);
  const today = dayNumber(ctx.now());
  // From the publication on, but a week at least, so a new entry's chart has a line to draw.
  const published = entry.published_at ? dayNumber(entry.published_at) : today;
  const from = Math.max(today - days + 1, Math.min(published, today - MIN_CHART_DAYS + 1));
  const length = today - from + 1;
  const values = Object.fromEntries(STAT_KEYS.map((k) => [k, new Array<number>(length).fill(0)])) as Record<
    (typeof STAT_KEYS)[number],
    number[]
  >;
  for (const r of await q.statsDays(ctx.db, id, from))
    if (r.day <= today) for (const k of STAT_KEYS) values[k][r.day - from] = r[k];
  const t = ui.discovery.stats;
  const labels = { views: t.views, readers: t.readers, votes: t.likes, comments: t.comments };
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  return {
    days: Array.from({ length }, (_, i) => (from + i) * 86_400),
    series: STAT_KEYS.map((k) => ({ key: k, label: labels[k], values: values[k] })),
    totals: {
      views: sum(values.views),
      readers: sum(values.readers),
      votes: sum(values.votes),
      comments: sum(values.comments),
    },
  };
}

/** Deletes day marks older than two days (a cluster task of the schedule: once per hour across all nodes). */
export async function deleteOldHitMarks(ctx: Ctx): Promise<void> {
  await q.deleteMarksBefore(ctx.db, dayNumber(ctx.now()) - KEEP_DAYS);
}
