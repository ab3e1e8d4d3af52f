import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Comment } from '../../../shared/comments.ts';
import { linkedComment } from './pages.ts';

const HIGHLIGHT_MS = 3000;

/**
 * A link to a comment scrolls to it and highlights it; the edit link also opens its form (`edit`). A comment not shown
 * yet is asked for once with its thread (`fetchThread`; the server-rendered page already holds the one in
 * `?comment=`). `focus` also serves a comment just written.
 */
export function useLinkedComment(
  items: Comment[] | null,
  edit: (id: number) => void,
  fetchThread: (id: number) => Promise<void>,
) {
  const location = useLocation();
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const focus = useCallback((id: number) => {
    setHighlighted(id);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    requestAnimationFrame(() =>
      document.getElementById(`comment-${id}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
    );
  }, []);

  const loaded = items !== null;
  const asked = useRef(new Set<number>());
  const landed = useRef<string | null>(null);
  useEffect(() => {
    if (!items) return;
    const target = linkedComment(location.search, location.hash);
    // Once per visit of the link: threads loading later must not pull the reader back to it.
    const visit = `${location.key}:${target?.id}`;
    if (!target || landed.current === visit) return;
    const comment = items.find((c) => c.id === target.id);
    if (comment) {
      landed.current = visit;
      if (target.edit && comment.can_edit) edit(comment.id);
      focus(comment.id);
      return;
    }
    if (asked.current.has(target.id)) return;
    asked.current.add(target.id);
    void fetchThread(target.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, items?.length, location.search, location.hash, location.key]);

  return { highlighted, focus };
}
