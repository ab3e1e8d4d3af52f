import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { LABELS, OVERLAY_TIMINGS, createStore, isClient, useStore } from './store.ts';

export type ToastType = 'error' | 'success';
/** enter → shown → hidden | swiped → removed (§4). */
type Phase = 'enter' | 'shown' | 'hidden' | 'swiped';
interface ToastEntry {
  id: number;
  message: string;
  type: ToastType;
  lifeTime: number;
  phase: Phase;
}

const toasts = createStore<ToastEntry[]>([]);
let seq = 0;

function patch(id: number, phase: Phase, from: Phase[]): void {
  const list = toasts.get();
  const t = list.find((x) => x.id === id);
  if (!t || !from.includes(t.phase)) return;
  toasts.set(list.map((x) => (x === t ? { ...t, phase } : x)));
}

export const toast = {
  show(message: string, opts: { type?: ToastType; lifeTime?: number } = {}): number {
    if (!isClient) return 0; // a module-level store on the server would leak between requests
    // The same words already on screen are not stacked again (offline, every widget's request says so at once).
    const same = toasts
      .get()
      .find((t) => t.message === message && t.type === (opts.type ?? 'success') && /enter|shown/.test(t.phase));
    if (same) return same.id;
    const id = ++seq;
    const entry: ToastEntry = {
      id,
      message,
      type: opts.type ?? 'success',
      lifeTime: opts.lifeTime ?? OVERLAY_TIMINGS.toastLife,
      phase: 'enter',
    };
    toasts.set([...toasts.get(), entry]);
    return id;
  },
  /** Hides the toast; it is removed after the transition out. */
  close(id: number): void {
    patch(id, 'hidden', ['enter', 'shown']);
  },
};

export function ToastLayer() {
  const list = useStore(toasts);
  if (!list.length) return null;
  return (
    <div className="ov-toasts">
      {list.map((t) => (
        <ToastItem key={t.id} entry={t} />
      ))}
    </div>
  );
}

function ToastItem({ entry }: { entry: ToastEntry }) {
  const { id, phase, lifeTime, type } = entry;
  const drag = useRef<{ x: number; pointer: number } | null>(null);
  const [dx, setDx] = useState(0);

  useEffect(() => {
    const t = setTimeout(() => patch(id, 'shown', ['enter']), OVERLAY_TIMINGS.toastShowDelay);
    return () => clearTimeout(t);
  }, [id]);
  useEffect(() => {
    // lifeTime <= 0 (or Infinity) keeps the toast until closed
    if (phase !== 'shown' || !(lifeTime > 0) || !Number.isFinite(lifeTime)) return;
    const t = setTimeout(() => patch(id, 'hidden', ['shown']), lifeTime);
    return () => clearTimeout(t);
  }, [id, phase, lifeTime]);
  useEffect(() => {
    if (phase !== 'hidden' && phase !== 'swiped') return;
    const t = setTimeout(() => toasts.set(toasts.get().filter((x) => x.id !== id)), OVERLAY_TIMINGS.toastRemoveDelay);
    return () => clearTimeout(t);
  }, [id, phase]);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (phase === 'hidden' || phase === 'swiped' || (e.target as Element).closest('button')) return;
    drag.current = { x: e.clientX, pointer: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    const next = e.clientX - d.x;
    setDx(next);
    if (Math.abs(next) > OVERLAY_TIMINGS.swipeThreshold) {
      drag.current = null;
      patch(id, 'swiped', ['enter', 'shown']);
    }
  }
  function onPointerEnd() {
    if (!drag.current) return;
    drag.current = null;
    setDx(0); // under the threshold: snap back
  }

  const swiped = phase === 'swiped';
  const style = swiped
    ? { transform: `translateX(${dx < 0 ? '-' : ''}120%)` }
    : dx
      ? { transform: `translateX(${dx}px)`, transition: 'none' }
      : undefined;
  return (
    <div
      className={`ov-toast ov-toast--${type}`}
      data-testid="toast"
      data-type={type}
      data-phase={phase}
      role={type === 'error' ? 'alert' : 'status'}
      style={style}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="ov-toast__message">{entry.message}</div>
      <button
        type="button"
        className="ov-toast__close"
        aria-label={LABELS.close}
        data-testid="toast-close"
        onClick={() => toast.close(id)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

export function CloseIcon({ size = 12 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 12 12" aria-hidden="true">
      <path d="M1 1l10 10M11 1L1 11" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
