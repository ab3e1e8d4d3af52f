import { useEffect, useRef, useState } from 'react';
import type { LiveStreamCard, play as playStream } from '../../../shared/api/livestreams.ts';
import type { liveToken as liveTokenCall, LiveToken } from '../../../shared/api/realtime.ts';
import { playersUi } from '../../../shared/catalogue/players.ts';
import type { LiveStreamState } from '../../../shared/livestreams.ts';
import { call } from '../../api/call.ts';
import { onAuthChange } from '../auth/session.ts';

const t = playersUi.live;
const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** The reader's live token while it holds (a day), forgotten when someone else signs in. */
let kept: LiveToken | null = null;
if (typeof window !== 'undefined') onAuthChange(() => (kept = null));

/**
 * A Plus reader's live token. Without one the request helper has already answered (spec/content.md §8): a visitor
 * got the sign-in dialog, a reader without Plus the Plus popup (rc 402), and the call repeats once they are done.
 */
async function liveToken(): Promise<string | null> {
  if (kept && kept.expires * 1000 > Date.now() + 60_000) return kept.token;
  const res = await call<typeof liveTokenCall>('GET /live/token/update', {}, { notify: false });
  if (!res.ok) return null;
  kept = res.data;
  return kept.token;
}

/** What to play, a refusal the popups have answered (null), or why it failed. */
async function source(stream: LiveStreamCard): Promise<{ kind: string; url: string } | null | string> {
  const token = stream.access === 'plus' ? await liveToken() : undefined;
  if (token === null) return null;
  const res = await call<typeof playStream>(
    'GET /liveStream/:id/play',
    { id: stream.id, ...(token ? { token } : {}) },
    { notify: false },
  );
  if (res.ok) return res.data;
  return res.rc === 401 || res.rc === 402 ? null : res.rm || t.failed;
}

/**
 * The live stream's player (loaded when a reader presses play): an HLS stream in our `<video>`, natively where the
 * browser plays HLS, else through hls.js (its light build, loaded here only); a VK Video or YouTube stream in the
 * service's player. `press` is the reader's last play or pause; the element's own state goes back up as `onState`.
 */
export default function Player({
  stream,
  press,
  onState,
  onStop,
}: {
  stream: LiveStreamCard;
  press: { play: boolean; at: number };
  onState(state: LiveStreamState): void;
  /** The player gives up: refused (message ''), or the stream failed (its message). */
  onStop(message: string): void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [found, setFound] = useState<{ kind: string; url: string } | null>(null);
  // The callbacks change with every render of the slot; the effects run once per stream.
  const callbacks = useRef({ onState, onStop });
  callbacks.current = { onState, onStop };

  useEffect(() => {
    let live = true;
    void source(stream).then((s) => {
      if (!live) return;
      if (s === null || typeof s === 'string') callbacks.current.onStop(s ?? '');
      else setFound(s);
    });
    return () => {
      live = false;
    };
  }, [stream]);

  const hlsUrl = found?.kind === 'hls' ? found.url : null;
  useEffect(() => {
    const el = video.current;
    if (!hlsUrl || !el) return;
    let gone = false;
    let destroy = () => {};
    if (el.canPlayType(HLS_TYPE)) {
      el.dataset.engine = 'native';
      el.src = hlsUrl;
    } else {
      el.dataset.engine = 'hls.js';
      void import('hls.js/light').then(({ default: Hls }) => {
        if (gone) return;
        if (!Hls.isSupported()) return callbacks.current.onStop(t.failed);
        const hls = new Hls();
        hls.on(Hls.Events.ERROR, (_event, data) => data.fatal && callbacks.current.onStop(t.failed));
        hls.loadSource(hlsUrl);
        hls.attachMedia(el);
        destroy = () => hls.destroy();
      });
    }
    return () => {
      gone = true;
      destroy();
      el.removeAttribute('src');
      el.load();
    };
  }, [hlsUrl]);

  // The element starts by itself (autoplay after the reader's press); later presses pause and resume it.
  useEffect(() => {
    const el = video.current;
    if (!el || !hlsUrl || el.readyState === 0) return;
    if (press.play) {
      // The browser's own HLS does not read a live playlist again after a pause: it would play what it had and stop.
      // Loading the source again starts at the live edge, as a live stream should resume.
      if (el.dataset.engine === 'native' && el.paused && el.currentTime > 0) el.load();
      el.play().catch(() => callbacks.current.onState('paused'));
    } else el.pause();
  }, [press, hlsUrl]);

  // Nothing shows until there is something to play: a refused reader sees the popups over the card alone.
  if (!found) return null;
  return (
    <div className="lstream__screen" data-testid="live-stream-screen">
      {hlsUrl ? (
        <video
          ref={video}
          autoPlay
          playsInline
          controls
          poster={stream.cover_url ?? undefined}
          aria-label={t.player(stream.title)}
          onPlaying={() => onState('playing')}
          onPause={() => onState('paused')}
          onError={() => onStop(t.failed)}
          data-testid="live-stream-video"
        />
      ) : (
        <iframe
          src={found.url}
          title={t.player(stream.title)}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          onLoad={() => onState('playing')}
          data-testid="live-stream-frame"
        />
      )}
    </div>
  );
}
