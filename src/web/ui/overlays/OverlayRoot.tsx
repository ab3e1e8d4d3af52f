import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { useMounted } from './store.ts';
import { ToastLayer } from './toasts.tsx';
import { resetPopups, usePopupOpen } from './popup.tsx';
import { resetModals, useModalsOpen } from './modal.tsx';

// The popup and modal containers load with the first popup or modal: most visits open none.
const PopupLayer = lazy(() => import('./PopupLayer.tsx').then((m) => ({ default: m.PopupLayer })));
const ModalLayer = lazy(() => import('./ModalLayer.tsx').then((m) => ({ default: m.ModalLayer })));

/** True from the first time `open` is true on: a container stays mounted to play its closing animation. */
function useOnceOpen(open: boolean): boolean {
  const [once, setOnce] = useState(open);
  if (open && !once) setOnce(true);
  return once || open;
}

/** Mount once inside the router. Renders nothing on the server and during hydration. */
export function OverlayRoot() {
  const mounted = useMounted();
  const { pathname, search } = useLocation();
  const page = pathname + search;
  const lastPage = useRef(page);
  const popupOpen = usePopupOpen();
  const modalOpen = useModalsOpen();
  const locked = popupOpen || modalOpen;
  const popupUsed = useOnceOpen(popupOpen);
  const modalUsed = useOnceOpen(modalOpen);

  // §2: overlays are not routes, so every popup and modal closes when the page changes
  useEffect(() => {
    if (lastPage.current === page) return;
    lastPage.current = page;
    resetModals();
    resetPopups();
  }, [page]);

  // the page behind a dialog must not scroll
  useEffect(() => {
    document.documentElement.classList.toggle('ov-locked', locked);
    return () => document.documentElement.classList.remove('ov-locked');
  }, [locked]);

  return (
    <>
      {mounted &&
        createPortal(
          <>
            <Suspense fallback={null}>{popupUsed && <PopupLayer />}</Suspense>
            <Suspense fallback={null}>{modalUsed && <ModalLayer />}</Suspense>
            <ToastLayer />
          </>,
          document.body,
        )}
    </>
  );
}
