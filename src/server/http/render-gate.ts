/**
 * At most `limit` holders at a time; the others wait in arrival order, each at most `waitMs` and at most `queue` of
 * them. Server page renders pass through one (`web.ts`): 50 renders at once finish no sooner than a few at a time,
 * and hold 50 renders' garbage meanwhile; a page that cannot get a place soon is refused rather than queued.
 */
export class RenderGate {
  #free: number;
  #waiting = new Set<() => void>();
  #waitMs: number;
  #queue: number;

  constructor(limit: number, { waitMs = Infinity, queue = Infinity } = {}) {
    this.#free = limit;
    this.#waitMs = waitMs;
    this.#queue = queue;
  }

  /** Holders waiting for a place now (tests and diagnostics). */
  get waiting() {
    return this.#waiting.size;
  }

  /**
   * Resolves with the function that gives the place back (calling it again does nothing), or with null when no
   * place came within the wait, the queue was full, or `signal` aborted (its client left) before one came.
   */
  async enter(signal?: AbortSignal): Promise<(() => void) | null> {
    if (signal?.aborted) return null;
    if (this.#free > 0) {
      this.#free--;
      return this.#leaver();
    }
    if (this.#waiting.size >= this.#queue) return null;
    const got = await new Promise<boolean>((resolve) => {
      const done = (result: boolean) => {
        this.#waiting.delete(granted);
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        resolve(result);
      };
      // Called with the place of a holder that left: it is this waiter's now.
      const granted = () => done(true);
      const abort = () => done(false);
      const timer = Number.isFinite(this.#waitMs) ? setTimeout(abort, this.#waitMs) : undefined;
      signal?.addEventListener('abort', abort, { once: true });
      this.#waiting.add(granted);
    });
    return got ? this.#leaver() : null;
  }

  #leaver() {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      // A Set iterates in insertion order: the longest waiter first.
      const next = this.#waiting.values().next();
      if (next.done) this.#free++;
      else next.value();
    };
  }
}
