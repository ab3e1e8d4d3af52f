/**
 * At most `limit` holders at a time; the others wait in arrival order. Server page renders pass through one
 * (`web.ts`): 50 renders at once finish no sooner than a few at a time, and hold 50 renders' garbage meanwhile.
 */
export class RenderGate {
  #free: number;
  #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#free = limit;
  }

  /** Resolves once there is a place, with the function that gives it back (calling it again does nothing). */
  async enter(): Promise<() => void> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    };
  }
}
