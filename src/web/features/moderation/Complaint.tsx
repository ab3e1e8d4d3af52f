import { useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { COMPLAINT_REASONS, COMPLAINT_TEXT_MAX, type ComplaintReason } from '../../../shared/complaints.ts';
import type { complainComment, complainEntry, complainSubsite } from '../../../shared/api/complaints.ts';
import { call } from '../../api/call.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { DialogForm } from './DialogForm.tsx';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';
import { askBeforeClose } from '../../ui/unsaved.ts';

const C = ui.complaints;

/** What a complaint is about: an entry (with its author, as the spec's call sends it), a comment or a subsite. */
export type ComplaintTarget =
  { type: 'entry'; id: number; authorId: number } | { type: 'comment'; id: number } | { type: 'subsite'; id: number };

function request(target: ComplaintTarget, reason: ComplaintReason, text: string) {
  const body = { reason, text };
  if (target.type === 'entry')
    return call<typeof complainEntry>(
      'POST /contents/complain',
      { content_id: target.id, user_id: target.authorId, ...body },
      { notify: false },
    );
  if (target.type === 'comment')
    return call<typeof complainComment>('POST /comments/complain', { id: target.id, ...body }, { notify: false });
  return call<typeof complainSubsite>('POST /subsite/complain', { subsite_id: target.id, ...body }, { notify: false });
}

function ComplaintForm({ target, onDone }: { target: ComplaintTarget; onDone(sent: boolean): void }) {
  const [reason, setReason] = useState<ComplaintReason | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = useUnsaved();
  const needsText = reason === 'other' && !text.trim();

  async function send() {
    if (!reason || needsText || busy) return;
    setBusy(true);
    const res = await request(target, reason, text);
    setBusy(false);
    if (!res.ok) return setError(res.rm || ui.complaints.complainTitle);
    guard.saved();
    toast.show(res.rm, { type: 'success' });
    onDone(true);
  }

  return (
    <DialogForm
      testId="complaint"
      title={C.complainTitle}
      error={error}
      submitLabel={C.send}
      submitTestId="complaint-send"
      submitDisabled={!reason || needsText || busy}
      onSubmit={() => void send()}
      onCancel={() => onDone(false)}
    >
      <fieldset className="mod-report__reasons">
        <legend className="mod-report__lead">{C.complainLead}</legend>
        {COMPLAINT_REASONS.map((r) => (
          <label key={r} className="mod-report__reason">
            <input
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              data-testid={`complaint-reason-${r}`}
            />
            {C.reasons[r]}
          </label>
        ))}
      </fieldset>
      {reason === 'other' && (
        <Limited ref={guard.ref}>
          <textarea
            className="mod-report__text"
            aria-label={C.otherText}
            placeholder={C.otherText}
            maxLength={COMPLAINT_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
            data-testid="complaint-text"
          />
        </Limited>
      )}
    </DialogForm>
  );
}

/** The complaint modal (spec/foundation.md §2): resolves true once the complaint is stored. */
export function openComplaint(target: ComplaintTarget): Promise<boolean> {
  return popup.ask<boolean>(
    {
      kind: 'complaint',
      canClose: askBeforeClose(),
      size: 'small',
      labelledBy: 'complaint-title',
      render: (done) => <ComplaintForm target={target} onDone={done} />,
    },
    false,
  );
}
