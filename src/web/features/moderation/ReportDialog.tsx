import { createContext, useContext, useState, type ReactNode } from 'react';
import { ui } from '../../../shared/catalogue.ts';
import { COMPLAINT_TEXT_MAX } from '../../../shared/complaints.ts';
import type { ApiResult } from '../../api/request.ts';
import { popup } from '../../ui/overlays/popup.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { Limited } from '../../ui/Limited.tsx';
import { askBeforeClose, useUnsaved } from '../../ui/unsaved.ts';
import { DialogForm } from './DialogForm.tsx';

/** What a report's text field needs from its dialog: the unsaved-text guard and the send. */
const Report = createContext<{ guard(el: HTMLElement | null): void; submit(): void }>({
  guard: () => {},
  submit: () => {},
});

/**
 * The shape the complaint and the misprint report share: their form sends once (`ready` and not busy), shows the
 * server's refusal in the form (else `title`), and on success forgets the unsaved text, thanks with the server's
 * words in a toast and closes with `onDone(true)`. `{testId}-send` is the submit button.
 */
export function ReportDialog({
  testId,
  title,
  ready = true,
  send,
  onDone,
  children,
}: {
  testId: string;
  title: string;
  ready?: boolean;
  send(): Promise<ApiResult<unknown>>;
  onDone(sent: boolean): void;
  children: ReactNode;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = useUnsaved();
  async function submit() {
    if (!ready || busy) return;
    setBusy(true);
    const res = await send();
    setBusy(false);
    if (!res.ok) return setError(res.rm || title);
    guard.saved();
    toast.show(res.rm, { type: 'success' });
    onDone(true);
  }
  return (
    <Report.Provider value={{ guard: guard.ref, submit: () => void submit() }}>
      <DialogForm
        testId={testId}
        title={title}
        error={error}
        submitLabel={ui.complaints.send}
        submitTestId={`${testId}-send`}
        submitDisabled={!ready || busy}
        onSubmit={() => void submit()}
        onCancel={() => onDone(false)}
      >
        {children}
      </DialogForm>
    </Report.Provider>
  );
}

/** A report's free text, guarded against closing unsaved; with `ctrlEnterSends`, Ctrl/⌘+Enter sends the report. */
export function ReportText({
  label,
  value,
  onChange,
  testId,
  ctrlEnterSends = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
  ctrlEnterSends?: boolean;
}) {
  const { guard, submit } = useContext(Report);
  return (
    <Limited ref={guard}>
      <textarea
        className="mod-report__text"
        aria-label={label}
        placeholder={label}
        maxLength={COMPLAINT_TEXT_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (ctrlEnterSends && e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          }
        }}
        autoFocus
        data-testid={testId}
      />
    </Limited>
  );
}

/** A report dialog in its small popup, labelled by its title, asking before it closes over unsaved text; resolves
 * true once the report is stored. */
export function openReport(kind: 'complaint' | 'misprint', render: (done: (sent: boolean) => void) => ReactNode) {
  return popup.ask<boolean>(
    { kind, canClose: askBeforeClose(), size: 'small', labelledBy: `${kind}-title`, render },
    false,
  );
}
