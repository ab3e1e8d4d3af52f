import { useEffect, useRef, useState } from 'react';
import type { BlockOf } from '../../../shared/blocks.ts';
import { entriesShownUi } from '../../../shared/catalogue/shown.ts';
import { playersUi } from '../../../shared/catalogue/players.ts';
import { formatTimecode } from '../../../shared/format.ts';
import { mediaUrl } from '../../../shared/media.ts';
import { videoEmbedUrl } from '../../../shared/video.ts';
import { mediaBaseUrl } from '../../lib/media.ts';
import { useMounted } from '../../ui/overlays/store.ts';
import { arrange, isTouch, register, startedByHand, type PageVideo } from './registry.ts';

type VideoData = BlockOf<'video'>['data'];
export type VideoState = 'deactivated' | 'loading' | 'playing' | 'paused';
/** An iframe embed by itself: loaded once within 1000 px of the viewport when it plays when visible (§9). */
type EmbedState = 'deactivated' | 'loading' | 'loaded';

const IFRAME_LAZY_OFFSET = 1000;
const THRESHOLDS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
const safeUrl = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u : undefined);

/**
 * A video block (loaded only where one is): an uploaded mp4 in our `<video>`, or a service's player in an iframe.
 * States deactivated → loading → playing ⇄ paused; pausing an iframe video removes it (deactivated again).
 */
export default function VideoBlock({ data }: { data: VideoData }) {
  const [state, setState] = useState<VideoState>('deactivated');
  const [embed, setEmbed] = useState<EmbedState>('deactivated');
  const root = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const entry = useRef<PageVideo | null>(null);
  // Whether it is meant to play, set at once on every play and pause (the state follows a render and the element's
  // events later): a pause asked while the mp4 was still loading would otherwise be lost and two videos play, or a
  // play asked just after a pause be taken for one already under way and none play.
  const want = useRef(false);
  const [asked, setAsked] = useState(0);
  const isMp4 = Boolean(data.mp4);
  // The server draws the preview; until this code has taken it over, a press would be lost, so the button waits.
  const live = useMounted();

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    // A play mode other than click or visible is click; touch devices always get click (§5).
    const autoplay = data.play_mode === 'visible' && !isTouch();
    const v: PageVideo = {
      autoplay,
      mostVisible: Boolean(data.autoplay_most_visible),
      ratio: 0,
      playing: () => want.current,
      play: () => {
        want.current = true;
        setState((s) => (s === 'playing' ? s : 'loading'));
        setAsked((n) => n + 1);
      },
      // An iframe cannot be paused from here (no service script): it goes, as §4 says.
      pause: () => {
        want.current = false;
        if (!isMp4) return setState('deactivated');
        // Still loading, it has no element yet (back to the poster) or one not yet told to play (paused).
        const el = video.current;
        el?.pause();
        setState((s) => (s === 'loading' ? (el ? 'paused' : 'deactivated') : s));
      },
    };
    entry.current = v;
    const off = register(v);
    const io = new IntersectionObserver(
      ([e]) => {
        v.ratio = e.isIntersecting ? e.intersectionRatio : 0;
        arrange();
      },
      { threshold: THRESHOLDS },
    );
    io.observe(el);
    // The embed itself loads near the viewport when it is to play on sight.
    const near = new IntersectionObserver(
      ([e]) => {
        if (e.isIntersecting) setEmbed((s) => (s === 'deactivated' ? 'loading' : s));
      },
      { rootMargin: `${IFRAME_LAZY_OFFSET}px 0px` },
    );
    if (!isMp4 && autoplay) near.observe(el);
    return () => {
      io.disconnect();
      near.disconnect();
      off();
      arrange();
    };
  }, [data.play_mode, data.autoplay_most_visible, isMp4]);

  // An mp4 meant to play plays once the element is there; refused (or paused since), it is paused.
  useEffect(() => {
    const el = video.current;
    if (!isMp4 || !el || !want.current || !el.paused) return;
    el.muted = entry.current?.autoplay ? true : !data.has_audio && data.has_audio !== undefined;
    el.play().catch(() => {
      if (!el.paused) return;
      want.current = false;
      setState('paused');
    });
  }, [state, asked, isMp4, data.has_audio]);

  const pressPlay = () => {
    want.current = true;
    if (entry.current) startedByHand(entry.current);
    if (isMp4 && state === 'paused') void video.current?.play();
    else setState('loading');
  };

  const title = data.title || data.service || playersUi.video.play;
  const ratio = data.width && data.height ? `${data.width} / ${data.height}` : '16 / 9';
  const poster = data.mp4 ? mediaUrl(mediaBaseUrl(), data.mp4, { width: 640, format: 'jpg' }) : safeUrl(data.thumbnail);

  let media = null;
  if (data.mp4 && state !== 'deactivated') {
    media = (
      <video
        ref={video}
        src={mediaUrl(mediaBaseUrl(), data.mp4)}
        poster={poster}
        playsInline
        controls={state !== 'loading'}
        preload="metadata"
        onPlaying={() => setState('playing')}
        onPause={(e) => {
          // A pause event queued before a newer play is stale: the element plays again already.
          if (!e.currentTarget.paused) return;
          want.current = false;
          setState('paused');
        }}
        onPlay={() => {
          want.current = true;
          if (entry.current && !entry.current.autoplay) startedByHand(entry.current);
        }}
        data-testid="video-element"
      />
    );
  } else if (!isMp4 && data.service && data.id && (state !== 'deactivated' || embed !== 'deactivated')) {
    media = (
      <iframe
        src={videoEmbedUrl({ service: data.service, id: data.id, timecode: data.timecode })}
        title={title}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        onLoad={() => {
          setEmbed('loaded');
          setState((s) => (s === 'loading' ? 'playing' : s));
        }}
      />
    );
  }

  return (
    <div
      ref={root}
      className="eb-video-frame"
      style={{ aspectRatio: ratio }}
      data-testid="video-block"
      data-state={state}
      data-embed={isMp4 ? undefined : embed}
      data-service={data.service ?? 'mp4'}
    >
      {media}
      {(state === 'deactivated' || state === 'loading') && (
        <button
          type="button"
          className="eb-video-preview"
          onClick={pressPlay}
          disabled={!live}
          aria-label={`${playersUi.video.play}: ${title}`}
        >
          {poster && <img src={poster} alt="" loading="lazy" />}
          <span className="eb-video-play" aria-hidden>
            <svg width="28" height="28" viewBox="0 0 24 24">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          </span>
          {data.title && <span className="eb-video-title">{data.title}</span>}
          {data.service && (
            <span className="eb-video-service">
              {data.service}
              {data.timecode ? ` · ${entriesShownUi.videoFrom(formatTimecode(data.timecode))}` : ''}
            </span>
          )}
          {state === 'loading' && <span className="eb-video-loading">{playersUi.video.loading}</span>}
        </button>
      )}
    </div>
  );
}
