/**
 * The wait before trying again: `ms`, cut short when the browser says it is online again; rejects when `signal` gives
 * the request up. Page navigation and lazily loaded widgets use it (1 s, doubled each try).
 */
export const pause = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const end = (error?: unknown) => {
      clearTimeout(timer);
      removeEventListener('online', done);
      signal?.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    };
    const done = () => end();
    const abort = () => end(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(done, ms);
    addEventListener('online', done);
    signal?.addEventListener('abort', abort);
  });
