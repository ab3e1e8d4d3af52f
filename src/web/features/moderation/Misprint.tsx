import { useEffect, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { COMPLAINT_TEXT_MAX, MISPRINT_CONTEXT_MAX, MISPRINT_FRAGMENT_MAX } from '../../../shared/complaints.ts';
import type { entryMisprints, fixMisprint, MisprintItem, reportMisprint } from '../../../shared/api/complaints.ts';
import { call } from '../../api/call.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { DialogForm } from './DialogForm.tsx';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';
import { askBeforeClose } from '../../ui/unsaved.ts';

const C = ui.complaints;

function MisprintForm({
  entryId,
  fragment,
  context,
  onDone,
}: {
  entryId: number;
  fragment: string;
  context: string;
  onDone(): void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = useUnsaved();
  const at = context.indexOf(fragment);
  async function send() {
    if (busy) return;
    setBusy(true);
    const res = await call<typeof reportMisprint>(
      'POST /misprint',
      { content_id: entryId, fragment, context, comment },
      { notify: false },
    );
    setBusy(false);
    if (!res.ok) return setError(res.rm || C.misprintTitle);
    guard.saved();
    toast.show(res.rm, { type: 'success' });
    onDone();
  }
  return (
    <DialogForm
      testId="misprint"
      title={C.misprintTitle}
      error={error}
      submitLabel={C.send}
      submitTestId="misprint-send"
      submitDisabled={busy}
      onSubmit={() => void send()}
      onCancel={onDone}
    >
      <p className="mod-report__lead">{C.misprintLead}</p>
      <blockquote className="mod-report__quote" data-testid="misprint-context">
        {at < 0 ? (
          <mark>{fragment}</mark>
        ) : (
          <>
            {context.slice(0, at)}
            <mark>{fragment}</mark>
            {context.slice(at + fragment.length)}
          </>
        )}
      </blockquote>
      <Limited ref={guard.ref}>
        <textarea
          className="mod-report__text"
          aria-label={C.misprintComment}
          placeholder={C.misprintComment}
          maxLength={COMPLAINT_TEXT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void send();
            }
          }}
          autoFocus
          data-testid="misprint-comment"
        />
      </Limited>
    </DialogForm>
  );
}

/** The selection inside `root` as a misprint: the fragment and the text of its block around it. */
function selectedMisprint(root: Element): { fragment: string; context: string } | null {
  const sel = window.getSelection();
  if (!sel || sel.isCollapsed || !sel.rangeCount) return null;
  const range = sel.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const fragment = sel.toString().replace(/\s+/g, ' ').trim().slice(0, MISPRINT_FRAGMENT_MAX);
  if (!fragment) return null;
  const node = range.commonAncestorContainer;
  const block = (node instanceof Element ? node : node.parentElement)?.closest('p, li, blockquote, h2, h3, figcaption');
  const whole = (block ?? node).textContent?.replace(/\s+/g, ' ').trim() ?? fragment;
  const at = Math.max(0, whole.indexOf(fragment));
  const side = Math.floor((MISPRINT_CONTEXT_MAX - fragment.length) / 2);
  const context = whole.slice(Math.max(0, at - side), at + fragment.length + side);
  return { fragment, context };
}

/** The misprint report's form in its popup, for the fragment the reader selected in `root` (misprint-shortcut.ts). */
export function reportSelection(entryId: number, root: Element) {
  const found = selectedMisprint(root);
  if (!found) return;
  popup.open({
    kind: 'misprint',
    canClose: askBeforeClose(),
    size: 'small',
    labelledBy: 'misprint-title',
    render: ({ close }) => <MisprintForm entryId={entryId} {...found} onDone={close} />,
  });
}

/** The entry's misprint reports for its author and staff, under the text; nothing while there are none. */
export function EntryMisprints({ entryId }: { entryId: number }) {
  const [items, setItems] = useState<MisprintItem[]>([]);
  useEffect(() => {
    let live = true;
    void call<typeof entryMisprints>('GET /content/misprints/:id', { id: entryId }, { notify: false }).then((res) => {
      if (live && res.ok) setItems(res.data.items);
    });
    return () => {
      live = false;
    };
  }, [entryId]);
  if (!items.length) return null;
  return (
    <section className="mod-misprints" data-testid="entry-misprints" aria-labelledby="misprints-title">
      <h2 className="mod-h3" id="misprints-title">
        {C.misprints}
      </h2>
      <MisprintList
        items={items}
        onFixed={(id) => setItems((l) => l.map((m) => (m.id === id ? { ...m, fixed: true } : m)))}
      />
    </section>
  );
}

export function MisprintList({
  items,
  onFixed,
  showEntry = false,
}: {
  items: MisprintItem[];
  onFixed(id: number): void;
  showEntry?: boolean;
}) {
  if (!items.length) return <p className="mod-empty">{C.misprintsEmpty}</p>;
  return (
    <ul className="mod-queue">
      {items.map((m) => (
        <li key={m.id} className="mod-queue__item" data-testid="misprint-item" data-fixed={m.fixed || undefined}>
          {showEntry && (
            <a href={m.entry_url} className="mod-queue__target">
              {m.entry_title || `#${m.entry_id}`}
            </a>
          )}
          <p className="mod-queue__text">
            «<mark>{m.fragment}</mark>»{m.comment && <> — {m.comment}</>}
          </p>
          <p className="mod-queue__meta">{m.context}</p>
          {m.fixed ? (
            <span className="badge">{C.fixed}</span>
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              data-testid="misprint-fix"
              onClick={async () => {
                const res = await call<typeof fixMisprint>('POST /misprint/:id/fix', { id: m.id });
                if (res.ok) onFixed(m.id);
              }}
            >
              {C.markFixed}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
