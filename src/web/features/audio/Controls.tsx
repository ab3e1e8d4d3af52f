import { playersUi } from '../../../shared/catalogue/players.ts';
import { formatTimecode } from '../../../shared/format.ts';
import { nextRate, seek, setVolume, skip, SKIP_SECONDS, type AudioState, type PlayerState } from './player.ts';

const t = playersUi.audio;

const Icon = ({ d }: { d: string }) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <path d={d} fill="currentColor" />
  </svg>
);
const PLAY = 'M8 5v14l11-7z';
const PAUSE = 'M7 5h4v14H7zM13 5h4v14h-4z';
const BACK = 'M11 6v12L3 12zm9 0v12l-8-6z';
const FWD = 'M13 6v12l8-6zM4 6v12l8-6z';

export function PlayButton({
  state,
  onClick,
  disabled = false,
}: {
  state: AudioState;
  onClick: () => void;
  disabled?: boolean;
}) {
  const playing = state === 'playing';
  return (
    <button
      type="button"
      className="au-play"
      onClick={onClick}
      disabled={disabled}
      aria-label={playing ? t.pause : t.play}
      data-testid="audio-play"
    >
      <Icon d={playing ? PAUSE : PLAY} />
    </button>
  );
}

/** Seek bar, time, ±15 s, rate and volume of the page's one player (inline while its block is the source, floating). */
export function Controls({ p, compact = false }: { p: PlayerState; compact?: boolean }) {
  const duration = p.duration || p.source?.duration || 0;
  return (
    <div className={`au-controls ${compact ? 'au-controls--compact' : ''}`}>
      <button
        type="button"
        className="au-icon"
        onClick={() => skip(-SKIP_SECONDS)}
        aria-label={t.rewind}
        data-testid="audio-rewind"
      >
        <Icon d={BACK} />
      </button>
      <input
        type="range"
        className="au-seek"
        min={0}
        max={Math.max(1, Math.round(duration))}
        step={1}
        value={Math.round(p.position)}
        onChange={(e) => seek(Number(e.target.value))}
        aria-label={t.seek}
        data-testid="audio-seek"
      />
      <span className="au-time" data-testid="audio-time">
        {formatTimecode(p.position)} / {formatTimecode(duration)}
      </span>
      <button
        type="button"
        className="au-icon"
        onClick={() => skip(SKIP_SECONDS)}
        aria-label={t.forward}
        data-testid="audio-forward"
      >
        <Icon d={FWD} />
      </button>
      <button type="button" className="au-rate" onClick={nextRate} aria-label={t.rate(p.rate)} data-testid="audio-rate">
        {String(p.rate).replace('.', ',')}×
      </button>
      {!compact && (
        <input
          type="range"
          className="au-volume"
          min={0}
          max={100}
          value={Math.round(p.volume * 100)}
          onChange={(e) => setVolume(Number(e.target.value) / 100)}
          aria-label={t.volume}
          data-testid="audio-volume"
        />
      )}
    </div>
  );
}
