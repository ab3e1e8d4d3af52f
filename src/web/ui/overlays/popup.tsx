import type { ReactNode } from 'react';
import { createStore, isClient, useStore } from './store.ts';

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
/** The popup container's state; PopupLayer.tsx renders it. */
export const popups = createStore<State>(EMPTY);
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
