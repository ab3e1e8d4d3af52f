import { useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { COMPLAINT_REASONS, type ComplaintReason } from '../../../shared/complaints.ts';
import type { complainComment, complainEntry, complainSubsite } from '../../../shared/api/complaints.ts';
import { call } from '../../api/call.ts';
import { openReport, ReportDialog, ReportText } from './ReportDialog.tsx';

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
  return (
    <ReportDialog
      testId="complaint"
      title={C.complainTitle}
      ready={!!reason && !(reason === 'other' && !text.trim())}
      send={() => request(target, reason as ComplaintReason, text)}
      onDone={onDone}
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
      {reason === 'other' && <ReportText label={C.otherText} value={text} onChange={setText} testId="complaint-text" />}
    </ReportDialog>
  );
}

/** The complaint modal (spec/foundation.md §2): resolves true once the complaint is stored. */
export function openComplaint(target: ComplaintTarget): Promise<boolean> {
  return openReport('complaint', (done) => <ComplaintForm target={target} onDone={done} />);
}
