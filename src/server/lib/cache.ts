/** How much a cache may hold: `entries` keys and about `bytes` of values (as measured by `sizeOf`). */
export interface CacheBounds {
  /** Keys; a bare number given as bounds means this, with DEFAULT_CACHE_BYTES. */
  entries: number;
  bytes: number;
  /** A value's size in bytes; by default its JSON text (a string's own length), two bytes a character. */
  sizeOf?: (value: unknown) => number;
}

/** The byte budget of a cache declared by its key count alone. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

/** What a value costs in memory, roughly: V8 keeps most strings at one or two bytes a character. */
export const defaultSizeOf = (value: unknown) =>
  2 * (typeof value === 'string' ? value.length : (JSON.stringify(value) ?? '').length);

interface Slot<V> {
  until: number;
  value: Promise<V>;
  /** Known once the value has resolved; 0 until then. */
  bytes: number;
  /** The value has resolved (it may be served stale while its successor is computed). */
  ready?: boolean;
  /** Its successor is being computed. */
  refreshing?: boolean;
}

/**
 * A small in-process cache with a time to live, bounded by keys and by bytes, that also shares one computation
 * among the requests that miss at the same moment (50 readers arriving together run one query). Expired values
 * are dropped as new ones come in, so what stays in memory is only what may still be served.
 */
export class TtlCache<V> {
  #entries = new Map<string, Slot<V>>();
  #bytes = 0;
  #ttlMs: number;
  #bounds: Required<CacheBounds>;
  #now: () => Date;
  #staleMs: number;
  /** With `grouped`: the keys of each reader, the part of a key before its first space (`deleteGroup`). */
  #groups: Map<string, Set<string>> | null;
  /** Reads answered from memory (a stale value served while its successor is computed counts as one) and not. */
  hits = 0;
  misses = 0;

  /**
   * With `staleMs`, a value up to that long past its time to live is still served, once, while its successor is
   * computed in the background: the readers who ask at the moment it expires do not all wait for the computation.
   */
  constructor(ttlMs: number, bounds: CacheBounds | number, now: () => Date, { staleMs = 0, grouped = false } = {}) {
    this.#ttlMs = ttlMs;
    this.#staleMs = staleMs;
    this.#groups = grouped ? new Map() : null;
    this.#bounds = {
      sizeOf: defaultSizeOf,
      ...(typeof bounds === 'number' ? { entries: bounds, bytes: DEFAULT_CACHE_BYTES } : bounds),
    };
    this.#now = now;
  }

  /** Keys and bytes held now (tests and diagnostics). */
  get size() {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  /** Whether a live (not expired) value or computation is held for the key. */
  has(key: string): boolean {
    const slot = this.#entries.get(key);
    return slot !== undefined && slot.until > this.#now().getTime();
  }

  /** Drops a key at once: a change this node made must not wait for the time to live. */
  delete(key: string) {
    const slot = this.#entries.get(key);
    if (!slot) return;
    this.#entries.delete(key);
    this.#bytes -= slot.bytes;
    if (!this.#groups) return;
    const group = this.#groups.get(groupOf(key));
    group?.delete(key);
    if (group?.size === 0) this.#groups.delete(groupOf(key));
  }

  /** Drops every key of one group (`grouped` caches): the keys that are `group` or start with `group` and a space. */
  deleteGroup(group: string) {
    for (const key of this.#groups?.get(group) ?? []) this.delete(key);
  }

  /** Drops every key (a change that may show anywhere in what the cache holds). */
  clear() {
    this.#entries.clear();
    this.#groups?.clear();
    this.#bytes = 0;
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = this.#now().getTime();
    const hit = this.#entries.get(key);
    if (hit && hit.until > now) {
      this.hits++;
      return hit.value;
    }
    if (hit?.ready && hit.until + this.#staleMs > now) {
      this.hits++;
      if (!hit.refreshing) this.#refresh(key, hit, compute);
      return hit.value;
    }
    this.misses++;
    this.delete(key);
    const value = compute();
    this.#keep(key, { until: now + this.#ttlMs, value, bytes: 0 });
    this.#trim(now);
    return value;
  }

  /** Computes the successor of a stale slot, which is served meanwhile and replaced once the new value is there. */
  #refresh(key: string, stale: Slot<V>, compute: () => Promise<V>) {
    stale.refreshing = true;
    compute().then(
      (v) => {
        // Dropped meanwhile (a change cleared it): a newer computation may hold the key, or none yet.
        if (this.#entries.get(key) !== stale) return;
        this.delete(key);
        this.#keep(key, { until: this.#now().getTime() + this.#ttlMs, value: Promise.resolve(v), bytes: 0 });
      },
      // The stale value is not served again: the next request computes in the open and sees the failure.
      () => this.#entries.get(key) === stale && this.delete(key),
    );
  }

  #keep(key: string, slot: Slot<V>) {
    this.#entries.set(key, slot);
    if (this.#groups) {
      const group = this.#groups.get(groupOf(key));
      if (group) group.add(key);
      else this.#groups.set(groupOf(key), new Set([key]));
    }
    slot.value.then(
      (v) => {
        // Dropped or replaced meanwhile (a change cleared it): nothing to count.
        if (this.#entries.get(key) !== slot) return;
        slot.ready = true;
        slot.bytes = this.#bounds.sizeOf(v);
        this.#bytes += slot.bytes;
        this.#trim(this.#now().getTime());
      },
      // A failure is not kept: the next request tries again.
      () => this.#entries.get(key) === slot && this.delete(key),
    );
  }

  /** Map order is insertion order: expired and then the oldest entries go first, until both bounds hold. */
  #trim(now: number) {
    for (const [k, slot] of this.#entries) {
      const over = this.#entries.size > this.#bounds.entries || this.#bytes > this.#bounds.bytes;
      if (!over && slot.until + this.#staleMs > now) break;
      this.delete(k);
    }
  }
}

const groupOf = (key: string) => {
  const space = key.indexOf(' ');
  return space < 0 ? key : key.slice(0, space);
};

type AppCtx = { root: object; now: () => Date };

/** Every shared cache an app made, by name: the metrics read their hits and misses (http/metrics.ts). */
const named = new WeakMap<object, Map<string, TtlCache<unknown>>>();

/** The app's shared caches by name (those made so far: a cache is made on its first use). */
export const sharedCachesOf = (ctx: { root: object }): ReadonlyMap<string, TtlCache<unknown>> =>
  named.get(ctx.root) ?? new Map();

/** Caches of what readers see on pages, per app: a write this node answers drops them (`dropPageCaches`). */
const pageCaches = new WeakMap<object, { shared: Set<TtlCache<unknown>>; perReader: Set<TtlCache<unknown>> }>();

/**
 * One cache per app (per `ctx`) for what readers see. Used only with NODE_ENV=production: development and tests
 * always read live. With `dropOnWrite: true`, any write this node answers empties it at once; with
 * `dropOnWrite: 'reader'` its keys are a reader's id (then a space and the rest), and a reader's write drops only
 * that reader's keys (a write by no one, a job's, drops all). With `staleMs`, an expired value is served while its
 * successor is computed (TtlCache). `name` labels its hit ratio in the metrics (`sreda_cache_hit_ratio{cache}`).
 */
export function perAppCache<V>(
  name: string,
  ttlMs: number,
  bounds: CacheBounds | number,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- it widens the default's type
  { dropOnWrite = false as boolean | 'reader', staleMs = 0 } = {},
): (ctx: AppCtx) => TtlCache<V> {
  const caches = new WeakMap<object, TtlCache<V>>();
  return (ctx) => {
    let cache = caches.get(ctx.root);
    if (!cache) {
      const grouped = dropOnWrite === 'reader';
      caches.set(ctx.root, (cache = new TtlCache<V>(ttlMs, bounds, ctx.now, { staleMs, grouped })));
      const names = named.get(ctx.root) ?? new Map<string, TtlCache<unknown>>();
      named.set(ctx.root, names);
      names.set(name, cache);
      if (dropOnWrite) {
        const sets = pageCaches.get(ctx.root) ?? { shared: new Set(), perReader: new Set() };
        pageCaches.set(ctx.root, sets);
        (grouped ? sets.perReader : sets.shared).add(cache);
      }
    }
    return cache;
  };
}

/**
 * After a write this node answered: the shared copies of pages and feeds must not show the old state, nor the
 * writer's own (`readerId`; null: a write by no one, which may concern any reader).
 */
export function dropPageCaches(ctx: { root: object }, readerId: number | null) {
  const sets = pageCaches.get(ctx.root);
  if (!sets) return;
  for (const cache of sets.shared) cache.clear();
  for (const cache of sets.perReader) {
    if (readerId === null) cache.clear();
    else cache.deleteGroup(String(readerId));
  }
}
