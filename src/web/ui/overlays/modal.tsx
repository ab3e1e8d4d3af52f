import { createStore, isClient, useStore } from './store.ts';

export type ModalKind = 'confirm' | 'ban' | 'reject' | 'unpublish' | 'vacancy_reject' | 'event_reject';
export interface ModalSpec {
  kind?: ModalKind;
  title: string;
  text?: string;
  reasonLabel?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  data?: Record<string, unknown>;
}
export interface ModalResult {
  status: boolean;
  data: Record<string, unknown>;
}
export interface ModalEntry {
  id: number;
  spec: ModalSpec;
  /** Live form data; mutated by the window so an external close still reports what was typed. */
  data: Record<string, unknown>;
  resolve(result: ModalResult): void;
}

/** §5: a ban is capped at 1095 days. */
export const MAX_BAN_DAYS = 1095;

/** Open modals, the top one last; ModalLayer.tsx renders them. */
export const modals = createStore<ModalEntry[]>([]);
let seq = 0;

export const modalsOpen = (): boolean => modals.get().length > 0;
export const useModalsOpen = (): boolean => useStore(modals).length > 0;

function initialData(spec: ModalSpec): Record<string, unknown> {
  const data: Record<string, unknown> = { ...spec.data };
  const kind = spec.kind ?? 'confirm';
  if (kind !== 'confirm') data.reason_text = String(data.reason_text ?? '');
  if (kind === 'ban') {
    data.days = clampDays(data.days);
    data.remove_all_data = Boolean(data.remove_all_data);
    data.whole_platfrom = Boolean(data.whole_platfrom); // field name as the server spells it (§3)
  }
  return data;
}

export function clampDays(v: unknown): number | null {
  const n = typeof v === 'number' ? v : parseInt(String(v ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), MAX_BAN_DAYS) : null;
}

/** Opens a modal; resolves with status true on confirm, false on cancel/close. */
export function openModal(spec: ModalSpec): Promise<ModalResult> {
  const data = initialData(spec);
  if (!isClient) return Promise.resolve({ status: false, data });
  return new Promise((resolve) => modals.set([...modals.get(), { id: ++seq, spec, data, resolve }]));
}

export function finish(entry: ModalEntry, status: boolean): void {
  if (!modals.get().includes(entry)) return;
  modals.set(modals.get().filter((m) => m !== entry));
  entry.resolve({ status, data: { ...entry.data } });
}

/** Cancels every open modal (used on navigation). */
export function resetModals(): void {
  modals.get().forEach((m) => finish(m, false));
}
