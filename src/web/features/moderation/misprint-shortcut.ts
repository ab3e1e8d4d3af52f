import { useEffect } from 'react';
import { MISPRINT_CONTEXT_MAX, MISPRINT_FRAGMENT_MAX } from '../../../shared/complaints.ts';
import { popup } from '../../ui/overlays/popup.tsx';

/** The selection inside `root` as a misprint: the fragment and the text of its block around it. */
function selectedMisprint(root: Element): { fragment: string; context: string } | null {
  const sel = window.getSelection();
  if (!sel || sel.isCollapsed || !sel.rangeCount) return null;
  const range = sel.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const fragment = sel.toString().replace(/\s+/g, ' ').trim().slice(0, MISPRINT_FRAGMENT_MAX);
  if (!fragment) return null;
  const node = range.commonAncestorContainer;
  const block = (node instanceof Element ? node : node.parentElement)?.closest('p, li, blockquote, h2, h3, figcaption');
  const whole = (block ?? node).textContent?.replace(/\s+/g, ' ').trim() ?? fragment;
  const at = Math.max(0, whole.indexOf(fragment));
  const side = Math.floor((MISPRINT_CONTEXT_MAX - fragment.length) / 2);
  const context = whole.slice(Math.max(0, at - side), at + fragment.length + side);
  return { fragment, context };
}

/** Ctrl+Enter outside inputs: typing in a field (a comment's Ctrl+Enter sends it) is left alone. */
function isTyping(target: EventTarget | null) {
  return target instanceof HTMLElement && (target.isContentEditable || !!target.closest('input, textarea, select'));
}

/**
 * The misprint report (spec/content.md §2): Ctrl/Meta+Enter on a text selection inside the entry's text. The form's
 * code loads on the first report.
 */
export function useMisprintShortcut(entryId: number, rootSelector: string) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || isTyping(e.target) || popup.isOpen()) return;
      const root = document.querySelector(rootSelector);
      const found = root && selectedMisprint(root);
      if (!found) return;
      e.preventDefault();
      void import('./Misprint.tsx').then((m) => m.openMisprintForm(entryId, found));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [entryId, rootSelector]);
}
