import { useEffect, useRef, useState, type MouseEvent, type ReactNode, type Ref } from 'react';
import { LABELS, OVERLAY_TIMINGS, focusFirstField, storage, useStore, usePresence } from './store.ts';
import { CloseIcon } from './toasts.tsx';
import { modalsOpen } from './modal.tsx';
import { popup, popups, type PopupApi, type PopupSpec } from './popup.tsx';

/**
 * The popup container: loaded by OverlayRoot when the first popup opens (a page with none never downloads it).
 */
export function PopupLayer() {
  const { current, history } = useStore(popups);
  const { shown, leaving } = usePresence(current, OVERLAY_TIMINGS.popupFade);
  const downOnOverlay = useRef(false);

  useEffect(() => {
    if (!current) return;
    const onKey = (e: KeyboardEvent) => {
      // a modal above the popup takes Escape first
      if (e.key === 'Escape' && !e.defaultPrevented && !modalsOpen()) popup.close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [current]);

  if (!shown) return null;
  const { spec, fullPage } = shown;
  const api: PopupApi = { close: popup.close, back: popup.back, hasHistory: !leaving && history.length > 0 };

  // only a click that both starts and ends on the overlay closes (not a text selection dragged out)
  const onOverlayDown = (e: MouseEvent) => {
    downOnOverlay.current = e.target === e.currentTarget;
  };
  const onOverlayClick = (e: MouseEvent) => {
    if (leaving || e.target !== e.currentTarget || !downOnOverlay.current) return;
    spec.onOverlayClose?.();
    popup.close();
  };

  return (
    <div
      className={`ov-overlay ov-popup-overlay${fullPage ? ' ov-popup-overlay--full' : ''}${leaving ? ' ov-leaving' : ''}`}
      data-testid="popup-overlay"
      onMouseDown={onOverlayDown}
      onClick={onOverlayClick}
    >
      {fullPage ? (
        <FullPageWindow key={shown.id} spec={spec} api={api} />
      ) : (
        <PopupWindow key={shown.id} spec={spec} api={api} />
      )}
    </div>
  );
}

function useFocusOnOpen() {
  const root = useRef<HTMLDivElement>(null);
  const closeBtn = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    focusFirstField(root.current, closeBtn.current);
    return () => {
      // give focus back to whatever opened the popup, unless it moved somewhere meaningful already
      if (opener?.isConnected && (!document.activeElement || document.activeElement === document.body))
        opener.focus({ preventScroll: true });
    };
  }, []);
  return { root, closeBtn };
}

function Header({
  spec,
  api,
  closeRef,
  children,
}: {
  spec: PopupSpec;
  api: PopupApi;
  closeRef: Ref<HTMLButtonElement>;
  children?: ReactNode;
}) {
  return (
    <div className="ov-popup__header">
      {api.hasHistory && (
        <button
          type="button"
          className="ov-icon-btn ov-popup__back"
          aria-label={LABELS.back}
          data-testid="popup-back"
          onClick={api.back}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
            <path
              d="M10 3L5 8l5 5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
      {spec.title ? (
        <h2 className="ov-popup__title" id={`ov-popup-title-${spec.kind}`}>
          {spec.title}
        </h2>
      ) : (
        <span className="ov-popup__spacer" />
      )}
      {children}
      <button
        ref={closeRef}
        type="button"
        className="ov-icon-btn ov-popup__close"
        aria-label={LABELS.close}
        data-testid="popup-close"
        onClick={api.close}
      >
        <CloseIcon size={14} />
      </button>
    </div>
  );
}

function PopupWindow({ spec, api }: { spec: PopupSpec; api: PopupApi }) {
  const { root, closeBtn } = useFocusOnOpen();
  return (
    <div
      ref={root}
      className={`ov-popup ov-popup--${spec.size ?? 'medium'}${spec.cover ? ' ov-popup--cover' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={spec.title ? `ov-popup-title-${spec.kind}` : spec.labelledBy}
      data-testid="popup"
      data-kind={spec.kind}
    >
      {spec.cover && <img className="ov-popup__cover" src={spec.cover} alt="" />}
      <Header spec={spec} api={api} closeRef={closeBtn} />
      <div className="ov-popup__body">{spec.render(api)}</div>
    </div>
  );
}

const maximizedKey = (kind: string) => `sreda:popup-maximized:${kind}`;

function FullPageWindow({ spec, api }: { spec: PopupSpec; api: PopupApi }) {
  const { root, closeBtn } = useFocusOnOpen();
  const [maximized, setMaximized] = useState(() => storage.get(maximizedKey(spec.kind)) === '1');

  useEffect(() => {
    if (maximized) window.dispatchEvent(new CustomEvent('sreda:sidebar', { detail: { collapsed: true } }));
  }, [maximized]);

  function toggle() {
    const next = !maximized;
    storage.set(maximizedKey(spec.kind), next ? '1' : '0');
    setMaximized(next);
  }

  return (
    <div
      ref={root}
      className={`ov-popup ov-fullpage${maximized ? ' ov-fullpage--max' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={spec.title ? `ov-popup-title-${spec.kind}` : spec.labelledBy}
      data-testid="popup"
      data-kind={spec.kind}
      data-full="1"
      data-maximized={maximized ? '1' : '0'}
    >
      <Header spec={spec} api={api} closeRef={closeBtn}>
        <button
          type="button"
          className="ov-icon-btn ov-fullpage__toggle"
          aria-label={maximized ? LABELS.compact : LABELS.maximize}
          title={maximized ? LABELS.compact : LABELS.maximize}
          aria-pressed={maximized}
          data-testid="popup-maximize"
          onClick={toggle}
        >
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            {maximized ? (
              <path
                d="M5 1v4H1M9 1v4h4M5 13V9H1M9 13V9h4"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ) : (
              <path
                d="M1 5V1h4M13 5V1H9M1 9v4h4M13 9v4H9"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            )}
          </svg>
        </button>
      </Header>
      {spec.cover && <img className="ov-popup__cover" src={spec.cover} alt="" />}
      <div className="ov-popup__body">{spec.render(api)}</div>
    </div>
  );
}
