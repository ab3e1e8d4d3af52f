import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import type { LiveStreamCard } from '../../../shared/api/livestreams.ts';
import { playersUi } from '../../../shared/catalogue/players.ts';
import { FLOATING_SCREEN, LIVE_STREAM_CLOSED_DAYS, type LiveStreamState } from '../../../shared/livestreams.ts';
import { LIVE_STREAM_CLOSED_COOKIE } from '../../../shared/shell-cookies.ts';
import { setCookie } from '../../lib/cookies.ts';
import { useCurrentUser } from '../auth/session.ts';
import { PlusBadge } from '../payments/PlusBadge.tsx';
import { useFloatingScreen } from './floating-screen.ts';

// The player, and hls.js behind it where the browser plays no HLS itself, come only when a reader presses play.
const Player = lazy(() => import('./Player.tsx'));
const t = playersUi.live;
const closeIcon = (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden>
    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * The stream of the layout's livestream slot (LiveStreamSlot.tsx): a card with its cover until the reader presses
 * play, then the player; states playing, paused, closed (spec/content.md §4). Closing hides it for this stream (a
 * cookie with its key, a day) until it is turned on again.
 */
export default function StreamCard({ stream }: { stream: LiveStreamCard }) {
  const [state, setState] = useState<LiveStreamState>('paused');
  /** The reader asked to watch: the player is there (an HLS player stays when paused; a service's player goes). */
  const [started, setStarted] = useState(false);
  /** The reader's last press, play or pause (`at` tells two presses alike apart: the element may have moved between). */
  const [press, setPress] = useState({ play: false, at: 0 });
  /** The picture has come at least once: before that a started player is still loading. */
  const [shown, setShown] = useState(false);
  const [error, setError] = useState('');
  // Tests and scripts wait for it: the card answers presses from then on (it hydrates after its chunk comes).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const user = useCurrentUser();
  const float = useFloatingScreen(state === 'playing');
  if (state === 'closed') return null;

  const play = () => {
    setError('');
    setStarted(true);
    setPress({ play: true, at: Date.now() });
  };
  const pause = () => {
    setPress({ play: false, at: Date.now() });
    if (stream.kind !== 'hls') {
      setShown(false);
      setStarted(false);
      setState('paused');
    }
  };
  const close = () => {
    setCookie(LIVE_STREAM_CLOSED_COOKIE, stream.key, LIVE_STREAM_CLOSED_DAYS);
    setState('closed');
  };
  const playing = state === 'playing';
  const plusOnly = stream.access === 'plus';
  return (
    <section
      className="lstream"
      aria-label={`${t.region}: ${stream.title}`}
      data-testid="live-stream"
      data-state={state}
      data-kind={stream.kind}
      data-stream={stream.id}
      data-ready={ready ? '1' : undefined}
    >
      <div className="lstream__bar">
        {stream.cover_url && !started && <img className="lstream__thumb" src={stream.cover_url} alt="" />}
        <div className="lstream__about">
          <span className="lstream__badge">
            <span className="lstream__dot" aria-hidden />
            {t.badge}
            {plusOnly && <PlusBadge />}
          </span>
          <span className="lstream__title">{stream.title}</span>
          {stream.subsite && <span className="lstream__from">{stream.subsite.name}</span>}
          {plusOnly && !user?.is_paid && <span className="lstream__note">{t.plusOnly}</span>}
          {error && (
            <span className="lstream__note lstream__note--error" role="alert">
              {error}
            </span>
          )}
        </div>
        <button
          type="button"
          className={`btn ${playing ? 'btn-secondary' : 'btn-primary'} lstream__toggle`}
          onClick={playing ? pause : play}
          data-testid="live-stream-toggle"
        >
          {playing ? t.pause : started && !shown && press.play ? t.loading : t.play}
        </button>
        <button
          type="button"
          className="lstream__close"
          onClick={close}
          aria-label={t.close}
          title={t.close}
          data-testid="live-stream-close"
        >
          {closeIcon}
        </button>
      </div>
      {started && (
        <div
          ref={float.stageRef}
          className="lstream__stage"
          data-floating={float.floating ? '1' : undefined}
          style={{ '--float-w': `${float.width}px` } as CSSProperties}
        >
          {float.floating && (
            <div className="lstream__float-bar" data-testid="floating-screen">
              <span
                role="slider"
                tabIndex={0}
                className="lstream__float-resize"
                aria-label={t.floatingResize}
                aria-valuemin={FLOATING_SCREEN.min}
                aria-valuemax={FLOATING_SCREEN.max}
                aria-valuenow={float.width}
                onPointerDown={float.onResizeStart}
                onKeyDown={float.onResizeKey}
                data-testid="floating-screen-resize"
              />
              <span className="lstream__float-title">{stream.title}</span>
              <button
                type="button"
                className="lstream__float-btn"
                onClick={float.back}
                data-testid="floating-screen-back"
              >
                {t.floatingBack}
              </button>
              <button
                type="button"
                className="lstream__close"
                onClick={() => {
                  pause();
                  float.dismiss();
                }}
                aria-label={t.floatingClose}
                title={t.floatingClose}
                data-testid="floating-screen-close"
              >
                {closeIcon}
              </button>
            </div>
          )}
          <Suspense>
            <Player
              stream={stream}
              press={press}
              onState={(next) => {
                setState(next);
                if (next === 'playing') setShown(true);
              }}
              onStop={(message) => {
                setStarted(false);
                setShown(false);
                setPress({ play: false, at: Date.now() });
                setState('paused');
                setError(message);
              }}
            />
          </Suspense>
        </div>
      )}
    </section>
  );
}
