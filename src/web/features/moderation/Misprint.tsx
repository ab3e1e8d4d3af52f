import { useEffect, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { MISPRINT_CONTEXT_MAX, MISPRINT_FRAGMENT_MAX } from '../../../shared/complaints.ts';
import type { entryMisprints, fixMisprint, MisprintItem, reportMisprint } from '../../../shared/api/complaints.ts';
import { call } from '../../api/call.ts';
import { openReport, ReportDialog, ReportText } from './ReportDialog.tsx';

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
  onDone(sent: boolean): void;
}) {
  const [comment, setComment] = useState('');
  const at = context.indexOf(fragment);
  return (
    <ReportDialog
      testId="misprint"
      title={C.misprintTitle}
      send={() =>
        call<typeof reportMisprint>(
          'POST /misprint',
          { content_id: entryId, fragment, context, comment },
          { notify: false },
        )
      }
      onDone={onDone}
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
      <ReportText
        label={C.misprintComment}
        value={comment}
        onChange={setComment}
        testId="misprint-comment"
        ctrlEnterSends
      />
    </ReportDialog>
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
  void openReport('misprint', (done) => <MisprintForm entryId={entryId} {...found} onDone={done} />);
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
