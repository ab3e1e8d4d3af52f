import type pg from 'pg';

/**
 * Read replicas (DATABASE_REPLICA_URLS): streaming standbys of the primary that serve the reads a request may take a
 * few seconds stale (feeds, pages, search, counts, exports: `ctx.read`). Each is checked every `checkMs`: it answers,
 * and how far behind the primary it is, in bytes of WAL and in milliseconds. A replica that does not answer, lags
 * past `maxLagMs` or has not been checked lately is skipped until a check finds it well again; a read that fails on
 * one for a lost connection (or a conflict with recovery) is run again on the primary and the replica is marked down
 * at once, so a replica going away costs no request.
 *
 * The lag in time: every check notes the primary's WAL position with the time; a replica's lag is the age of the
 * oldest noted position it has not replayed yet (0 when it has replayed the last one). It reads at most `checkMs`
 * low, never high from clock skew: every time is this node's own.
 */
export interface ReplicaSettings {
  maxLagMs: number;
  checkMs: number;
}

export interface ReplicaState {
  /** host:port/database of the replica (never its credentials). */
  name: string;
  state: 'ok' | 'lagging' | 'down';
  lagMs: number | null;
  lagBytes: number | null;
}

interface Replica<Db> {
  name: string;
  pool: pg.Pool;
  db: Db;
  up: boolean;
  lagMs: number | null;
  lagBytes: number | null;
  checkedAt: number;
  /** The pool's own query, without the fall back to the primary. */
  check: (...args: unknown[]) => Promise<unknown>;
}

/** Errors after which the same read may be run on the primary: the replica went away or cancelled it. */
const RETRY_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  // canceling statement due to conflict with recovery
  '40001',
]);
const retryable = (err: unknown) => {
  const e = err as { code?: string; message?: string };
  return (
    (e.code !== undefined && RETRY_CODES.has(e.code)) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      e.message ?? '',
    )
  );
};

/** `16/B374D848` → a number of bytes (exact below 2^53: 8 PB of WAL). */
export const lsnBytes = (lsn: string): number => {
  const [hi, lo] = lsn.split('/');
  return parseInt(hi, 16) * 2 ** 32 + parseInt(lo, 16);
};

const nameOf = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
};

/** `Db` is the drizzle handle (db/index.ts), a parameter here so this file stands apart from the schema. */
export class Replicas<Db = unknown> {
  readonly settings: ReplicaSettings;
  /** How long a reader's own write sends their reads to the primary (see docs/ARCHITECTURE.md, read replicas). */
  readonly stickyMs: number;
  /** A replica whose last good check is older than this is not used (checks stalled: its lag is unknown). */
  readonly staleMs: number;
  #list: Replica<Db>[] = [];
  #primary: pg.Pool;
  #marks: { t: number; lsn: number }[] = [];
  #next = 0;
  #timer: NodeJS.Timeout | null = null;
  #checking: Promise<void> | null = null;

  constructor(primary: pg.Pool, settings: ReplicaSettings) {
    this.#primary = primary;
    this.settings = settings;
    this.staleMs = Math.max(3 * settings.checkMs, 2000);
    // A replica in use was checked within `staleMs` and then lagged at most `maxLagMs` (measured up to `checkMs` low):
    // it has replayed every commit older than their sum.
    this.stickyMs = settings.maxLagMs + settings.checkMs + this.staleMs;
  }

  /** Opens a pool per replica whose failed reads fall back to the primary. */
  static async open<Db>(
    pgModule: typeof pg,
    makeDb: (pool: pg.Pool) => Db,
    primary: pg.Pool,
    urls: string[],
    settings: ReplicaSettings,
    onError?: (err: Error) => void,
  ): Promise<Replicas<Db>> {
    const set = new Replicas<Db>(primary, settings);
    for (const url of urls) {
      const pool = new pgModule.Pool({
        connectionString: url,
        max: 10,
        application_name: 'sreda-replica-read',
        connectionTimeoutMillis: 2000,
      });
      pool.on('error', (err) => onError?.(err));
      const replica: Replica<Db> = {
        name: nameOf(url),
        pool,
        db: null as unknown as Db,
        up: false,
        lagMs: null,
        lagBytes: null,
        checkedAt: 0,
        check: () => Promise.resolve(),
      };
      // The pool drizzle reads through: a lost replica's read runs again on the primary. Checks use the pool's own.
      const own = pgModule.Pool.prototype.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
      replica.check = own;
      pool.query = (async (...args: unknown[]) => {
        try {
          return await own(...args);
        } catch (err) {
          if (!retryable(err)) throw err;
          replica.up = false;
          return (primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
        }
      }) as typeof pool.query;
      replica.db = makeDb(pool);
      set.#list.push(replica);
    }
    await set.check();
    set.#timer = setInterval(() => void set.check(), settings.checkMs);
    set.#timer.unref();
    return set;
  }

  /** A replica to read from now (round robin among the well ones), or null: read from the primary. */
  pick(): Db | null {
    const now = Date.now();
    const n = this.#list.length;
    for (let i = 0; i < n; i++) {
      const r = this.#list[(this.#next + i) % n];
      if (this.#usable(r, now)) {
        this.#next = (this.#next + i + 1) % n;
        return r.db;
      }
    }
    return null;
  }

  #usable(r: Replica<Db>, now: number) {
    return r.up && r.lagMs !== null && r.lagMs <= this.settings.maxLagMs && now - r.checkedAt <= this.staleMs;
  }

  states(): ReplicaState[] {
    const now = Date.now();
    return this.#list.map((r) => ({
      name: r.name,
      state: !r.up ? 'down' : this.#usable(r, now) ? 'ok' : 'lagging',
      lagMs: r.up ? r.lagMs : null,
      lagBytes: r.up ? r.lagBytes : null,
    }));
  }

  /** One round of checks (also run every `checkMs`); overlapping calls share it. */
  check(): Promise<void> {
    this.#checking ??= this.#checkAll().finally(() => (this.#checking = null));
    return this.#checking;
  }

  async #checkAll() {
    try {
      const res = await this.#primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const t = Date.now();
      this.#marks.push({ t, lsn: lsnBytes(res.rows[0].lsn) });
      // Enough history to measure lags well past the bound.
      while (this.#marks.length > 2 && this.#marks[0].t < t - 10 * this.settings.maxLagMs - 60_000) this.#marks.shift();
    } catch {
      // The primary is down: the replicas' lag cannot be measured; their last states stand until they go stale.
      return;
    }
    const head = this.#marks[this.#marks.length - 1].lsn;
    await Promise.all(this.#list.map((r) => this.#checkOne(r, head)));
  }

  async #checkOne(r: Replica<Db>, head: number) {
    try {
      const res = (await r.check('select pg_last_wal_replay_lsn()::text as replayed')) as {
        rows: { replayed: string | null }[];
      };
      const replayed = res.rows[0].replayed;
      // Not in recovery (promoted, or not a standby at all): nothing to wait for.
      const at = replayed === null ? head : lsnBytes(replayed);
      const behind = this.#marks.find((m) => m.lsn > at);
      r.lagBytes = Math.max(0, head - at);
      r.lagMs = behind ? Date.now() - behind.t : 0;
      r.up = true;
      r.checkedAt = Date.now();
    } catch {
      r.up = false;
      r.lagMs = null;
      r.lagBytes = null;
    }
  }

  async close() {
    if (this.#timer) clearInterval(this.#timer);
    await this.#checking;
    await Promise.all(this.#list.map((r) => r.pool.end().catch(() => {})));
  }
}
