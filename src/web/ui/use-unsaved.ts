import { useCallback, useEffect, useRef } from 'react';
import { useLeaveGuard } from './LeaveGuard.tsx';
import { registerUnsaved } from './unsaved.ts';

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
