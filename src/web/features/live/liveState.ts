import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../api/call.ts';
import type { initial as liveInitial } from '../../../shared/api/realtime.ts';
import { LIVE_BATCH_MS, LIVE_KEEP, channelName, type LiveItem } from '../../../shared/realtime.ts';
import { useChannel } from '../realtime/useChannel.ts';

/** Arrivals go on top, newest first; repeats (by hash) are dropped and only the last 20 are kept. */
export function mergeLive(items: LiveItem[], arrivals: LiveItem[]): LiveItem[] {
  const seen = new Set<string>();
  return [...[...arrivals].reverse(), ...items]
    .filter((i) => !seen.has(i.hash) && seen.add(i.hash))
    .slice(0, LIVE_KEEP);
}

/**
 * The live feed: `GET /live/initial`, then the `live` channel in batches of 1000 ms (spec/content.md §9).
 * `initial` is what the server rendered the page with (`/live`): shown at once, then refreshed the same way.
 */
export function useLiveFeed(initial?: LiveItem[]) {
  const [items, setItems] = useState<LiveItem[] | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  const waiting = useRef<LiveItem[]>([]);

  const load = useCallback(async () => {
    setFailed(false);
    const res = await call<typeof liveInitial>('GET /live/initial', {}, { notify: false, authRetry: false });
    if (res.ok) setItems((current) => mergeLive(res.data.items, [...(current ?? [])].reverse()));
    else setFailed(true);
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      if (!waiting.current.length) return;
      const batch = waiting.current;
      waiting.current = [];
      setItems((current) => mergeLive(current ?? [], batch));
    }, LIVE_BATCH_MS);
    return () => clearInterval(timer);
  }, [load]);

  useChannel<LiveItem>(channelName.live, (item) => {
    if (item && typeof item.hash === 'string' && typeof item.live_html === 'string') waiting.current.push(item);
    else console.warn('Live: unknown item', item);
  });

  return { items, failed, retry: load };
}
