import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router';
import { ENTRY_TITLE_MAX } from '../../../shared/blocks.ts';
import { messages, ui } from '../../../shared/catalogue.ts';
import type { Entry, EntryData, WritingTarget } from '../../../shared/entries.ts';
import { api } from '../../api/request.ts';
import { openModal, toast } from '../../ui/overlays/index.ts';
import { LimitedInput } from './LimitedInput.tsx';
import { blocksToText, textToBlocks } from './plainText.ts';
import './entries.css';

const t = ui.entries.writing;

interface Draft {
  title: string;
  text: string;
  subsiteId: number;
  comments: boolean;
  nsfw: boolean;
}

const draftOf = (entry: Entry | null, targets: WritingTarget[]): Draft => ({
  title: entry?.title ?? '',
  text: entry ? blocksToText(entry.blocks) : '',
  subsiteId: entry?.subsite.id ?? targets[0]?.id ?? 0,
  comments: entry?.is_enabled_comments ?? true,
  nsfw: entry?.is_nsfw ?? false,
});

const same = (a: Draft, b: Draft) => a.title === b.title && a.text === b.text && a.subsiteId === b.subsiteId && a.comments === b.comments && a.nsfw === b.nsfw;

/**
 * The simple writing form: title, subsite, paragraphs of text, comments and 18+ switches; saves a draft or publishes.
 * Leaving with unsaved input asks first, both for in-app navigation and for closing the tab.
 */
export function WritingForm({ entry, targets }: { entry: Entry | null; targets: WritingTarget[] }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(() => draftOf(entry, targets));
  const [draft, setDraft] = useState(saved);
  const [published, setPublished] = useState(entry?.is_published ?? false);
  const [busy, setBusy] = useState(false);
  const dirty = !same(draft, saved);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  // The current subsite stays selectable even when it is no longer on the list (a closed community, staff editing).
  const options = useMemo(
    () => (entry && !targets.some((s) => s.id === entry.subsite.id) ? [entry.subsite, ...targets] : targets),
    [entry, targets],
  );

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);
  // One question per blocked navigation, answered on the blocker as it is then (re-renders hand out new objects).
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openModal({ title: messages.unsavedInput, confirmLabel: t.leave, cancelLabel: t.stay }).then((r) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (r.status) current.proceed();
      else current.reset();
    });
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = messages.unsavedInput; // browsers show their own wording; the flag is what counts
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function save(publish: boolean) {
    setBusy(true);
    const blocks = textToBlocks(draft.text, entry?.blocks ?? []);
    // Multipart keeps the blocks' JSON as raw UTF-8 (a urlencoded form would triple Cyrillic text).
    const result = await api.post<EntryData>('writing/save', {
      ...(entry ? { id: entry.id } : {}),
      title: draft.title,
      subsite_id: draft.subsiteId,
      entry: JSON.stringify(blocks),
      is_published: publish,
      is_enabled_comments: draft.comments,
      is_nsfw: draft.nsfw,
    }, { format: 'multipart' });
    setBusy(false);
    if (!result.ok) return;
    const next = result.data.entry;
    dirtyRef.current = false;
    setSaved(draft);
    setPublished(next.is_published);
    toast.show(result.rm, { type: 'success' });
    if (next.is_published) navigate(next.url);
    else if (!entry) navigate(`/writing/${next.id}`, { replace: true });
  }

  return (
    <form className="writing" data-testid="writing" onSubmit={(e) => e.preventDefault()}>
      <div className="writing-head">
        <h1>{entry ? t.editTitle : t.newTitle}</h1>
        <label className="writing-subsite">
          <span>{t.subsite}</span>
          <select value={draft.subsiteId} onChange={(e) => set('subsiteId', Number(e.target.value))} data-testid="writing-subsite">
            {options.map((s) => (
              <option key={s.id} value={s.id}>{s.type === 'user' && s.id === targets[0]?.id ? t.myBlog : s.name}</option>
            ))}
          </select>
        </label>
      </div>
      <LimitedInput
        className="writing-title"
        name="title"
        placeholder={t.titlePlaceholder}
        aria-label={t.titlePlaceholder}
        value={draft.title}
        onChange={(v) => set('title', v)}
        maxLength={ENTRY_TITLE_MAX}
        autoComplete="off"
        data-testid="writing-title"
      />
      <div className="writing-divider" />
      <textarea
        className="writing-text"
        name="text"
        placeholder={t.textPlaceholder}
        aria-label={t.textPlaceholder}
        value={draft.text}
        onChange={(e) => set('text', e.target.value)}
        data-testid="writing-text"
      />
      {draft.text.includes('{{block:') && <p className="writing-hint">{t.blocksKept}</p>}
      <div className="writing-options">
        <label>
          <input type="checkbox" checked={draft.comments} onChange={(e) => set('comments', e.target.checked)} data-testid="writing-comments" />
          {t.comments}
        </label>
        <label>
          <input type="checkbox" checked={draft.nsfw} onChange={(e) => set('nsfw', e.target.checked)} data-testid="writing-nsfw" />
          {t.nsfw}
        </label>
      </div>
      <div className="writing-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => save(false)} data-testid="writing-draft">
          {published ? t.unpublish : t.saveDraft}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => save(true)} data-testid="writing-publish">
          {published ? t.update : t.publish}
        </button>
        {entry && <Link to={entry.url} className="writing-view">{t.view}</Link>}
      </div>
    </form>
  );
}
