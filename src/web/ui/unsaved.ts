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
