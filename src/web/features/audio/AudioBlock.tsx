import { useEffect, useRef } from 'react';
import type { BlockOf } from '../../../shared/blocks.ts';
import { playersUi } from '../../../shared/catalogue/players.ts';
import { formatTimecode, typograph } from '../../../shared/format.ts';
import { mediaUrl } from '../../../shared/media.ts';
import { mediaBaseUrl } from '../../lib/media.ts';
import { useStore } from '../../lib/store.ts';
import { useMounted } from '../../ui/overlays/store.ts';
import { player, setVisible, stateOf, toggle, type AudioSource } from './player.ts';
import { Controls, PlayButton } from './Controls.tsx';

const t = playersUi.audio;
type AudioData = BlockOf<'audio'>['data'];

/** `?action=listen` (the deep link, spec/content.md §2) starts the page's first audio block once. */
let deepLinkTaken = false;

/**
 * An audio block in an entry or a feed card (loaded only where one is): cover, title, author, listens and the
 * page's one player's controls while it is the source. Its visibility tells the floating player when to show.
 */
export default function AudioBlock({
  data,
  entry,
}: {
  data: AudioData;
  entry?: { id: number; url?: string; listens?: number };
}) {
  const src = data.uuid ? mediaUrl(mediaBaseUrl(), data.uuid) : (data.url ?? '');
  const key = `${entry?.id ?? 0}:${data.hash ?? src}`;
  const source: AudioSource = {
    key,
    src,
    title: data.title || t.untitled,
    author: data.author,
    cover: data.cover ? mediaUrl(mediaBaseUrl(), data.cover, { width: 64, height: 64, crop: true }) : undefined,
    entryUrl: entry?.url,
    entryId: entry?.id,
    hash: data.hash,
    duration: data.duration,
  };
  const p = useStore(player);
  const state = stateOf(p, key);
  const root = useRef<HTMLElement>(null);
  // The server draws the block; until its code has taken it over, a press would be lost, so the button waits.
  const live = useMounted();

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const io = new IntersectionObserver(([e]) => setVisible(key, e.isIntersecting));
    io.observe(el);
    return () => {
      io.disconnect();
      setVisible(key, false);
    };
  }, [key]);

  useEffect(() => {
    if (deepLinkTaken || new URLSearchParams(location.search).get('action') !== 'listen') return;
    deepLinkTaken = true;
    root.current?.scrollIntoView({ block: 'center' });
    toggle(source);
    // Only on mount: the address asks once.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the deep link starts the first block once
  }, []);

  const listens = entry?.listens ?? 0;
  return (
    <figure ref={root} className="au-block" data-testid="audio-block" data-state={state} data-key={key}>
      {source.cover ? (
        <img className="au-cover" src={source.cover} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className="au-cover au-cover--empty" aria-hidden />
      )}
      <div className="au-body">
        <figcaption className="au-head">
          <span className="au-title">{typograph(source.title)}</span>
          {data.author && <span className="au-author">{typograph(data.author)}</span>}
        </figcaption>
        <div className="au-row">
          <PlayButton state={state} onClick={() => toggle(source)} disabled={!live} />
          {state === 'initial' ? (
            <span className="au-meta">
              {data.duration !== undefined && <span className="au-time">{formatTimecode(data.duration)}</span>}
              {listens > 0 && <span data-testid="audio-listens">{t.listens(listens)}</span>}
            </span>
          ) : (
            <Controls p={p} />
          )}
        </div>
      </div>
    </figure>
  );
}
