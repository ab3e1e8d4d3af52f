import { playersUi } from '../../../shared/catalogue/players.ts';
import { typograph } from '../../../shared/format.ts';
import { useStore } from '../../lib/store.ts';
import { closeFloating, floatingShown, player, toggle } from './player.ts';
import { Controls, PlayButton } from './Controls.tsx';

const t = playersUi.audio;

/**
 * spec/content.md §2, §4: the compact player in the corner with a close button. Hidden while the playing block's
 * inline player is in view, shown while it plays out of view (another page included); closing pauses it.
 */
export default function FloatingAudio() {
  const p = useStore(player);
  if (!floatingShown(p) || !p.source) return null;
  const s = p.source;
  return (
    <aside className="au-floating" aria-label={t.floating} data-testid="audio-floating" data-state={p.state}>
      {s.cover && <img className="au-cover au-cover--small" src={s.cover} alt="" width={40} height={40} />}
      <div className="au-floating-body">
        <div className="au-floating-head">
          {s.entryUrl ? (
            <a href={s.entryUrl} data-page-link="" className="au-title" data-testid="audio-floating-title">
              {typograph(s.title)}
            </a>
          ) : (
            <span className="au-title">{typograph(s.title)}</span>
          )}
          {s.author && <span className="au-author">{typograph(s.author)}</span>}
        </div>
        <div className="au-row">
          <PlayButton state={p.state} onClick={() => toggle(s)} />
          <Controls p={p} compact />
        </div>
      </div>
      <button
        type="button"
        className="au-close"
        onClick={closeFloating}
        aria-label={t.close}
        data-testid="audio-floating-close"
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden>
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  );
}
