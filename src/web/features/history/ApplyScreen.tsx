import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ui } from '../../../shared/catalogue.ts';
import type { apply as applyVersion } from '../../../shared/api/history.ts';
import type { Entry } from '../../../shared/entries.ts';
import { formatDateTime, typograph } from '../../../shared/format.ts';
import type { HistoryVersion } from '../../../shared/history.ts';
import { call } from '../../api/call.ts';
import { openModal } from '../../ui/overlays/modal.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { EntryBlocks } from '../entries/Blocks.tsx';
import { historyUrl } from './lifecycle.ts';
import './history.css';

const L = ui.history;
/** spec/content.md §9: the apply window closes 1000 ms after the version is applied. */
export const APPLY_CLOSE_MS = 1000;

/**
 * The apply screen (spec/content.md §2), opened in its own window from the history screen: the version, the
 * confirmation 'Текущая версия статьи будет перезаписана. Уверены?', then the call; on success it reloads the window
 * that opened it and closes itself after a second (opened directly, it goes to the entry instead).
 */
export function ApplyScreen({ entry, version, now }: { entry: Entry; version: HistoryVersion; now: number }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const asked = useRef(false);

  async function apply() {
    if (state !== 'idle') return;
    const { status } = await openModal({ title: L.applyTitle, text: L.applyConfirm, confirmLabel: L.applyButton });
    if (!status) return;
    setState('busy');
    const res = await call<typeof applyVersion>(
      'POST /writing/:id/history/:historyId/apply',
      { id: entry.id, historyId: version.id },
      { notify: false },
    );
    if (!res.ok) {
      setState('idle');
      toast.show(L.applyFailed, { type: 'error' });
      return;
    }
    setState('done');
    toast.show(L.applied, { type: 'success' });
    const opener = window.opener as Window | null;
    try {
      opener?.location.reload();
    } catch {
      // An opener on another origin cannot be reloaded; the entry is applied all the same.
    }
    setTimeout(() => (opener ? window.close() : navigate(res.data.entry.url)), APPLY_CLOSE_MS);
  }

  // The window was opened to apply: ask at once (once), the button stays for a second thought.
  useEffect(() => {
    if (asked.current || version.is_current || entry.removed) return;
    asked.current = true;
    void apply();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asks once, when the window opens
  }, []);

  const disabled = state !== 'idle' || version.is_current || entry.removed;
  return (
    <div className="history history--apply" data-testid="history-apply-screen" data-state={state}>
      <header className="history-head">
        <Link to={historyUrl(entry.id)} className="history-back">
          ← {L.toHistory}
        </Link>
        <h1 className="history-title">{L.versionTitle}</h1>
        <p className="history-entry">
          <time dateTime={version.date}>{formatDateTime(version.date, now)}</time>
          {version.author && <> · {L.by(version.author.name, version.author.gender)}</>}
        </p>
      </header>
      <div className="history-apply-bar">
        <p>{state === 'done' ? L.applied : L.applyConfirm}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={apply}
          disabled={disabled}
          data-testid="history-apply-confirm"
        >
          {L.apply}
        </button>
      </div>
      <article className="history-preview history-preview-body" data-testid="history-preview-body">
        {version.title && <h2 className="entry-title">{typograph(version.title)}</h2>}
        <EntryBlocks blocks={version.blocks} />
      </article>
    </div>
  );
}
