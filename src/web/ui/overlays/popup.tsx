import { useEffect, useRef, useState, type MouseEvent, type ReactNode, type Ref } from 'react';
import {
  LABELS,
  OVERLAY_TIMINGS,
  createStore,
  focusFirstField,
  isClient,
  storage,
  useStore,
  usePresence,
} from './store.ts';
import { CloseIcon } from './toasts.tsx';
import { modalsOpen } from './modal.tsx';

export interface PopupApi {
  close(): void;
  back(): void;
  hasHistory: boolean;
}
export interface PopupSpec {
  kind: string;
  size?: 'small' | 'medium' | 'large';
  cover?: string;
  title?: string;
  /** Without a title: the id of an element inside the body whose text names the dialog. */
  labelledBy?: string;
  render(api: PopupApi): ReactNode;
  /** Return false to veto a close (Escape, overlay, close/back button, popup.close/back). */
  canClose?(): boolean;
  /** Runs once the popup leaves the container (closed, went back from, or cleared with the history). */
  onClose?(): void;
  onOverlayClose?(): void;
}

interface Entry {
  id: number;
  spec: PopupSpec;
  fullPage: boolean;
}
interface State {
  current: Entry | null;
  history: Entry[];
}

const EMPTY: State = { current: null, history: [] };
const popups = createStore<State>(EMPTY);
let seq = 0;

function push(spec: PopupSpec, fullPage: boolean): void {
  if (!isClient) return;
  const { current, history } = popups.get();
  popups.set({ current: { id: ++seq, spec, fullPage }, history: current ? [...history, current] : history });
}

function vetoed(): boolean {
  const spec = popups.get().current?.spec;
  return !!spec?.canClose && !spec.canClose();
}

/** Clears the current popup and the history without asking (used on navigation). */
export function resetPopups(): void {
  const { current, history } = popups.get();
  if (!current && !history.length) return;
  popups.set(EMPTY);
  [current, ...history.toReversed()].forEach((e) => e?.spec.onClose?.());
}

export const popup = {
  open(spec: PopupSpec): void {
    push(spec, false);
  },
  openFullPage(spec: PopupSpec): void {
    push(spec, true);
  },
  close(): void {
    if (!vetoed()) resetPopups();
  },
  back(): void {
    const { current, history } = popups.get();
    if (!current || vetoed()) return;
    if (!history.length) return resetPopups();
    popups.set({ current: history[history.length - 1], history: history.slice(0, -1) });
    current.spec.onClose?.();
  },
  /**
   * Opens a popup that answers once: its body calls `done(value)`, which answers and closes; any other close
   * (Escape, the overlay, the close button, navigation) answers `closed`.
   */
  ask<T>(
    spec: Omit<PopupSpec, 'render' | 'onClose'> & { render(done: (value: T) => void): ReactNode },
    closed: T,
  ): Promise<T> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (value: T) => {
        if (settled) return;
        settled = true;
        resolve(value);
      };
      push(
        {
          ...spec,
          render: ({ close }) =>
            spec.render((value) => {
              settle(value);
              close();
            }),
          onClose: () => settle(closed),
        },
        false,
      );
    });
  },
  isOpen(kind?: string): boolean {
    const c = popups.get().current;
    return !!c && (kind === undefined || c.spec.kind === kind);
  },
};

export function usePopupOpen(): boolean {
  return useStore(popups).current !== null;
}

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
