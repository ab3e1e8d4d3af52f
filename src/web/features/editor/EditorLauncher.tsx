import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { popup } from '../../ui/overlays/popup.tsx';
import { openAuthPopup } from '../auth/open.ts';
import { currentUser } from '../auth/session.ts';
import { editorRequest, openEditor } from './open.ts';

/**
 * Mounted once in the root layout: `?name=editor` (with `id` to edit an entry) opens the editor popup on any
 * page; with `static=true` it goes to the editor page instead. Anonymous visitors sign in first.
 */
export function EditorLauncher() {
  const { search } = useLocation();
  const navigate = useNavigate();
  // One launch per address: the popup opens asynchronously (its code loads first), so isOpen is not yet true.
  const launched = useRef<string | null>(null);

  useEffect(() => {
    const wanted = editorRequest(search);
    if (!wanted || popup.isOpen('editor') || launched.current === search) return;
    launched.current = search;
    if (wanted.static) {
      void navigate(wanted.id ? `/writing/${wanted.id}` : '/writing', { replace: true });
      return;
    }
    if (currentUser.get()) openEditor({ id: wanted.id });
    else void openAuthPopup('login').then((ok) => ok && openEditor({ id: wanted.id }));
  }, [search, navigate]);

  return null;
}
