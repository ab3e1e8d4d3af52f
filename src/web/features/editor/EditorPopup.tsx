import { useEffect, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import type { EntryData, WritingTarget } from '../../../shared/entries.ts';
import type { forEdit, targets as writingTargets } from '../../../shared/api/entries.ts';
import { call } from '../../api/call.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { confirmLeave } from '../../ui/unsaved.ts';
import { EntryEditor } from './EntryEditor.tsx';
import { editorLocation, withoutEditorParams } from './open.ts';

const tw = ui.entries.writing;

type Loaded = { entry: EntryData['entry'] | null; targets: WritingTarget[] };

/** Loads what the editor needs (the entry to edit, the subsites to post to), then shows it. */
function EditorPopupBody({
  id,
  dirtyRef,
  onIdentity,
}: {
  id?: number;
  dirtyRef: { current: boolean };
  onIdentity(id: number): void;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([
      call<typeof writingTargets>('GET /writing/targets', {}),
      id ? call<typeof forEdit>('GET /writing/get/:id', { id }) : Promise.resolve(null),
    ]).then(([targets, entry]) => {
      if (!live) return;
      if (!targets.ok || (entry && !entry.ok)) return popup.close();
      setLoaded({ entry: entry?.data.entry ?? null, targets: targets.data.targets });
    });
    return () => {
      live = false;
    };
  }, [id]);
  if (!loaded) return <p className="ed-blocks__loading">{ui.writing.editor.loading}</p>;
  return <EntryEditor entry={loaded.entry} targets={loaded.targets} onIdentity={onIdentity} dirtyRef={dirtyRef} />;
}

/**
 * The full-page editor popup (spec/content.md §2, §4): while open the address shows `?name=editor` (with the
 * entry id once there is one) so a reload reopens it; closing restores the previous address and title unless the
 * author went somewhere else (publishing navigates to the entry). Closing with unsaved input asks first.
 */
export function showEditorPopup({ id }: { id?: number }) {
  const previous = { url: withoutEditorParams(location.href), title: document.title };
  let shown = editorLocation(previous.url, id);
  history.replaceState(history.state, '', shown);
  const title = id ? tw.editTitle : tw.newTitle;
  document.title = `${title} — ${ui.siteName}`;
  const dirtyRef = { current: false };
  let leaving = false;

  const onIdentity = (newId: number) => {
    if (location.href !== new URL(shown, location.href).href) return;
    shown = editorLocation(previous.url, newId);
    history.replaceState(history.state, '', shown);
  };

  popup.openFullPage({
    kind: 'editor',
    title,
    render: () => <EditorPopupBody id={id} dirtyRef={dirtyRef} onIdentity={onIdentity} />,
    canClose() {
      if (leaving || !dirtyRef.current) return true;
      void confirmLeave().then((leave) => {
        if (!leave) return;
        leaving = true;
        popup.close();
      });
      return false;
    },
    onClose() {
      if (location.href !== new URL(shown, location.href).href) return;
      history.replaceState(history.state, '', previous.url);
      document.title = previous.title;
    },
  });
}
