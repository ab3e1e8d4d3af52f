import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { LABELS, OVERLAY_TIMINGS, useStore } from './store.ts';
import { CloseIcon } from './toasts.tsx';
import { MAX_BAN_DAYS, clampDays, finish, modals, type ModalEntry } from './modal.tsx';
import { confirmLeave } from '../unsaved.ts';

const REMOVE_ALL_WARNING = LABELS.removeAllDataConfirm;

/** The modals' container: loaded by OverlayRoot when the first modal opens. */
export function ModalLayer() {
  const list = useStore(modals);
  return (
    <>
      {list.map((m, i) => (
        <ModalWindow key={m.id} entry={m} top={i === list.length - 1} />
      ))}
    </>
  );
}

/** Closing a modal with a typed reason asks the unsaved-input question first (spec/content.md §5). */
function dismiss(entry: ModalEntry): void {
  const typed = String(entry.data.reason_text ?? '');
  if (!typed.trim() || typed === String(entry.spec.data?.reason_text ?? '')) return finish(entry, false);
  void confirmLeave().then((leave) => leave && finish(entry, false));
}

function ModalWindow({ entry, top }: { entry: ModalEntry; top: boolean }) {
  const { spec } = entry;
  const kind = spec.kind ?? 'confirm';
  const hasReason = kind !== 'confirm';
  const [data, setData] = useState(entry.data);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const downOnOverlay = useRef(false);
  const titleId = useId();

  const update = (patch: Record<string, unknown>) => {
    const next = { ...data, ...patch };
    entry.data = next;
    setData(next);
  };

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const t = setTimeout(() => {
      const target = hasReason ? reasonRef.current : confirmRef.current;
      // A reader who has already moved into the dialog keeps their place: the delayed focus
      // must not pull the caret away from a field being typed in.
      if (target?.closest('[role=dialog]')?.contains(document.activeElement)) return;
      target?.focus();
    }, OVERLAY_TIMINGS.reasonFocusDelay);
    return () => {
      clearTimeout(t);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [hasReason]);

  useEffect(() => {
    if (!top) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault(); // tells the popup layer below that Escape is taken
      dismiss(entry);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [top, entry]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      finish(entry, true);
    }
  };
  const onOverlayDown = (e: MouseEvent) => {
    downOnOverlay.current = e.target === e.currentTarget;
  };
  const onOverlayClick = (e: MouseEvent) => {
    if (e.target === e.currentTarget && downOnOverlay.current) dismiss(entry);
  };
  const onRemoveAll = (checked: boolean) => {
    if (checked && !window.confirm(REMOVE_ALL_WARNING)) return update({ remove_all_data: false });
    update({ remove_all_data: checked });
  };

  return (
    <div className="ov-overlay ov-modal-overlay" onMouseDown={onOverlayDown} onClick={onOverlayClick}>
      <div
        className="ov-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="modal"
        data-kind={kind}
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          className="ov-icon-btn ov-modal__close"
          aria-label={LABELS.close}
          data-testid="modal-close"
          onClick={() => dismiss(entry)}
        >
          <CloseIcon size={14} />
        </button>
        <h2 className="ov-modal__title" id={titleId}>
          {spec.title}
        </h2>
        {spec.text && <p className="ov-modal__text">{spec.text}</p>}
        {hasReason && (
          <label className="ov-field">
            {spec.reasonLabel && <span className="ov-field__label">{spec.reasonLabel}</span>}
            <textarea
              ref={reasonRef}
              className="ov-input ov-textarea"
              rows={3}
              placeholder={LABELS.reason}
              aria-label={spec.reasonLabel ? undefined : LABELS.reason}
              data-testid="modal-reason"
              value={String(data.reason_text ?? '')}
              onChange={(e) => update({ reason_text: e.target.value })}
            />
          </label>
        )}
        {kind === 'ban' && (
          <div className="ov-modal__ban">
            <label className="ov-field ov-field--inline">
              <span className="ov-field__label">{LABELS.banDays}</span>
              <input
                className="ov-input ov-input--days"
                type="number"
                min={1}
                max={MAX_BAN_DAYS}
                inputMode="numeric"
                data-testid="modal-days"
                value={data.days == null ? '' : String(data.days)}
                onChange={(e) => update({ days: clampDays(e.target.value) })}
              />
            </label>
            <label className="ov-check">
              <input
                type="checkbox"
                data-testid="modal-remove-all"
                checked={data.remove_all_data === true}
                onChange={(e) => onRemoveAll(e.target.checked)}
              />
              {LABELS.removeAllData}
            </label>
            <label className="ov-check">
              <input
                type="checkbox"
                data-testid="modal-whole-platform"
                checked={data.whole_platfrom === true}
                onChange={(e) => update({ whole_platfrom: e.target.checked })}
              />
              {LABELS.wholePlatform}
            </label>
          </div>
        )}
        <div className="ov-modal__actions">
          <button
            type="button"
            className="ov-btn ov-btn--secondary"
            data-testid="modal-cancel"
            onClick={() => dismiss(entry)}
          >
            {spec.cancelLabel ?? LABELS.cancel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={`ov-btn ${spec.danger ? 'ov-btn--danger' : 'ov-btn--primary'}`}
            data-testid="modal-confirm"
            onClick={() => finish(entry, true)}
          >
            {spec.confirmLabel ?? LABELS.confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
