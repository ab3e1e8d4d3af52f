import { useEffect, useRef } from 'react';
import { Realtime } from './client.ts';
import { SOCKET_PATH } from '../../../shared/realtime.ts';

let shared: Realtime | null = null;

/** The page's one connection, to the same origin (created on first use, in the browser only). */
export function realtime(): Realtime {
  if (!shared) {
    shared = new Realtime(location.origin + SOCKET_PATH);
    // `html[data-realtime=connected]`: styles and browser tests can tell the page is live.
    shared.onStatus = (connected) => (document.documentElement.dataset.realtime = connected ? 'connected' : 'offline');
  }
  return shared;
}

/**
 * Listens to a channel while the component is mounted (null: not now). The handlers may change freely; `joined`
 * runs each time the server accepts the channel (see `Realtime.channel().on`).
 */
export function useChannel<T>(name: string | null, handler: (data: T) => void, joined?: () => void) {
  const latest = useRef({ handler, joined });
  useEffect(() => {
    latest.current = { handler, joined };
  });
  const wantsJoined = Boolean(joined);
  useEffect(() => {
    if (!name) return;
    return realtime()
      .channel(name)
      .on((data) => latest.current.handler(data as T), wantsJoined ? () => latest.current.joined?.() : undefined);
  }, [name, wantsJoined]);
}
