import { useEffect } from 'react';
import { popup } from '../../ui/overlays/popup.tsx';

/** Some text is selected inside `root`: enough to take the key; the report reads the selection itself. */
function hasSelectionIn(root: Element | null): root is Element {
  const sel = window.getSelection();
  return (
    !!root &&
    !!sel &&
    !sel.isCollapsed &&
    sel.rangeCount > 0 &&
    root.contains(sel.getRangeAt(0).commonAncestorContainer) &&
    sel.toString().trim() !== ''
  );
}

/** Ctrl+Enter outside inputs: typing in a field (a comment's Ctrl+Enter sends it) is left alone. */
function isTyping(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.isContentEditable || !!target.closest('input, textarea, select'));
}

/**
 * The misprint report (spec/content.md §2): Ctrl/Meta+Enter on a text selection inside the entry's text. The form's
 * code, with the reading of the selection, loads on the first report.
 */
export function useMisprintShortcut(entryId: number, rootSelector: string) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || isTyping(e.target) || popup.isOpen()) return;
      const root = document.querySelector(rootSelector);
      if (!hasSelectionIn(root)) return;
      e.preventDefault();
      void import('./Misprint.tsx').then((m) => m.reportSelection(entryId, root));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [entryId, rootSelector]);
}
