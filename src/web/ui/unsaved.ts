import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { inputUi } from '../../shared/catalogue/input.ts';
import { inputMessages } from '../../shared/catalogue/site.ts';
import { openModal } from './overlays/modal.tsx';
import { popup, type PopupSpec } from './overlays/popup.tsx';

/**
 * The unsaved-input guard (spec/content.md §5): leaving a form with typed input asks 'Вы что-то ввели и решили уйти,
 * это не случайность?'. Forms register here; one blocker (`useLeaveGuard`, `useLeaveGuard` of LeaveGuard.tsx, called by every guarded form:
 * React Router heeds the latest, and all ask the same registry) asks on in-app
 * navigation, one `beforeunload` covers reloads, and a popup or modal asks before it closes over a dirty form.
 */
export interface UnsavedSource {
  /** The form's element: a popup closing asks only for the forms inside it. */
  el(): Element | null;
  dirty(): boolean;
  /** False: only reloads and closing ask, in-app navigation does not (the editor in its popup). */
  navigation?: boolean;
}

const sources = new Set<UnsavedSource>();

export function registerUnsaved(source: UnsavedSource): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

/** Whether some registered form holds typed input (inside `within` when given). */
export function hasUnsaved(within?: Element | null, navigation = false): boolean {
  for (const s of sources) {
    if (navigation && s.navigation === false) continue;
    const el = s.el();
    if (within && !(el && within.contains(el))) continue;
    if (s.dirty()) return true;
  }
  return false;
}

/** The question itself; resolves true when the reader chooses to leave. */
export const confirmLeave = (): Promise<boolean> =>
  openModal({ title: inputMessages.unsavedInput, confirmLabel: inputUi.leave, cancelLabel: inputUi.stay }).then(
    (r) => r.status,
  );

/** A popup's `canClose` for a dialog with a form (complaint, misprint): typed input asks before it closes. */
export function askBeforeClose(): NonNullable<PopupSpec['canClose']> {
  let leaving = false;
  return () => {
    const el = document.querySelector('.ov-popup-overlay:not(.ov-leaving) [data-testid=popup]');
    if (leaving || !el || !hasUnsaved(el)) return true;
    void confirmLeave().then((leave) => {
      leaving = leave;
      if (leave) popup.close();
    });
    return false;
  };
}

/** Used by every guarded form (React Router heeds the latest blocker; all read one registry): asks before an in-app navigation and before a reload while a form is dirty. */
export function useLeaveGuard(): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && hasUnsaved(null, true),
  );
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmLeave().then((leave) => {
      const b = current.current;
      if (b.state !== 'blocked') return;
      if (leave) b.proceed();
      else b.reset();
    });
  }, [blocker.state]);
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!hasUnsaved()) return;
      e.preventDefault();
      e.returnValue = inputMessages.unsavedInput; // browsers show their own wording; the flag is what counts
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}

type Field = HTMLInputElement | HTMLTextAreaElement;
const TEXT = /^(text|email|url|tel|number|password|)$/;
const isTextField = (t: EventTarget | null): t is Field =>
  t instanceof HTMLTextAreaElement || (t instanceof HTMLInputElement && TEXT.test(t.getAttribute('type') ?? ''));

/**
 * Guards the form the returned ref is put on: a field counts once it is focused (its value then is the baseline), and
 * the form is dirty while some counted field holds another value. `saved()` makes what the form shows after a
 * successful save the new baseline: call it then, before closing or navigating.
 */
export function useUnsaved(): { ref(el: HTMLElement | null): void; saved(): void } {
  useLeaveGuard();
  const root = useRef<HTMLElement | null>(null);
  const baseline = useRef(new Map<Field, string>());
  const onFocus = useCallback((e: FocusEvent) => {
    const t = e.target;
    if (!isTextField(t) || t.readOnly || t.dataset.unguarded || baseline.current.has(t)) return;
    baseline.current.set(t, t.value);
  }, []);
  const ref = useCallback(
    (el: HTMLElement | null) => {
      root.current?.removeEventListener('focusin', onFocus);
      root.current = el;
      el?.addEventListener('focusin', onFocus);
      const active = el && document.activeElement;
      if (active && el.contains(active)) onFocus({ target: active } as unknown as FocusEvent);
    },
    [onFocus],
  );
  useEffect(
    () =>
      registerUnsaved({
        el: () => root.current,
        dirty: () => [...baseline.current].some(([f, v]) => f.isConnected && f.value !== v),
      }),
    [],
  );
  const saved = useCallback(() => {
    const fields = [...baseline.current.keys()];
    baseline.current.clear();
    // once the form shows what was saved (state set after the answer), that is the new baseline
    setTimeout(() => fields.forEach((f) => f.isConnected && baseline.current.set(f, f.value)));
  }, []);
  return { ref, saved };
}
