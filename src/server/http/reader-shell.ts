import type { Ctx } from '../context.ts';
import type { UserRow } from '../modules/auth/index.ts';
import { SESSION_CACHE_MS } from '../modules/auth/service.ts';
import { perAppCache } from '../lib/cache.ts';

/** A value read for one reader, good while the session row it was read with is the current one. */
interface Kept {
  row: UserRow;
  value: unknown;
}

const shellCache = perAppCache<Kept>(
  'pages.reader_shell',
  SESSION_CACHE_MS,
  {
    entries: 100_000,
    bytes: 32 * 1024 * 1024,
    sizeOf: (kept) => 64 + (JSON.stringify((kept as Kept).value)?.length ?? 0),
  },
  { dropOnWrite: 'reader' },
);

/**
 * What every page's shell reads for a signed-in reader (the presented user, the unread counts, the sidebar's
 * communities, the saved sorting, the banner): ~10 statements a page, the same on every page of a visit. In
 * production it is kept with the session row it was read for: that row is one object per node for
 * `SESSION_CACHE_MS` and any write this node answers replaces it (the session cache drops on every write), so a value
 * serves only while its row is the current one — the reader's own write, a ban, a sign-out, a message or a
 * notification written through this node show on the next page; through another node or a job within the session's
 * few seconds, as the session itself. Outside production every request reads live.
 */
export function keptForReader<T>(ctx: Ctx, user: UserRow | null, name: string, read: () => Promise<T>): Promise<T> {
  if (!user || !ctx.config.sharedCaches) return read();
  const cache = shellCache(ctx);
  const key = `${user.id} ${name}`;
  const compute = async (): Promise<Kept> => ({ row: user, value: await read() });
  const hit = cache.get(key, compute);
  return hit.then((kept) => {
    if (kept.row === user) return kept.value as T;
    // Read with an older (or another device's) session row: this request reads its own.
    cache.delete(key);
    return cache.get(key, compute).then((again) => again.value as T);
  });
}
