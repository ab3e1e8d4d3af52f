import { SubsitePicker } from './SubsitePicker.tsx';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ENTRY_TITLE_MAX, type Block } from '../../../shared/blocks.ts';
import { ui } from '../../../shared/catalogue.ts';
import type { Entry, WritingTarget } from '../../../shared/entries.ts';
import { toast } from '../../ui/overlays/toasts.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { LimitedInput } from '../entries/LimitedInput.tsx';
import { registerUnsaved } from '../../ui/unsaved.ts';
import { useLeaveGuard } from '../../ui/unsaved.ts';
import { RejectionNote, ReviewBadge } from '../entries/ReviewState.tsx';
import { BlockEditor, type BlockEditorApi } from './BlockEditor.tsx';
import { EntryFields } from './EntryFields.tsx';
import { accessLinkOf, draftOf, hasContent, localDraft, sameDraft, saveEntry, type Draft } from './draft.ts';
import './editor.css';

const tw = ui.entries.writing;
const te = ui.writing.editor;

/** A draft saves itself this long after the last change. */
export const AUTOSAVE_MS = 2000;

type Status = 'idle' | 'saving' | 'saved' | 'local' | 'restored' | 'failed';

export interface EntryEditorProps {
  entry: Entry | null;
  targets: WritingTarget[];
  /** A new entry got its id with the first save (the page or the popup shows it in the address). */
  onIdentity(id: number): void;
  /** Whether leaving now would lose input: the popup asks it before closing. */
  dirtyRef?: { current: boolean };
  /** The /writing page also guards in-app navigation; the popup closes on navigation instead. */
  page?: boolean;
}

/**
 * The entry editor: subsite, title, blocks, settings and publishing. A draft (a new or unpublished entry) saves
 * itself 2 s after the last change; a published entry keeps its unsaved changes on this device until 'Опубликовать'.
 * Either way a reload finds the changes, and leaving with unsaved input asks first.
 */
export function EntryEditor({ entry, targets, onIdentity, dirtyRef: outerDirty, page }: EntryEditorProps) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const staff = user?.is_staff ?? false;
  const [saved, setSaved] = useState(() => draftOf(entry, targets));
  const [draft, setDraft] = useState(saved);
  const [published, setPublished] = useState(entry?.is_published ?? false);
  // Waiting for approval or rejected by a community: as the last answer about this entry said.
  const [review, setReview] = useState<Pick<Entry, 'awaiting_review' | 'rejection'>>({
    awaiting_review: entry?.awaiting_review ?? null,
    rejection: entry?.rejection ?? null,
  });
  const [status, setStatus] = useState<Status>('idle');
  const [started, setStarted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const id = useRef(entry?.id ?? null);
  /** Whether staff hold it on the main feed now, as the last answer said (a save sends the hold only on a change). */
  const held = useRef(entry?.is_holdonmain ?? false);
  /** The secret link, once a saved version has it on (ticking the switch opens it only with the save's answer). */
  const [accessLink, setAccessLink] = useState(accessLinkOf(entry));
  const base = useRef(entry?.modification_date ?? null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const blocksApi = useRef<BlockEditorApi | null>(null);
  const publishing = useRef(false);
  const dirty = !sameDraft(draft, saved);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  if (outerDirty) outerDirty.current = dirty;

  // The device copy is read after hydration (the server render cannot know it); Editor.js starts from the result.
  useEffect(() => {
    const local = localDraft.read(id.current, base.current);
    if (local && !sameDraft(local, saved)) {
      setDraft(local);
      setStatus(published ? 'local' : 'restored');
    }
    setStarted(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once after hydration, with the first render's values
  }, []);

  useEffect(() => {
    if (!started) return;
    if (dirty) localDraft.write(id.current, base.current, draft);
    else localDraft.clear(id.current);
  }, [started, dirty, draft]);

  /** Saves run one after another (two at once could create the entry twice), each with the draft as it is when its turn comes. */
  const persist = useCallback(
    (publish: boolean, notify: boolean) => {
      const run = queue.current.then(async () => {
        const snapshot = draftRef.current;
        const result = await saveEntry(id.current, snapshot, publish, { staff, notify, held: held.current });
        if (!result.ok) return null;
        const next = result.data.entry;
        held.current = next.is_holdonmain;
        setAccessLink(accessLinkOf(next));
        if (id.current === null) {
          localDraft.clear(null);
          id.current = next.id;
          onIdentity(next.id);
        }
        base.current = next.modification_date;
        setSaved(snapshot);
        setPublished(next.is_published);
        setReview({ awaiting_review: next.awaiting_review, rejection: next.rejection });
        return { entry: next, rm: result.rm };
      });
      queue.current = run.catch(() => null);
      return run;
    },
    [staff, onIdentity],
  );

  useEffect(() => {
    if (!started || !dirty) return;
    if (published) return setStatus('local');
    if (!hasContent(draft)) return;
    const timer = setTimeout(async () => {
      if (publishing.current) return;
      setStatus('saving');
      setStatus((await persist(false, false)) ? 'saved' : 'failed');
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [started, dirty, draft, published, persist]);

  // The shared guard asks before a reload, and on the /writing page before in-app navigation (the popup closes on
  // navigation instead and asks through its own canClose).
  useLeaveGuard();
  useEffect(() => {
    return registerUnsaved({ el: () => null, dirty: () => dirtyRef.current, navigation: !!page });
  }, [page]);

  async function save(publish: boolean) {
    publishing.current = true;
    setBusy(true);
    // What the author sees is what goes out, including the last keystrokes not yet reported.
    const blocks = await blocksApi.current?.read();
    if (blocks) {
      draftRef.current = { ...draftRef.current, blocks };
      setDraft(draftRef.current);
    }
    const done = await persist(publish, true);
    publishing.current = false;
    setBusy(false);
    if (!done) return;
    dirtyRef.current = false;
    if (outerDirty) outerDirty.current = false;
    localDraft.clear(done.entry.id);
    toast.show(done.rm, { type: 'success' });
    setStatus(publish ? 'idle' : 'saved');
    if (publish) void navigate(done.entry.url);
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const onTitle = useCallback((v: string) => setDraft((d) => ({ ...d, title: v })), []);
  const onBlocks = useCallback(
    (blocks: Block[]) => setDraft((d) => (JSON.stringify(d.blocks) === JSON.stringify(blocks) ? d : { ...d, blocks })),
    [],
  );

  function discard() {
    localDraft.clear(id.current);
    setDraft(saved);
    setStatus('idle');
    // Editor.js owns its content: start it again from the saved version.
    setStarted(false);
    requestAnimationFrame(() => setStarted(true));
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !busy) {
      e.preventDefault();
      void save(true);
    }
  }

  // The current subsite stays selectable even when it is no longer on the list (a closed community, staff editing).
  const options = useMemo(
    () => (entry && !targets.some((s) => s.id === entry.subsite.id) ? [entry.subsite, ...targets] : targets),
    [entry, targets],
  );
  const statusText = status === 'idle' ? '' : te.status[status];

  return (
    <div
      className="ed"
      data-testid="editor"
      data-status={status}
      data-entry-id={id.current ?? undefined}
      onKeyDown={onKeyDown}
    >
      <div className="ed-bar">
        <SubsitePicker
          options={options}
          ownBlogId={targets[0]?.id}
          value={draft.subsiteId}
          onChange={(subsiteId) => set('subsiteId', subsiteId)}
        />
        <ReviewBadge review={review} />
        <span className={`ed-status ed-status--${status}`} data-testid="editor-status" aria-live="polite">
          {statusText}
        </span>
        <div className="ed-settings">
          <button
            type="button"
            className="btn btn-secondary ed-settings__toggle"
            aria-expanded={settingsOpen}
            onClick={() => setSettingsOpen((o) => !o)}
            data-testid="editor-settings"
          >
            {te.settings}
          </button>
          {settingsOpen && (
            <div className="ed-settings__panel" data-testid="editor-settings-panel">
              <label>
                <input
                  type="checkbox"
                  checked={draft.comments}
                  onChange={(e) => set('comments', e.target.checked)}
                  data-testid="editor-comments"
                />{' '}
                {tw.comments}
              </label>
              <label>
                <input
                  type="checkbox"
                  checked={draft.likes}
                  onChange={(e) => set('likes', e.target.checked)}
                  data-testid="editor-likes"
                />{' '}
                {te.likes}
              </label>
              <label>
                <input
                  type="checkbox"
                  checked={draft.nsfw}
                  onChange={(e) => set('nsfw', e.target.checked)}
                  data-testid="editor-nsfw"
                />{' '}
                {tw.nsfw}
              </label>
              {staff && (
                <label>
                  <input
                    type="checkbox"
                    checked={draft.hiddenFromMain}
                    onChange={(e) => set('hiddenFromMain', e.target.checked)}
                    data-testid="editor-hidden-from-main"
                  />{' '}
                  {te.hiddenFromMain}
                </label>
              )}
              <EntryFields
                fields={draft.fields}
                staff={staff}
                accessLink={accessLink}
                onChange={(key, value) => setDraft((d) => ({ ...d, fields: { ...d.fields, [key]: value } }))}
              />
            </div>
          )}
        </div>
        {/* The way back to drafts closed mid-writing; leaving from here keeps unsaved input on this device. */}
        <Link to="/drafts" className="ed-drafts" data-testid="editor-drafts">
          {ui.writing.drafts.link}
        </Link>
      </div>
      <div className="ed-main">
        <RejectionNote review={review} />
        <LimitedInput
          className="ed-title"
          multiline
          name="title"
          placeholder={tw.titlePlaceholder}
          aria-label={tw.titlePlaceholder}
          value={draft.title}
          onChange={onTitle}
          onEnter={() => blocksApi.current?.focus()}
          maxLength={ENTRY_TITLE_MAX}
          autoComplete="off"
          data-testid="editor-title"
        />
        {started ? (
          <BlockEditor initial={draft.blocks} onChange={onBlocks} apiRef={blocksApi} />
        ) : (
          <p className="ed-blocks__loading">{te.loading}</p>
        )}
      </div>
      <div className="ed-foot">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => save(true)}
          data-testid="editor-publish"
        >
          {published ? tw.update : tw.publish}
        </button>
        {published && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => save(false)}
            data-testid="editor-unpublish"
          >
            {tw.unpublish}
          </button>
        )}
        {published && dirty && (
          <button type="button" className="ed-foot__link" onClick={discard} data-testid="editor-discard">
            {te.discard}
          </button>
        )}
        <span className="ed-foot__hint">{te.publishHint}</span>
      </div>
    </div>
  );
}
