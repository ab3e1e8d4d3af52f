/**
 * A small in-process cache with a time to live and a size bound, that also shares one computation
 * among the requests that miss at the same moment (50 readers arriving together run one query).
 */
export class TtlCache<V> {
  #entries = new Map<string, { until: number; value: Promise<V> }>();
  #ttlMs: number;
  #max: number;
  #now: () => Date;

  constructor(ttlMs: number, max: number, now: () => Date) {
    this.#ttlMs = ttlMs;
    this.#max = max;
    this.#now = now;
  }

  /** Drops a key at once: a change this node made must not wait for the time to live. */
  delete(key: string) {
    this.#entries.delete(key);
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = this.#now().getTime();
    const hit = this.#entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = compute();
    this.#entries.delete(key);
    this.#entries.set(key, { until: now + this.#ttlMs, value });
    // A failure is not kept: the next request tries again.
    value.catch(() => this.#entries.get(key)?.value === value && this.#entries.delete(key));
    // Map order is insertion order: the oldest entries go first.
    for (const k of this.#entries.keys()) {
      if (this.#entries.size <= this.#max) break;
      this.#entries.delete(k);
    }
    return value;
  }
}

/**
 * One cache per app (per `ctx`) for what anonymous readers share. Used only with NODE_ENV=production:
 * development and tests always read live.
 */
export function perAppCache<V>(ttlMs: number, max: number): (ctx: { root: object; now: () => Date }) => TtlCache<V> {
  const caches = new WeakMap<object, TtlCache<V>>();
  return (ctx) => {
    let cache = caches.get(ctx.root);
    if (!cache) caches.set(ctx.root, (cache = new TtlCache<V>(ttlMs, max, ctx.now)));
    return cache;
  };
}
