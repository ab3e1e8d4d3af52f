import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Block } from '../../../shared/blocks.ts';
import { ui } from '../../../shared/catalogue.ts';
import type { Entry } from '../../../shared/entries.ts';
import { formatDateTime, typograph } from '../../../shared/format.ts';
import type { list, version } from '../../../shared/api/history.ts';
import type { HistoryItem, HistoryList } from '../../../shared/history.ts';
import { MOBILE_WIDTH } from '../../../shared/viewport.ts';
import { call } from '../../api/call.ts';
import { EntryBlocks } from '../entries/Blocks.tsx';
import { openApplyWindow, restoreEntry } from './lifecycle.ts';
import './history.css';

const L = ui.history;

type Preview = { item: HistoryItem; title: string; blocks: Block[] };

/**
 * The history screen: versions newest first (date, who saved, title), a preview of the chosen one, and 'Применить',
 * which opens the apply screen in a separate window. A removed entry shows its state and the way back.
 */
export function HistoryScreen({ entry, history, now }: { entry: Entry; history: HistoryList; now: number }) {
  const navigate = useNavigate();
  const [items, setItems] = useState(history.items);
  const [cursor, setCursor] = useState({ last_id: history.last_id, is_finished: history.is_finished });
  const [loadingMore, setLoadingMore] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(() => currentPreview(entry, history.items[0]));
  const [choosing, setChoosing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState(false);
  const previewRef = useRef<HTMLElement>(null);
  const asked = useRef(0);

  // The first version is read from the server when it is not the entry as it stands.
  useEffect(() => {
    if (!preview && history.items[0]) void choose(history.items[0], false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the versions the page came with
  }, []);

  async function choose(item: HistoryItem, scroll = true) {
    const ask = ++asked.current;
    setChoosing(item.id);
    const known = currentPreview(entry, item);
    let next = known;
    if (!known) {
      const res = await call<typeof version>('GET /writing/:id/history/:historyId', {
        id: entry.id,
        historyId: item.id,
      });
      if (ask !== asked.current) return;
      next = res.ok ? { item, title: res.data.version.title, blocks: res.data.version.blocks } : null;
    }
    setChoosing(null);
    if (!next) return;
    setPreview(next);
    // On a phone the preview sits under the list.
    if (scroll && window.matchMedia(`(max-width: ${MOBILE_WIDTH - 1}px)`).matches)
      previewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  async function more() {
    if (loadingMore || cursor.is_finished || cursor.last_id === null) return;
    setLoadingMore(true);
    const res = await call<typeof list>('GET /writing/:id/history', { id: entry.id, last_id: cursor.last_id });
    setLoadingMore(false);
    if (!res.ok) return;
    setItems((list) => [...list, ...res.data.items]);
    setCursor({ last_id: res.data.last_id, is_finished: res.data.is_finished });
  }

  async function restore() {
    setRestoring(true);
    const state = await restoreEntry(entry);
    setRestoring(false);
    if (state) void navigate(state.url);
  }

  return (
    <div className="history" data-testid="history">
      <header className="history-head">
        {!entry.removed && (
          <Link to={entry.url} className="history-back" data-testid="history-back">
            ← {L.back}
          </Link>
        )}
        <h1 className="history-title">{L.title}</h1>
        <p className="history-entry">{typograph(entry.title || L.untitled)}</p>
      </header>
      {entry.removed && (
        <div className="history-removed" role="status" data-testid="history-removed">
          <div>
            <strong>{L.removed}</strong>
            <span>{L.removedText}</span>
          </div>
          <button
            type="button"
            className="btn btn-primary"
            onClick={restore}
            disabled={restoring}
            data-testid="history-restore"
          >
            {L.restore}
          </button>
        </div>
      )}
      {items.length === 0 ? (
        <p className="history-empty" data-testid="history-empty">
          {L.empty}
        </p>
      ) : (
        <div className="history-body">
          <nav className="history-list-box" aria-label={L.title}>
            <ol className="history-list" data-testid="history-list">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={`history-item${preview?.item.id === item.id ? ' is-selected' : ''}`}
                    aria-current={preview?.item.id === item.id ? 'true' : undefined}
                    aria-busy={choosing === item.id || undefined}
                    onClick={() => choose(item)}
                    data-testid="history-item"
                    data-id={item.id}
                  >
                    <span className="history-item-line">
                      <time dateTime={item.date} className="history-item-date">
                        {formatDateTime(item.date, now)}
                      </time>
                      {item.is_current && <span className="history-badge">{L.current}</span>}
                    </span>
                    <span className="history-item-title">{item.title || L.untitled}</span>
                    {item.author && <span className="history-item-author">{item.author.name}</span>}
                  </button>
                </li>
              ))}
            </ol>
            {!cursor.is_finished && (
              <button type="button" className="btn btn-secondary history-more" onClick={more} disabled={loadingMore}>
                {L.more}
              </button>
            )}
          </nav>
          <section ref={previewRef} className="history-preview" aria-label={L.preview} data-testid="history-preview">
            {preview ? (
              <>
                <div className="history-preview-bar">
                  <div className="history-preview-meta">
                    <time dateTime={preview.item.date}>{formatDateTime(preview.item.date, now)}</time>
                    {preview.item.author && <span>{L.by(preview.item.author.name, preview.item.author.gender)}</span>}
                  </div>
                  {preview.item.is_current ? (
                    <span className="history-badge history-badge--big">{L.current}</span>
                  ) : (
                    !entry.removed && (
                      <button
                        type="button"
                        className="btn btn-primary"
                        onClick={() => openApplyWindow(entry.id, preview.item.id)}
                        data-testid="history-apply"
                      >
                        {L.apply}
                      </button>
                    )
                  )}
                </div>
                <article className="history-preview-body" data-testid="history-preview-body">
                  {preview.title && <h2 className="entry-title">{typograph(preview.title)}</h2>}
                  <EntryBlocks blocks={preview.blocks} />
                </article>
              </>
            ) : (
              <p className="history-empty">{L.choose}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** The current version needs no request: it is the entry itself. */
function currentPreview(entry: Entry, item: HistoryItem | undefined): Preview | null {
  return item?.is_current ? { item, title: entry.title, blocks: entry.blocks } : null;
}
