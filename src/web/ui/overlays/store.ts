import { useEffect, useState, useSyncExternalStore } from 'react';

export { createStore, useStore } from '../../lib/store.ts';
import { overlaysUi } from '../../../shared/catalogue/site.ts';

/** spec/foundation.md §4, §9. */
export const OVERLAY_TIMINGS = {
  toastLife: 3000,
  toastShowDelay: 100,
  toastRemoveDelay: 600,
  swipeThreshold: 20,
  popupFade: 140,
  reasonFocusDelay: 100,
} as const satisfies Record<string, number>;

export const POPOVER_OFFSET = { vertical: 5, horizontal: 8 } as const;
export const POPOVER_MAX_WIDTH = 400;
export const TOOLTIP_OFFSET = 15;
/** Keeps floating layers off the very edge of the viewport. */
export const VIEWPORT_MARGIN = 8;

export const LABELS = overlaysUi;

export const isClient = typeof window !== 'undefined';

const noopSubscribe = () => () => {};
/** false during SSR and hydration, true afterwards: layers render only then, so hydration never mismatches. */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

/**
 * Keeps the last non-null value on screen for `ms` after it goes away, so a CSS fade-out can play.
 * Uses the render-phase "derive from props" pattern so the content never unmounts for a frame.
 */
export function usePresence<T>(value: T | null, ms: number): { shown: T | null; leaving: boolean } {
  const [shown, setShown] = useState(value);
  const [leaving, setLeaving] = useState(false);
  if (value !== null && value !== shown) {
    setShown(value);
    setLeaving(false);
  } else if (value === null && shown !== null && !leaving) {
    setLeaving(true);
  }
  useEffect(() => {
    if (!leaving) return;
    const t = setTimeout(() => {
      setShown(null);
      setLeaving(false);
    }, ms);
    return () => clearTimeout(t);
  }, [leaving, ms]);
  return { shown: value ?? shown, leaving: value === null && shown !== null };
}

/**
 * Local-storage helper (§9): on a write failure clear the storage and retry once. Niceties pass `clearWhenFull:
 * false`: a mark is not worth the drafts and preferences a clear would take with it.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string, { clearWhenFull = true } = {}): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      if (!clearWhenFull) return;
      try {
        localStorage.clear();
        localStorage.setItem(key, value);
      } catch {
        /* storage unavailable (private mode): the preference just isn't remembered */
      }
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      /* storage unavailable: nothing was kept */
    }
  },
};

/** Focus the first form field inside `root`, else `fallback`. */
export function focusFirstField(root: HTMLElement | null, fallback?: HTMLElement | null): void {
  const field = root?.querySelector<HTMLElement>(
    '[autofocus], input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled])',
  );
  (field ?? fallback)?.focus({ preventScroll: true });
}
